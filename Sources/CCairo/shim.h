#ifndef FAMILYCHART_CCAIRO_SHIM_H
#define FAMILYCHART_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <zlib.h>

/// PANGO_SCALE is a macro Swift imports as Int32 already; G_OBJECT casts are
/// function-like macros Swift cannot import, so the painter unrefs through this.
static inline void CCairo_object_unref(void *object) { g_object_unref(object); }

/// deflateInit is a macro (it passes the zlib version and struct size); Swift calls this.
static inline int CCairo_deflateInit(z_stream *stream, int level) { return deflateInit(stream, level); }

#endif
