// The partial decode of a PNG's first bytes with libpng's progressive reader
// (cpng_reader_read_partial; see include/CPNGRows.h for the contract). Its setjmp point is in
// cpng_reader_read_partial; the callbacks raise errors with png_error, which lands there.
#include <string.h>

#include "CPNGRows.h"
#include "cpng_reader.h"

// After the info callback, the progressive reader's row callback and its end callback. An
// error inside them is raised with png_error, so it lands in cpng_reader_read_partial's setjmp;
// a status that is not libpng's own is kept in partial_status first.
static void partial_info(png_structp png, png_infop info) {
  (void)info;
  cpng_reader *reader = (cpng_reader *)png_get_progressive_ptr(png);
  cpng_info out;
  memset(&out, 0, sizeof out);
  int status = cpng_configure(reader, &out);
  if (status == CPNG_OK &&
      (out.width != reader->expected_width || out.height != reader->expected_height)) {
    status = CPNG_MISUSE;
  }
  if (status != CPNG_OK) {
    reader->partial_status = status;
    png_error(png, status == CPNG_LIBPNG ? "internal: transforms did not produce RGBA8 rows"
                                         : "partial decode stopped");
  }
  // cpng_configure's png_read_update_info has started the rows (png_start_read_image's work).
  reader->partial_started = 1;
  reader->stage = STAGE_ROWS;
}

// One row (or, for Adam7, one row of a pass; NULL for a row the pass does not touch).
// `row_num` is the image row: with interlace handling libpng numbers every pass's rows so.
static void partial_row(png_structp png, png_bytep new_row, png_uint_32 row_num, int pass) {
  cpng_reader *reader = (cpng_reader *)png_get_progressive_ptr(png);
  if (row_num >= reader->height) return;
  if (!reader->interlaced) {
    if (new_row == NULL) return;
    memcpy(reader->partial_dst + (size_t)row_num * reader->partial_stride, new_row,
           reader->row_bytes);
    reader->partial_rows = row_num + 1;
    return;
  }
  // Passes before this one are complete; this one is when its last image row has come.
  if (pass > reader->partial_passes) reader->partial_passes = pass;
  if (new_row != NULL) {
    png_progressive_combine_row(png, reader->partial_dst + (size_t)row_num * reader->partial_stride,
                                new_row);
  }
  if (row_num + 1 == reader->height && pass + 1 > reader->partial_passes) {
    reader->partial_passes = pass + 1;
  }
}

static void partial_end(png_structp png, png_infop info) {
  (void)info;
  cpng_reader *reader = (cpng_reader *)png_get_progressive_ptr(png);
  reader->partial_complete = 1;
  reader->partial_rows = reader->height;
  reader->partial_passes = reader->interlaced ? 7 : 0;
  reader->stage = STAGE_DONE;
}

// Block sizes of the Adam7 grid of pixels known after `passes` complete passes (index 1...7).
static const uint32_t coarse_block_width[8] = {0, 8, 4, 4, 2, 2, 1, 1};
static const uint32_t coarse_block_height[8] = {0, 8, 8, 4, 4, 2, 2, 1};

// Repeats each known pixel of the grid over its block, `bytes_per_pixel` bytes a pixel from the
// start of each row: every pixel not on the grid is overwritten, so what a pass still running
// wrote is dropped and the result depends only on the passes complete.
static void fill_coarse(cpng_reader *reader, int passes, size_t bytes_per_pixel) {
  uint32_t block_width = coarse_block_width[passes];
  uint32_t block_height = coarse_block_height[passes];
  for (uint32_t y = 0; y < reader->height; y++) {
    uint8_t *row = reader->partial_dst + (size_t)y * reader->partial_stride;
    const uint8_t *source = reader->partial_dst + (size_t)(y - y % block_height) *
                                                      reader->partial_stride;
    for (uint32_t x = 0; x < reader->width; x++) {
      uint32_t from = x - x % block_width;
      if (source == row && from == x) continue;
      memcpy(row + (size_t)x * bytes_per_pixel, source + (size_t)from * bytes_per_pixel,
             bytes_per_pixel);
    }
  }
}

int cpng_reader_read_partial(cpng_reader *reader, uint8_t *dst, size_t stride, uint32_t width,
                             uint32_t height, cpng_partial *out) {
  if (reader == NULL || dst == NULL || out == NULL) return CPNG_MISUSE;
  if (reader->stage == STAGE_FAILED && reader->png == NULL) return CPNG_NO_MEMORY;
  if (reader->stage != STAGE_CREATED || stride < (size_t)width * 4) return CPNG_MISUSE;
  memset(out, 0, sizeof *out);
  reader->partial_dst = dst;
  reader->partial_stride = stride;
  reader->expected_width = width;
  reader->expected_height = height;
  reader->partial_status = CPNG_OK;
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(png_jmpbuf(png))) {
    reader->stage = STAGE_FAILED;
    return reader->partial_status != CPNG_OK ? reader->partial_status : CPNG_LIBPNG;
  }
  // No chunk-length walk here: the last chunk of a prefix runs past its end by design. The
  // progressive reader buffers a chunk's bytes as they come and allocates nothing by a declared
  // length before the bytes are there; the limits below bound what it keeps.
  png_set_progressive_read_fn(png, reader, partial_info, partial_row, partial_end);
  png_set_user_limits(png, reader->max_width, reader->max_height);
  png_set_chunk_malloc_max(png, (png_alloc_size_t)reader->max_chunk_bytes);
  png_set_chunk_cache_max(png, 1000);
  png_process_data(png, info, (png_bytep)reader->data, reader->size);

  out->complete = reader->partial_complete;
  out->started = reader->partial_started;
  if (!reader->partial_started) return CPNG_OK;
  size_t bytes_per_pixel = reader->palette_mode ? 1 : 4;
  uint32_t shown_rows = reader->partial_rows;
  if (reader->interlaced) {
    int passes = reader->partial_passes > 7 ? 7 : reader->partial_passes;
    out->passes = passes;
    if (passes == 0) {
      // Before the first pass ends there is no whole coarse image: show nothing.
      for (uint32_t y = 0; y < reader->height; y++) memset(dst + (size_t)y * stride, 0, stride);
      shown_rows = 0;
    } else {
      fill_coarse(reader, passes, bytes_per_pixel);
      shown_rows = reader->height;
    }
  }
  out->rows = shown_rows;
  if (reader->palette_mode) {
    for (uint32_t y = 0; y < shown_rows; y++) {
      int status = cpng_expand_palette_row(reader, dst + (size_t)y * stride);
      if (status != CPNG_OK) return status;
    }
  }
  return CPNG_OK;
}
