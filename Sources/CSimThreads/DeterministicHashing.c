// Fixes the Swift runtime's hashing seed for the whole process, at its start, as the runtime
// itself does when SWIFT_DETERMINISTIC_HASHING is set: so that user code hosted in a world that
// iterates a Set or a Dictionary (cancelling the operations of a set of index paths, say)
// visits its elements in one order in every process. CellSim's own code never lets that order
// reach a trace; its cross-process tests run their child processes with random hashing
// (CELLSIM_RANDOM_HASHING=1) to keep proving it.
//
// The seed may change only before any hashed collection exists: every hash mixes in the current
// seed, so a collection made under another one could no longer find its elements. A constructor
// of the main executable runs before `main`, after the libraries' own initializers, which make no
// Swift collections. Where this file is linked into an image loaded later (a test bundle that a
// runner opens on macOS), the seed is left alone.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#else
#include <link.h>
#endif
#include "CSimThreads.h"

// The runtime's `_swift_stdlib_Hashing_parameters` (stdlib/public/stubs/GlobalObjects.cpp).
typedef struct {
  uint64_t seed0;
  uint64_t seed1;
  bool deterministic;
} csimthreads_hashing_parameters;

static csimthreads_hashing_parameters *hashing_parameters(void) {
  return (csimthreads_hashing_parameters *)dlsym(RTLD_DEFAULT, "_swift_stdlib_Hashing_parameters");
}

static int hashing_state = -1;

int csimthreads_hashing_state(void) { return hashing_state; }

int csimthreads_hashing_is_deterministic(void) {
  csimthreads_hashing_parameters *parameters = hashing_parameters();
  if (!parameters) return -1;
  return parameters->deterministic ? 1 : 0;
}

// Whether this file was linked into the main executable (not a library or bundle opened later):
// whether this function's address lies in the main program's image. Found from the loader's own
// records, not from paths (a program started through PATH names itself only by its bare name).
#if defined(__APPLE__)
static bool in_main_executable(void) {
  Dl_info info;
  if (!dladdr((const void *)&in_main_executable, &info) || !info.dli_fbase) return false;
  return info.dli_fbase == (const void *)_dyld_get_image_header(0);
}
#else
struct main_image_search {
  uintptr_t address;
  bool found;
};

// The first object `dl_iterate_phdr` reports is the main program.
static int search_main_image(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct main_image_search *search = (struct main_image_search *)data;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[i];
    if (header->p_type != PT_LOAD) continue;
    uintptr_t start = (uintptr_t)info->dlpi_addr + (uintptr_t)header->p_vaddr;
    if (search->address >= start && search->address < start + (uintptr_t)header->p_memsz) {
      search->found = true;
      break;
    }
  }
  return 1;  // only the first object
}

static bool in_main_executable(void) {
  struct main_image_search search = {(uintptr_t)&in_main_executable, false};
  dl_iterate_phdr(search_main_image, &search);
  return search.found;
}
#endif

__attribute__((constructor)) static void csimthreads_fix_hashing_seed(void) {
  const char *random = getenv("CELLSIM_RANDOM_HASHING");
  if (random && random[0] && strcmp(random, "0") != 0) {
    hashing_state = CSIMTHREADS_HASHING_RANDOM_ASKED;
    return;
  }
  csimthreads_hashing_parameters *parameters = hashing_parameters();
  if (!parameters) {
    hashing_state = CSIMTHREADS_HASHING_UNAVAILABLE;
    return;
  }
  if (parameters->deterministic) {
    hashing_state = CSIMTHREADS_HASHING_FIXED;
    return;
  }
  if (!in_main_executable()) {
    hashing_state = CSIMTHREADS_HASHING_LOADED_LATE;
    return;
  }
  parameters->seed0 = 0;
  parameters->seed1 = 0;
  parameters->deterministic = true;
  hashing_state = CSIMTHREADS_HASHING_FIXED;
}
