// The row-by-row PNG reader. See include/CPNGRows.h for the contract; the partial decode with
// libpng's progressive reader is CPNGPartial.c, and the reader's structure is cpng_reader.h.
//
// Every public function that calls into libpng sets its own setjmp point; the error callback
// copies libpng's message into the reader and longjmps there. Nothing that setjmp can clobber is
// kept in local variables across the libpng calls: all state lives in the reader structure.
#include "CPNGRows.h"
#include "cpng_reader.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The allocator header keeps each block's size so that frees can be counted; 16 bytes keeps the
// payload aligned for any libpng type.
typedef union {
  size_t size;
  max_align_t align;
} alloc_header;

static void record_message(cpng_reader *reader, const char *message) {
  strncpy(reader->message, message ? message : "unknown libpng error", sizeof reader->message - 1);
  reader->message[sizeof reader->message - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp message) {
  cpng_reader *reader = (cpng_reader *)png_get_error_ptr(png);
  record_message(reader, message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;  // Warnings (benign problems, ancillary CRC errors) are not errors here.
}

static png_voidp counting_malloc(png_structp png, png_alloc_size_t size) {
  cpng_reader *reader = (cpng_reader *)png_get_mem_ptr(png);
  alloc_header *block = malloc(sizeof(alloc_header) + size);
  if (block == NULL) return NULL;
  block->size = size;
  reader->libpng_bytes += size;
  if (reader->libpng_bytes > reader->libpng_peak_bytes) {
    reader->libpng_peak_bytes = reader->libpng_bytes;
  }
  return block + 1;
}

static void counting_free(png_structp png, png_voidp pointer) {
  if (pointer == NULL) return;
  cpng_reader *reader = (cpng_reader *)png_get_mem_ptr(png);
  alloc_header *block = (alloc_header *)pointer - 1;
  reader->libpng_bytes -= block->size;
  free(block);
}

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
  cpng_reader *reader = (cpng_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->position) {
    reader->hit_end_of_data = 1;
    png_error(png, "unexpected end of data");
  }
  memcpy(out, reader->data + reader->position, length);
  reader->position += length;
}

static uint32_t read_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// Walks the chunk headers from the signature to IEND and refuses a chunk whose declared length
// runs past the end of the file (or past PNG's 2^31 - 1 limit) before libpng reads it: libpng
// allocates some chunks (tEXt, zTXt) by their declared length before reading them, so a
// 57-byte file declaring a 1 GiB tEXt chunk would otherwise cost 1 GiB. A file that simply ends
// early, at a chunk header, is left to libpng, which reports it as truncated.
static int check_chunk_lengths(cpng_reader *reader) {
  size_t position = 8;
  while (position <= reader->size && reader->size - position >= 8) {
    uint32_t length = read_be32(reader->data + position);
    const uint8_t *type = reader->data + position + 4;
    size_t remaining = reader->size - position - 8;
    if (length > 0x7fffffffu || (uint64_t)length + 4 > remaining) {
      char name[5];
      for (int i = 0; i < 4; i++) name[i] = (type[i] >= 32 && type[i] < 127) ? (char)type[i] : '?';
      name[4] = '\0';
      snprintf(reader->message, sizeof reader->message,
               "chunk %s at byte %zu declares %u data bytes, but only %zu bytes remain in the file",
               name, position, length, remaining);
      reader->stage = STAGE_FAILED;
      return CPNG_BAD_CHUNK_LENGTH;
    }
    if (memcmp(type, "IEND", 4) == 0) break;
    position += 12 + (size_t)length;
  }
  return CPNG_OK;
}

// Maps a longjmp back into a status; called only from a setjmp branch.
static int failed(cpng_reader *reader) {
  reader->stage = STAGE_FAILED;
  return reader->hit_end_of_data ? CPNG_TRUNCATED : CPNG_LIBPNG;
}

// A longjmp out of png_read_image: frees the row-pointer array, then maps the status.
static int read_image_failed(cpng_reader *reader) {
  if (reader->rows != NULL) {
    png_free(reader->png, reader->rows);
    reader->rows = NULL;
  }
  return failed(reader);
}

cpng_reader *cpng_reader_create(const uint8_t *data, size_t size, uint32_t max_width,
                                uint32_t max_height, uint64_t max_pixels,
                                uint64_t max_chunk_bytes) {
  cpng_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->data = data;
  reader->size = size;
  reader->max_width = max_width;
  reader->max_height = max_height;
  reader->max_pixels = max_pixels;
  reader->max_chunk_bytes = max_chunk_bytes;
  reader->stage = STAGE_CREATED;
  reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning,
                                         reader, counting_malloc, counting_free);
  if (reader->png == NULL) {
    record_message(reader, "out of memory creating the libpng read structure");
    reader->stage = STAGE_FAILED;
    return reader;
  }
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) {
    record_message(reader, "out of memory creating the libpng info structure");
    reader->stage = STAGE_FAILED;
  }
  return reader;
}

// Copies PLTE and tRNS into an RGBA table; called inside read_info's setjmp scope.
static void load_palette(cpng_reader *reader) {
  png_colorp palette = NULL;
  int entries = 0;
  png_get_PLTE(reader->png, reader->info, &palette, &entries);
  png_bytep alpha = NULL;
  int alphas = 0;
  if (png_get_valid(reader->png, reader->info, PNG_INFO_tRNS)) {
    png_get_tRNS(reader->png, reader->info, &alpha, &alphas, NULL);
  }
  reader->palette_mode = 1;
  reader->palette_entries = entries;
  memset(reader->palette_rgba, 0, sizeof reader->palette_rgba);
  for (int i = 0; i < entries && i < 256; i++) {
    reader->palette_rgba[i][0] = palette[i].red;
    reader->palette_rgba[i][1] = palette[i].green;
    reader->palette_rgba[i][2] = palette[i].blue;
    reader->palette_rgba[i][3] = (alpha != NULL && i < alphas) ? alpha[i] : 0xff;
  }
}

// Expands a row of `width` indexes at the start of `row` into RGBA8 in place (from the end, so
// nothing is overwritten before it is read). Returns 0, or CPNG_BAD_PALETTE_INDEX with the
// message set when an index is at or beyond the palette's entries.
int cpng_expand_palette_row(cpng_reader *reader, uint8_t *row) {
  int largest = -1;
  for (uint32_t x = reader->width; x > 0; x--) {
    uint8_t index = row[x - 1];
    if (index > largest) largest = index;
    memcpy(row + (size_t)(x - 1) * 4, reader->palette_rgba[index], 4);
  }
  if (largest >= reader->palette_entries) {
    reader->palette_max_index = largest;
    snprintf(reader->message, sizeof reader->message,
             "palette index %d used, but the palette has %d entries", largest,
             reader->palette_entries);
    reader->stage = STAGE_FAILED;
    return CPNG_BAD_PALETTE_INDEX;
  }
  return CPNG_OK;
}

// After libpng has read the chunks up to the first IDAT (png_read_info, or the progressive
// reader's info callback): fills `out`, checks the limits, installs the RGBA8 transforms and
// updates libpng's info. Called inside the caller's setjmp scope; returns a status.
int cpng_configure(cpng_reader *reader, cpng_info *out) {
  png_structp png = reader->png;
  png_infop info = reader->info;
  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
  out->width = width;
  out->height = height;
  out->bit_depth = bit_depth;
  out->color_type = color_type;
  out->interlaced = interlace != PNG_INTERLACE_NONE;
  out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  reader->color_type = color_type;
  out->output_row_bytes = (uint64_t)width * 4;
  reader->width = width;
  reader->height = height;
  reader->interlaced = out->interlaced;
  if (width > reader->max_width || height > reader->max_height ||
      (uint64_t)width * height > reader->max_pixels) {
    reader->stage = STAGE_FAILED;
    return CPNG_TOO_LARGE;
  }

  if (color_type == PNG_COLOR_TYPE_PALETTE) {
    // Palette images are read as one index per byte and expanded here (cpng_expand_palette_row),
    // not by png_set_expand: libpng lets an index beyond the palette through (its own check
    // is a benign warning, and misses index N of an N-entry palette), while PNG 1.2 §4.1.2
    // makes it an error. The expansion is libpng's: RGB from PLTE, alpha from tRNS (255
    // beyond its entries, or without one).
    png_set_packing(png);
    load_palette(reader);
  } else {
    png_set_strip_16(png);
    png_set_expand(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !out->has_trns) {
      png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
  }
  if (out->interlaced) png_set_interlace_handling(png);
  png_read_update_info(png, info);
  reader->row_bytes = png_get_rowbytes(png, info);
  if (reader->row_bytes != (size_t)width * (reader->palette_mode ? 1 : 4)) {
    record_message(reader, "internal: transforms did not produce RGBA8 rows");
    reader->stage = STAGE_FAILED;
    return CPNG_LIBPNG;
  }
  return CPNG_OK;
}

int cpng_reader_read_info(cpng_reader *reader, cpng_info *out) {
  if (reader == NULL || out == NULL) return CPNG_MISUSE;
  if (reader->stage == STAGE_FAILED && reader->png == NULL) return CPNG_NO_MEMORY;
  if (reader->stage != STAGE_CREATED) return CPNG_MISUSE;
  memset(out, 0, sizeof *out);
  if (reader->size >= 8) {
    int lengths = check_chunk_lengths(reader);
    if (lengths != CPNG_OK) return lengths;
  }
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(png_jmpbuf(png))) return failed(reader);

  png_set_read_fn(png, reader, read_from_memory);
  // Let libpng itself refuse anything past the caller's per-side limits, and bound the memory
  // spent on ancillary chunks (iCCP, zTXt, ...). The precise, typed check follows below.
  png_set_user_limits(png, reader->max_width, reader->max_height);
  png_set_chunk_malloc_max(png, (png_alloc_size_t)reader->max_chunk_bytes);
  png_set_chunk_cache_max(png, 1000);
  png_read_info(png, info);

  int status = cpng_configure(reader, out);
  if (status != CPNG_OK) return status;
  reader->stage = STAGE_INFO;
  return CPNG_OK;
}

int cpng_reader_read_rows(cpng_reader *reader, uint8_t *dst, size_t stride, uint32_t count) {
  if (reader == NULL || dst == NULL) return CPNG_MISUSE;
  if (reader->stage != STAGE_INFO && reader->stage != STAGE_ROWS) return CPNG_MISUSE;
  if (reader->interlaced || count > reader->height - reader->next_row) return CPNG_MISUSE;
  png_structp png = reader->png;
  if (setjmp(png_jmpbuf(png))) return failed(reader);
  reader->stage = STAGE_ROWS;
  for (uint32_t i = 0; i < count; i++) {
    png_read_row(png, dst + (size_t)i * stride, NULL);
    reader->next_row++;
    if (reader->palette_mode) {
      int status = cpng_expand_palette_row(reader, dst + (size_t)i * stride);
      if (status != CPNG_OK) return status;
    }
  }
  return CPNG_OK;
}

int cpng_reader_read_image(cpng_reader *reader, uint8_t *dst, size_t stride) {
  if (reader == NULL || dst == NULL) return CPNG_MISUSE;
  if (reader->stage != STAGE_INFO) return CPNG_MISUSE;
  if (!reader->interlaced) {
    return cpng_reader_read_rows(reader, dst, stride, reader->height);
  }
  png_structp png = reader->png;
  if (setjmp(png_jmpbuf(png))) return read_image_failed(reader);
  reader->stage = STAGE_ROWS;
  // png_read_image walks every pass over every row. The row-pointer array is allocated with
  // libpng's allocator (so it is counted) and kept in the reader, not in a local that a longjmp
  // would lose: it is freed here on success and by read_image_failed on every error path.
  reader->rows = png_malloc(png, sizeof(png_bytep) * reader->height);
  for (uint32_t y = 0; y < reader->height; y++) reader->rows[y] = dst + (size_t)y * stride;
  png_read_image(png, reader->rows);
  png_free(png, reader->rows);
  reader->rows = NULL;
  reader->next_row = reader->height;
  if (reader->palette_mode) {
    for (uint32_t y = 0; y < reader->height; y++) {
      int status = cpng_expand_palette_row(reader, dst + (size_t)y * stride);
      if (status != CPNG_OK) return status;
    }
  }
  return CPNG_OK;
}

int cpng_reader_finish(cpng_reader *reader) {
  if (reader == NULL) return CPNG_MISUSE;
  if (reader->stage != STAGE_ROWS || reader->next_row != reader->height) return CPNG_MISUSE;
  png_structp png = reader->png;
  if (setjmp(png_jmpbuf(png))) return failed(reader);
  png_read_end(png, NULL);
  reader->stage = STAGE_DONE;
  return CPNG_OK;
}

const char *cpng_reader_message(const cpng_reader *reader) {
  return reader == NULL ? "" : reader->message;
}

uint64_t cpng_reader_libpng_bytes(const cpng_reader *reader) {
  return reader == NULL ? 0 : reader->libpng_bytes;
}

uint64_t cpng_reader_libpng_peak_bytes(const cpng_reader *reader) {
  return reader == NULL ? 0 : reader->libpng_peak_bytes;
}

void cpng_reader_palette_problem(const cpng_reader *reader, int *index, int *entries) {
  if (index != NULL) *index = reader == NULL ? 0 : reader->palette_max_index;
  if (entries != NULL) *entries = reader == NULL ? 0 : reader->palette_entries;
}

void cpng_reader_destroy(cpng_reader *reader) {
  if (reader == NULL) return;
  if (reader->rows != NULL && reader->png != NULL) png_free(reader->png, reader->rows);
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}
