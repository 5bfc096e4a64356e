#include "CPNGRows.h"

uint64_t cpng_fnv1a64(const void *bytes, size_t count, uint64_t hash) {
  const uint64_t prime = 0x00000100000001B3ULL;
  const uint8_t *p = (const uint8_t *)bytes;
  const uint8_t *end = p + count;
  while (end - p >= 4) {
    hash = (hash ^ p[0]) * prime;
    hash = (hash ^ p[1]) * prime;
    hash = (hash ^ p[2]) * prime;
    hash = (hash ^ p[3]) * prime;
    p += 4;
  }
  while (p < end) {
    hash = (hash ^ *p++) * prime;
  }
  return hash;
}
