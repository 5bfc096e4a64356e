#ifndef CELLSIM_CPNGROWS_H
#define CELLSIM_CPNGROWS_H

// A tiny C layer over libpng's row API. Every setjmp stays inside this target: each function
// that can reach a libpng error installs its own setjmp, and libpng's error callback records the
// message in the reader and longjmps back into that function, which returns a status code.
// Swift maps the status and message to typed errors. No libpng type appears in this header.

#include <stddef.h>
#include <stdint.h>

/// Outcome of a reader or writer call.
typedef enum {
  CPNG_OK = 0,
  /// The input ended before libpng had read what it needed (includes a missing IEND).
  CPNG_TRUNCATED = 1,
  /// The header passed every check but exceeds the caller's limits.
  CPNG_TOO_LARGE = 2,
  /// libpng reported an error; its message is in the reader's message buffer.
  CPNG_LIBPNG = 3,
  /// The call was made in the wrong state (for example rows after an error).
  CPNG_MISUSE = 4,
  /// An allocation failed before libpng could report it.
  CPNG_NO_MEMORY = 5,
  /// A chunk declares more bytes than the file holds after it (checked before libpng reads
  /// it, so a lying length never becomes an allocation); the message names the chunk.
  CPNG_BAD_CHUNK_LENGTH = 6,
  /// A pixel uses a palette index at or beyond the palette's entries; see
  /// cpng_reader_palette_problem.
  CPNG_BAD_PALETTE_INDEX = 7,
} cpng_status;

/// The image as stored, and the layout of the RGBA8 rows the reader produces.
typedef struct {
  uint32_t width;
  uint32_t height;
  int32_t bit_depth;
  int32_t color_type;
  int32_t interlaced;
  int32_t has_trns;
  /// Bytes per output row after the transforms; always `width * 4`.
  uint64_t output_row_bytes;
} cpng_info;

/// An in-progress decode of one PNG held in memory. Opaque.
typedef struct cpng_reader cpng_reader;

/// Creates a reader over `size` bytes at `data`, which must stay valid until destroy.
/// Limits: `max_width`, `max_height`, `max_pixels` are checked after png_read_info and before any
/// pixel allocation; `max_chunk_bytes` bounds libpng's ancillary-chunk allocations.
/// Returns NULL only if the small reader structure cannot be allocated.
cpng_reader *cpng_reader_create(const uint8_t *data, size_t size, uint32_t max_width,
                                uint32_t max_height, uint64_t max_pixels,
                                uint64_t max_chunk_bytes);

/// Reads the signature and every chunk up to the first IDAT (png_read_info), checks the limits,
/// then installs the RGBA8 transforms (strip_16, expand, gray_to_rgb, add_alpha 0xff after,
/// interlace handling). Fills `info` even when the result is CPNG_TOO_LARGE.
int cpng_reader_read_info(cpng_reader *reader, cpng_info *info);

/// Reads the next `count` rows of a non-interlaced image into `dst`, `stride` bytes apart.
/// Each row is `width * 4` bytes of RGBA8, straight alpha.
int cpng_reader_read_rows(cpng_reader *reader, uint8_t *dst, size_t stride, uint32_t count);

/// Reads the whole image (every Adam7 pass when interlaced) into `dst`, `stride` bytes apart.
/// Must be the first row call after cpng_reader_read_info.
int cpng_reader_read_image(cpng_reader *reader, uint8_t *dst, size_t stride);

/// Reads the chunks after the image data through IEND (png_read_end); a file that ends before
/// IEND gives CPNG_TRUNCATED.
int cpng_reader_finish(cpng_reader *reader);

/// What a partial decode produced (cpng_reader_read_partial).
typedef struct {
  /// 1 when the data held the whole image through IEND (the result is the full decode).
  int32_t complete;
  /// 1 when libpng read the header and reached the image data (0: the result is blank).
  int32_t started;
  /// Non-interlaced: rows decoded, from the top. Interlaced: `height` once a pass is complete,
  /// else 0.
  uint32_t rows;
  /// Interlaced: Adam7 passes complete (0...7); the result is the coarse image they give.
  /// Non-interlaced: 0.
  int32_t passes;
} cpng_partial;

/// Decodes as much of the image as the reader's bytes hold, with libpng's progressive reader
/// (png_process_data): a prefix of a PNG, as a transfer delivers it, is not an error. Must be
/// the reader's first call (instead of cpng_reader_read_info). `dst` holds `height` rows of
/// `stride` bytes, all zero, for an image of `width` × `height` (from its IHDR, checked
/// against libpng's view). Non-interlaced: the rows decoded so far, the rest left transparent.
/// Adam7: the passes complete so far, each known pixel repeated over its block (8×8 after the
/// first pass … 1×2 after the sixth), a coarse whole image; blank before the first pass ends.
/// Errors in the bytes present (CRC, zlib, header, limits, palette indexes of shown pixels) are
/// reported as by the full decode; running out of bytes is not.
int cpng_reader_read_partial(cpng_reader *reader, uint8_t *dst, size_t stride, uint32_t width,
                             uint32_t height, cpng_partial *out);

/// The last libpng error message, or "" if none. Valid until the reader is destroyed.
const char *cpng_reader_message(const cpng_reader *reader);

/// Bytes libpng currently holds through this reader's allocator, and the most it ever held.
uint64_t cpng_reader_libpng_bytes(const cpng_reader *reader);
uint64_t cpng_reader_libpng_peak_bytes(const cpng_reader *reader);

/// Frees the reader and everything libpng allocated for it. Accepts NULL.
void cpng_reader_destroy(cpng_reader *reader);

/// Supplies row `y` (0-based) of the image to encode, in PNG sample layout (packed sub-byte
/// samples, big-endian 16-bit samples), `row_bytes` long. Called in row order, once per row, or
/// once per row per Adam7 pass when interlaced.
typedef void (*cpng_row_source)(void *context, uint32_t y, uint8_t *row, size_t row_bytes);

/// What to write.
typedef struct {
  uint32_t width;
  uint32_t height;
  int32_t bit_depth;
  int32_t color_type;
  int32_t interlaced;
  /// zlib level 0...9.
  int32_t compression_level;
  /// 0: let libpng choose adaptively among all filters; 1: filter type None on every row.
  int32_t filter_none;
  /// Palette entries as RGB triples (colour type 3 only).
  const uint8_t *palette_rgb;
  int32_t palette_count;
  /// tRNS: alpha per palette entry (type 3) ...
  const uint8_t *trns_alpha;
  int32_t trns_alpha_count;
  /// ... or the transparent gray/RGB sample value (types 0 and 2) when `has_trns_color`.
  int32_t has_trns_color;
  uint16_t trns_red;
  uint16_t trns_green;
  uint16_t trns_blue;
  uint16_t trns_gray;
} cpng_write_spec;

/// Encodes a PNG, pulling rows from `source`. On CPNG_OK, `*out` and `*out_size` hold a
/// malloc'd buffer that the caller frees with cpng_free. On failure the message is copied into
/// `message` (NUL-terminated, at most `message_capacity` bytes).
int cpng_encode(const cpng_write_spec *spec, cpng_row_source source, void *context, uint8_t **out,
                size_t *out_size, char *message, size_t message_capacity);

/// Frees a buffer returned by cpng_encode.
void cpng_free(void *pointer);

/// After CPNG_BAD_PALETTE_INDEX: the largest index used and the palette's entry count.
void cpng_reader_palette_problem(const cpng_reader *reader, int *index, int *entries);

/// FNV-1a 64 of `count` bytes, continuing from `hash` (the offset basis for a fresh hash). In C
/// so that a debug build hashes an image's bytes at C speed: a byte loop in unoptimized Swift
/// costs several times more, and the oracle hashes every image a run serves.
uint64_t cpng_fnv1a64(const void *bytes, size_t count, uint64_t hash);

#endif
