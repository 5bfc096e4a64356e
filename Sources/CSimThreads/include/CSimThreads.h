#ifndef CSIMTHREADS_H
#define CSIMTHREADS_H

#include <pthread.h>

/// The CPU the calling thread runs on now, or -1 where the system cannot say.
int csimthreads_current_cpu(void);

/// Binds the calling thread to one CPU. Returns 0 on success, an errno value otherwise (and
/// always ENOTSUP where thread affinity is not available, as on macOS).
int csimthreads_pin_to_cpu(int cpu);

/// A thread's CPU affinity, saved to be put back (as large as glibc's `cpu_set_t`).
typedef struct {
  unsigned long words[1024 / (8 * sizeof(unsigned long))];
} csimthreads_affinity;

/// Saves the calling thread's CPU affinity in `saved`. Returns 0, or an errno value (ENOTSUP
/// where thread affinity is not available).
int csimthreads_get_affinity(csimthreads_affinity *saved);

/// Gives `thread` the CPU affinity `saved`. Returns 0, or an errno value.
int csimthreads_set_affinity(pthread_t thread, const csimthreads_affinity *saved);

/// The number of OS threads of this process, or -1 where it cannot be read.
int csimthreads_thread_count(void);

/// A hint to the CPU that the caller is spinning.
void csimthreads_spin_hint(void);

/// Sets the calling thread's trap note: the text a fatal signal on this thread writes to
/// standard error before the process ends (at most 255 bytes are kept; NULL or "" clears it).
void csimthreads_set_trap_note(const char *note);

/// Installs, once per process, the handler that writes a thread's trap note when it receives
/// SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS or SIGFPE, then hands the signal on to the handler
/// that was there before (Swift's backtracer, say) or the default action.
void csimthreads_install_trap_handler(void);

#endif
