#ifndef CELLSIM_CLIBPNG_SHIM_H
#define CELLSIM_CLIBPNG_SHIM_H

// The system libpng, seen from Swift and from the CPNGRows C target.
//
// Swift does not import libpng's composite macros (macros built from other macros or
// expressions), so they are re-exported here as prefixed constants and inline functions.
#include <png.h>

/// PNG colour type 2, truecolour (`PNG_COLOR_TYPE_RGB`).
static const int CELLSIM_PNG_COLOR_TYPE_RGB = PNG_COLOR_TYPE_RGB;
/// PNG colour type 3, indexed colour (`PNG_COLOR_TYPE_PALETTE`).
static const int CELLSIM_PNG_COLOR_TYPE_PALETTE = PNG_COLOR_TYPE_PALETTE;
/// PNG colour type 4, greyscale with alpha (`PNG_COLOR_TYPE_GRAY_ALPHA`).
static const int CELLSIM_PNG_COLOR_TYPE_GRAY_ALPHA = PNG_COLOR_TYPE_GRAY_ALPHA;
/// PNG colour type 6, truecolour with alpha (`PNG_COLOR_TYPE_RGB_ALPHA`).
static const int CELLSIM_PNG_COLOR_TYPE_RGB_ALPHA = PNG_COLOR_TYPE_RGB_ALPHA;
/// Every row filter libpng may choose from when writing (`PNG_ALL_FILTERS`).
static const int CELLSIM_PNG_ALL_FILTERS = PNG_ALL_FILTERS;
/// The number of Adam7 passes (`PNG_INTERLACE_ADAM7_PASSES`).
static const int CELLSIM_PNG_INTERLACE_ADAM7_PASSES = PNG_INTERLACE_ADAM7_PASSES;
/// The largest width or height the PNG format allows (`PNG_UINT_31_MAX`).
static const png_uint_32 CELLSIM_PNG_UINT_31_MAX = PNG_UINT_31_MAX;

/// The version of libpng that this code was compiled against (`PNG_LIBPNG_VER_STRING`).
static inline const char *cellsim_png_header_version(void) { return PNG_LIBPNG_VER_STRING; }

/// The version of libpng that is loaded at run time.
static inline const char *cellsim_png_runtime_version(void) { return png_get_libpng_ver(NULL); }

#endif
