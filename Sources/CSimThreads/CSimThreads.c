// Thread affinity and small system queries for SimThreads' carrier threads. Written in C
// because `cpu_set_t` is handled through macros Swift cannot import.
#if defined(__linux__)
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#endif
#include <errno.h>
#include "CSimThreads.h"

int csimthreads_current_cpu(void) {
#if defined(__linux__)
  return sched_getcpu();
#else
  return -1;
#endif
}

int csimthreads_pin_to_cpu(int cpu) {
#if defined(__linux__)
  if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
#else
  (void)cpu;
  return ENOTSUP;
#endif
}

int csimthreads_unpin(pthread_t thread) {
#if defined(__linux__)
  // The process's first thread keeps the affinity the process started with.
  cpu_set_t set;
  if (sched_getaffinity(getpid(), sizeof(set), &set) != 0) return errno;
  return pthread_setaffinity_np(thread, sizeof(set), &set);
#else
  (void)thread;
  return ENOTSUP;
#endif
}

int csimthreads_thread_count(void) {
#if defined(__linux__)
  DIR *dir = opendir("/proc/self/task");
  if (!dir) return -1;
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(dir)) != 0) {
    if (entry->d_name[0] != '.') count++;
  }
  closedir(dir);
  return count;
#else
  return -1;
#endif
}

void csimthreads_spin_hint(void) {
#if defined(__x86_64__) || defined(__i386__)
  __asm__ __volatile__("pause");
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}
