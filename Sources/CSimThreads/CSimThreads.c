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
#include <signal.h>
#include <string.h>
#include <unistd.h>
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

int csimthreads_get_affinity(csimthreads_affinity *saved) {
#if defined(__linux__)
  _Static_assert(sizeof(csimthreads_affinity) >= sizeof(cpu_set_t), "affinity too small");
  return pthread_getaffinity_np(pthread_self(), sizeof(cpu_set_t), (cpu_set_t *)saved);
#else
  (void)saved;
  return ENOTSUP;
#endif
}

int csimthreads_set_affinity(pthread_t thread, const csimthreads_affinity *saved) {
#if defined(__linux__)
  return pthread_setaffinity_np(thread, sizeof(cpu_set_t), (const cpu_set_t *)saved);
#else
  (void)thread;
  (void)saved;
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

// MARK: Trap notes

static __thread char trap_note[256];
static struct sigaction previous_actions[32];
static const int trapped_signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
static const int trapped_count = sizeof(trapped_signals) / sizeof(trapped_signals[0]);
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

void csimthreads_set_trap_note(const char *note) {
  if (!note) {
    trap_note[0] = 0;
    return;
  }
  size_t length = strlen(note);
  if (length > sizeof(trap_note) - 1) length = sizeof(trap_note) - 1;
  memcpy(trap_note, note, length);
  trap_note[length] = 0;
}

void csimthreads_set_trap_note_parts(const char *thread, const char *label) {
  size_t capacity = sizeof(trap_note) - 1, used = 0;
  const char *parts[] = {thread, " (", label, ")"};
  for (int index = 0; index < 4; index++) {
    size_t length = strlen(parts[index]);
    if (length > capacity - used) length = capacity - used;
    memcpy(trap_note + used, parts[index], length);
    used += length;
  }
  trap_note[used] = 0;
}

static void write_all(const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(2, text, length);
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

static void trap_handler(int sig, siginfo_t *info, void *context) {
  if (trap_note[0]) {
    static const char head[] = "\ncellsim: the process stopped on simulated thread ";
    write_all(head, sizeof(head) - 1);
    write_all(trap_note, strlen(trap_note));
    write_all("\n", 1);
    trap_note[0] = 0;
  }
  // Hand the signal on: to the handler that was installed before, else the default action.
  if (sig > 0 && sig < 32) {
    struct sigaction *previous = &previous_actions[sig];
    if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
      previous->sa_sigaction(sig, info, context);
      return;
    }
    if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN &&
        previous->sa_handler != 0) {
      previous->sa_handler(sig);
      return;
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static void install(void) {
  for (int i = 0; i < trapped_count; i++) {
    int sig = trapped_signals[i];
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = trap_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, &previous_actions[sig]);
  }
}

void csimthreads_install_trap_handler(void) { pthread_once(&install_once, install); }
