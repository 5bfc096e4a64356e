// The PNG writer used for RGBA8 output and for fixture generation. See include/CPNGRows.h.
#include "CPNGRows.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t *bytes;
  size_t size;
  size_t capacity;
  int out_of_memory;
  char message[256];
  png_bytep row;
} write_state;

static void write_error(png_structp png, png_const_charp message) {
  write_state *state = (write_state *)png_get_error_ptr(png);
  strncpy(state->message, message ? message : "unknown libpng error", sizeof state->message - 1);
  state->message[sizeof state->message - 1] = '\0';
  png_longjmp(png, 1);
}

static void write_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
  write_state *state = (write_state *)png_get_io_ptr(png);
  if (length > state->capacity - state->size) {
    size_t capacity = state->capacity ? state->capacity : 65536;
    while (length > capacity - state->size) capacity *= 2;
    uint8_t *grown = realloc(state->bytes, capacity);
    if (grown == NULL) {
      state->out_of_memory = 1;
      png_error(png, "out of memory growing the output buffer");
    }
    state->bytes = grown;
    state->capacity = capacity;
  }
  memcpy(state->bytes + state->size, data, length);
  state->size += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static void write_header(png_structp png, png_infop info, const cpng_write_spec *spec) {
  png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
               spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (spec->palette_count > 0 && spec->palette_rgb != NULL) {
    png_color palette[256];
    int count = spec->palette_count > 256 ? 256 : spec->palette_count;
    for (int i = 0; i < count; i++) {
      palette[i].red = spec->palette_rgb[3 * i];
      palette[i].green = spec->palette_rgb[3 * i + 1];
      palette[i].blue = spec->palette_rgb[3 * i + 2];
    }
    png_set_PLTE(png, info, palette, count);
  }
  if (spec->trns_alpha_count > 0 && spec->trns_alpha != NULL) {
    png_set_tRNS(png, info, spec->trns_alpha, spec->trns_alpha_count, NULL);
  } else if (spec->has_trns_color) {
    png_color_16 color = {0};
    color.red = spec->trns_red;
    color.green = spec->trns_green;
    color.blue = spec->trns_blue;
    color.gray = spec->trns_gray;
    png_set_tRNS(png, info, NULL, 0, &color);
  }
  png_set_compression_level(png, spec->compression_level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, spec->filter_none ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
}

// Runs the libpng calls; returns 0 on success, 1 after a longjmp.
static int encode_with(png_structp png, png_infop info, const cpng_write_spec *spec,
                       cpng_row_source source, void *context, write_state *state) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_set_write_fn(png, state, write_to_memory, flush_nothing);
  write_header(png, info, spec);
  png_write_info(png, info);
  int passes = spec->interlaced ? png_set_interlace_handling(png) : 1;
  size_t row_bytes = png_get_rowbytes(png, info);
  state->row = png_malloc(png, row_bytes);
  for (int pass = 0; pass < passes; pass++) {
    for (uint32_t y = 0; y < spec->height; y++) {
      source(context, y, state->row, row_bytes);
      png_write_row(png, state->row);
    }
  }
  png_write_end(png, info);
  return 0;
}

int cpng_encode(const cpng_write_spec *spec, cpng_row_source source, void *context, uint8_t **out,
                size_t *out_size, char *message, size_t message_capacity) {
  if (spec == NULL || source == NULL || out == NULL || out_size == NULL) return CPNG_MISUSE;
  *out = NULL;
  *out_size = 0;
  write_state *state = calloc(1, sizeof *state);
  if (state == NULL) return CPNG_NO_MEMORY;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, state, write_error, write_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  int status = CPNG_NO_MEMORY;
  if (png != NULL && info != NULL) {
    status = encode_with(png, info, spec, source, context, state) == 0 ? CPNG_OK : CPNG_LIBPNG;
    if (state->out_of_memory) status = CPNG_NO_MEMORY;
  }
  if (png != NULL && state->row != NULL) png_free(png, state->row);
  if (png != NULL) png_destroy_write_struct(&png, &info);
  if (status == CPNG_OK) {
    *out = state->bytes;
    *out_size = state->size;
  } else {
    free(state->bytes);
    if (message != NULL && message_capacity > 0) {
      strncpy(message, state->message[0] ? state->message : "out of memory", message_capacity - 1);
      message[message_capacity - 1] = '\0';
    }
  }
  free(state);
  return status;
}

void cpng_free(void *pointer) { free(pointer); }
