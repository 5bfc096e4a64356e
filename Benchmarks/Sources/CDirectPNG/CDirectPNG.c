#include "CDirectPNG.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} memory_source;

static void read_memory(png_structp png, png_bytep out, size_t length) {
  memory_source *source = png_get_io_ptr(png);
  if (length > source->size - source->position) png_error(png, "unexpected end of data");
  memcpy(out, source->data + source->position, length);
  source->position += length;
}

static void silent_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int cdirect_decode_rgba8(const uint8_t *data, size_t size, uint8_t **pixels, uint32_t *width,
                         uint32_t *height) {
  memory_source source = {data, size, 0};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, silent_warning);
  if (png == NULL) return 1;
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile buffer = NULL;
  png_bytepp volatile rows = NULL;
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    free(buffer);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 2;
  }
  png_set_read_fn(png, &source, read_memory);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  int color_type = png_get_color_type(png, info);
  png_set_strip_16(png);
  png_set_expand(png);
  if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  buffer = malloc((size_t)w * h * 4);
  rows = malloc(sizeof(png_bytep) * h);
  if (buffer == NULL || rows == NULL) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  *pixels = buffer;
  *width = w;
  *height = h;
  return 0;
}

void cdirect_free(void *pointer) { free(pointer); }
