// The reader's structure and the helpers CPNGRows.c shares with CPNGPartial.c. Internal to
// the CPNGRows target (not under include/, so Swift never sees a libpng type).
#ifndef CELLSIM_CPNG_READER_H
#define CELLSIM_CPNG_READER_H

#include "CPNGRows.h"

#include <png.h>

enum { STAGE_CREATED, STAGE_INFO, STAGE_ROWS, STAGE_DONE, STAGE_FAILED };

struct cpng_reader {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t size;
  size_t position;
  int hit_end_of_data;
  int stage;
  uint32_t max_width;
  uint32_t max_height;
  uint64_t max_pixels;
  uint64_t max_chunk_bytes;
  uint32_t width;
  uint32_t height;
  uint32_t next_row;
  int interlaced;
  size_t row_bytes;
  uint64_t libpng_bytes;
  uint64_t libpng_peak_bytes;
  png_bytepp rows;
  int color_type;
  int palette_mode;
  int palette_max_index;
  int palette_entries;
  uint8_t palette_rgba[256][4];
  char message[256];
  // Partial decode (cpng_reader_read_partial): the caller's buffer and what arrived in it.
  uint8_t *partial_dst;
  size_t partial_stride;
  uint32_t expected_width;
  uint32_t expected_height;
  int partial_status;
  int partial_started;
  int partial_complete;
  uint32_t partial_rows;
  int partial_passes;
};

/// After libpng has read the chunks up to the first IDAT: fills `out`, checks the limits,
/// installs the RGBA8 transforms and updates libpng's info. Called inside the caller's setjmp
/// scope; returns a status.
int cpng_configure(cpng_reader *reader, cpng_info *out);

/// Expands a row of palette indexes at the start of `row` into RGBA8 in place; returns
/// CPNG_OK, or CPNG_BAD_PALETTE_INDEX with the message set.
int cpng_expand_palette_row(cpng_reader *reader, uint8_t *row);

#endif
