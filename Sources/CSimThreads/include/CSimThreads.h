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
/// Sets the note to "<thread> (<label>)" without building the string first (a body's start is
/// a hot path).
void csimthreads_set_trap_note_parts(const char *thread, const char *label);

/// Installs, once per process, the handler that writes a thread's trap note when it receives
/// SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS or SIGFPE, then hands the signal on to the handler
/// that was there before (Swift's backtracer, say) or the default action.
void csimthreads_install_trap_handler(void);

/// What the process's start did to the Swift runtime's hashing seed (`csimthreads_hashing_state`).
enum {
  /// The seed is fixed: the runtime's iteration order of sets and dictionaries is the same in
  /// every process (fixed at start, or by SWIFT_DETERMINISTIC_HASHING).
  CSIMTHREADS_HASHING_FIXED = 1,
  /// Left random: CELLSIM_RANDOM_HASHING asked for it.
  CSIMTHREADS_HASHING_RANDOM_ASKED = 2,
  /// Left random: this code was loaded after the process started (a test bundle opened by a
  /// runner), when collections may already exist.
  CSIMTHREADS_HASHING_LOADED_LATE = 3,
  /// Left alone: the runtime's hashing parameters were not found.
  CSIMTHREADS_HASHING_UNAVAILABLE = 4,
};

/// What the process's start did to the hashing seed: one of the values above, or -1 if the
/// constructor has not run.
int csimthreads_hashing_state(void);

/// 1 if the Swift runtime's hashing is deterministic now, 0 if it is seeded at random, -1 if
/// the runtime's parameters were not found.
int csimthreads_hashing_is_deterministic(void);

#endif
