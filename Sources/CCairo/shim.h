#ifndef FAMILYCHART_CCAIRO_SHIM_H
#define FAMILYCHART_CCAIRO_SHIM_H

// The module map's one header: Cairo (with its PDF and SVG surfaces), Pango through
// pangocairo and pangoft2, fontconfig, and malloc.h for the painter's mallopt tuning.
// Image codecs (libjpeg, zlib, PNG from memory) are the CImageCodecs target's.

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <string.h>
#include <stdlib.h>
#include <malloc.h>
#include <stdint.h>

/// PANGO_SCALE is a macro Swift imports as Int32 already; G_OBJECT casts are
/// function-like macros Swift cannot import, so the painter unrefs through this.
static inline void CCairo_object_unref(void *object) { g_object_unref(object); }

#endif
