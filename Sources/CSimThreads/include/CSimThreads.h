#ifndef CSIMTHREADS_H
#define CSIMTHREADS_H

#include <pthread.h>

/// The CPU the calling thread runs on now, or -1 where the system cannot say.
int csimthreads_current_cpu(void);

/// Binds the calling thread to one CPU. Returns 0 on success, an errno value otherwise (and
/// always ENOTSUP where thread affinity is not available, as on macOS).
int csimthreads_pin_to_cpu(int cpu);

/// Lets `thread` run on every CPU the process started with again.
int csimthreads_unpin(pthread_t thread);

/// The number of OS threads of this process, or -1 where it cannot be read.
int csimthreads_thread_count(void);

/// A hint to the CPU that the caller is spinning.
void csimthreads_spin_hint(void);

#endif
