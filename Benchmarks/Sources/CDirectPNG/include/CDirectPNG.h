#ifndef CELLSIM_CDIRECTPNG_H
#define CELLSIM_CDIRECTPNG_H

// The benchmark baseline: libpng's row API called directly from C, with the same transforms as
// CellSim's decoder (strip_16, expand, gray_to_rgb, add_alpha 0xff after, interlace handling,
// png_read_end), on the same in-memory bytes.

#include <stddef.h>
#include <stdint.h>

/// Decodes `size` bytes at `data` into a malloc'd RGBA8 buffer returned in `*pixels` (free it
/// with cdirect_free). Returns 0 on success, nonzero on any error.
int cdirect_decode_rgba8(const uint8_t *data, size_t size, uint8_t **pixels, uint32_t *width,
                         uint32_t *height);

/// Frees a buffer from cdirect_decode_rgba8.
void cdirect_free(void *pointer);

#endif
