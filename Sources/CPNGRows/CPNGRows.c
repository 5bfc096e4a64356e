// The row-by-row PNG reader. See include/CPNGRows.h for the contract.
//
// Every public function that calls into libpng sets its own setjmp point; the error callback
// copies libpng's message into the reader and longjmps there. Nothing that setjmp can clobber is
// kept in local variables across the libpng calls: all state lives in the reader structure.
#include "CPNGRows.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

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
  png_bytepp rows;  // png_read_image's row pointers; freed on every path (see release_rows).
  int palette;      // Palette image: rows are read as indices and expanded here (expand_row).
  int palette_entries;
  png_byte rgba[256][4];  // The palette with tRNS alpha; entries past palette_entries unused.
  uint64_t libpng_bytes;
  uint64_t libpng_peak_bytes;
  char message[256];
};

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

// libpng's "Read palette index exceeding num_palette" is a benign error, reported as a warning
// by default. An index beyond the palette has no colour (PNG spec §11.2.3 PLTE: the number of
// entries shall not be less than the largest index used), so it is escalated to an error, as in
// libpng's strict mode; the message prefix lets the Swift side type it.
static const char palette_message[] = "palette index exceeding num_palette";

static void on_warning(png_structp png, png_const_charp message) {
  // Other warnings (benign problems, ancillary CRC errors) are not errors here.
  if (message != NULL && strstr(message, palette_message) != NULL) {
    cpng_reader *reader = (cpng_reader *)png_get_error_ptr(png);
    record_message(reader, "badPaletteIndex: a pixel uses a palette index beyond the PLTE entries");
    png_longjmp(png, 1);
  }
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

// Frees the interlaced row-pointer array, if any. libpng does not track png_malloc blocks, so a
// longjmp out of png_read_image would leak the array if it lived only in a local variable.
static void release_rows(cpng_reader *reader) {
  if (reader->rows != NULL && reader->png != NULL) png_free(reader->png, reader->rows);
  reader->rows = NULL;
}

// Expands a row of palette indices (one byte each, at the start of `row`) to RGBA8 in place,
// from the last pixel back so that no index is overwritten before it is read. An index past the
// palette is a libpng error with a message the Swift side types as badPaletteIndex.
static void expand_row(cpng_reader *reader, png_bytep row) {
  for (uint32_t x = reader->width; x-- > 0;) {
    png_byte index = row[x];
    if (index >= reader->palette_entries) {
      png_error(reader->png,
                "badPaletteIndex: a pixel uses a palette index beyond the PLTE entries");
    }
    memcpy(row + (size_t)x * 4, reader->rgba[index], 4);
  }
}

// Maps a longjmp back into a status; called only from a setjmp branch.
static int failed(cpng_reader *reader) {
  release_rows(reader);
  reader->stage = STAGE_FAILED;
  return reader->hit_end_of_data ? CPNG_TRUNCATED : CPNG_LIBPNG;
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

int cpng_reader_read_info(cpng_reader *reader, cpng_info *out) {
  if (reader == NULL || out == NULL) return CPNG_MISUSE;
  if (reader->stage == STAGE_FAILED && reader->png == NULL) return CPNG_NO_MEMORY;
  if (reader->stage != STAGE_CREATED) return CPNG_MISUSE;
  memset(out, 0, sizeof *out);
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(png_jmpbuf(png))) return failed(reader);

  png_set_read_fn(png, reader, read_from_memory);
  // Let libpng itself refuse anything past the caller's per-side limits, and bound the memory
  // spent on ancillary chunks (iCCP, zTXt, ...). The precise, typed check follows below.
  png_set_user_limits(png, reader->max_width, reader->max_height);
  png_set_chunk_malloc_max(png, (png_alloc_size_t)reader->max_chunk_bytes);
  png_set_chunk_cache_max(png, 1000);
  // Ancillary chunks the decoder never uses are skipped unread: libpng allocates a text chunk's
  // declared length before reading it, so a 57-byte file declaring a 1 GiB tEXt cost 1 GiB of
  // memory (issue 12 §1). Skipping reads the declared bytes in small pieces, so a length past
  // the end of the data ends as a truncation without allocating it.
  static const png_byte unused_chunks[] = {'t', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0',
                                           'i', 'T', 'X', 't', '\0', 's', 'P', 'L', 'T', '\0',
                                           'p', 'C', 'A', 'L', '\0', 's', 'C', 'A', 'L', '\0',
                                           'e', 'X', 'I', 'f', '\0'};
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, unused_chunks,
                              (int)(sizeof unused_chunks / 5));
#ifdef PNG_CHECK_FOR_INVALID_INDEX_SUPPORTED
  png_set_check_for_invalid_index(png, 1);
#endif
  png_read_info(png, info);

  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
  out->width = width;
  out->height = height;
  out->bit_depth = bit_depth;
  out->color_type = color_type;
  out->interlaced = interlace != PNG_INTERLACE_NONE;
  out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
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
    // Palette images are read as one index per byte and expanded by expand_row, which refuses
    // an index at or past the PLTE entry count (PNG spec §11.2.3). libpng's own check compares
    // with ">" and so misses index N with N entries; png_set_expand would hide it.
    reader->palette = 1;
    png_colorp colors = NULL;
    int entries = 0;
    png_get_PLTE(png, info, &colors, &entries);
    png_bytep alpha = NULL;
    int alphas = 0;
    if (out->has_trns) png_get_tRNS(png, info, &alpha, &alphas, NULL);
    reader->palette_entries = entries;
    for (int i = 0; i < entries && i < 256; i++) {
      reader->rgba[i][0] = colors[i].red;
      reader->rgba[i][1] = colors[i].green;
      reader->rgba[i][2] = colors[i].blue;
      reader->rgba[i][3] = i < alphas ? alpha[i] : 0xff;
    }
    if (bit_depth < 8) png_set_packing(png);
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
  if (reader->row_bytes != (size_t)width * (reader->palette ? 1 : 4)) {
    record_message(reader, "internal: transforms did not produce RGBA8 rows");
    reader->stage = STAGE_FAILED;
    return CPNG_LIBPNG;
  }
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
    if (reader->palette) expand_row(reader, dst + (size_t)i * stride);
    reader->next_row++;
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
  if (setjmp(png_jmpbuf(png))) return failed(reader);
  reader->stage = STAGE_ROWS;
  // png_read_image walks every pass over every row. The row-pointer array is allocated through
  // libpng so that it is counted, and kept in the reader so that the setjmp branch above (via
  // failed) and cpng_reader_destroy free it when libpng longjmps out of png_read_image.
  reader->rows = png_malloc(png, sizeof(png_bytep) * reader->height);
  for (uint32_t y = 0; y < reader->height; y++) reader->rows[y] = dst + (size_t)y * stride;
  png_read_image(png, reader->rows);
  release_rows(reader);
  if (reader->palette) {
    for (uint32_t y = 0; y < reader->height; y++) expand_row(reader, dst + (size_t)y * stride);
  }
  reader->next_row = reader->height;
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

void cpng_reader_destroy(cpng_reader *reader) {
  if (reader == NULL) return;
  release_rows(reader);
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}
