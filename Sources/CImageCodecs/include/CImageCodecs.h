#ifndef FAMILYCHART_CIMAGECODECS_H
#define FAMILYCHART_CIMAGECODECS_H

// Image codecs for the painter (JPEG through libjpeg-turbo, WebP written through libwebp,
// PNG read through Cairo) and
// zlib's deflateInit macro as a function. Only FamilyPainter (and its tests) import it.
#include <cairo.h>
#include <stddef.h>
#include <zlib.h>

/// deflateInit is a macro (it passes the zlib version and struct size); Swift calls this.
int CImageCodecs_deflateInit(z_stream *stream, int level);

/// The zlib stream of a PNG's image data (IDAT) for `width` × `height` pixels of a Cairo
/// RGB24 surface (`stride` bytes a row): 8-bit RGB rows filtered "Up", deflated as one
/// block whose only matches are runs (see png_runs.c): fast for small images. On
/// success returns 0 and a buffer the caller releases with `free`; -1 when out of memory.
int CImageCodecs_png_runs_idat(const unsigned char *pixels, int width, int height, int stride, unsigned char **bytes, size_t *count);

/// Decodes the JPEG in `data` (`size` bytes) into a new Cairo RGB24 image surface, scaled
/// down by libjpeg (1/2, 1/4, 1/8) until no side exceeds `maximumSide`. Refused before
/// decoding: more than `maximumPixels` pixels; while decoding: more than `maximumScans`
/// scans, or more than `maximumMemory` bytes of libjpeg working memory. Grey, RGB, CMYK
/// and YCCK (Adobe's inverted CMYK included) become RGB. On failure returns NULL and
/// writes the reason into `message`. The caller destroys the surface.
cairo_surface_t *CImageCodecs_jpeg_surface_from_memory(const unsigned char *data, size_t size, int maximumSide, double maximumPixels, long maximumMemory, int maximumScans, char *message, size_t messageSize);

/// Decodes the PNG in `data` with Cairo (the caller checks its header first).
cairo_surface_t *CImageCodecs_png_surface_from_memory(const unsigned char *data, size_t size);

/// Writes a Cairo RGB24 image surface as a baseline JPEG (for tests and tools);
/// returns 0 on success, else writes the reason into `message`.
int CImageCodecs_jpeg_write(cairo_surface_t *surface, const char *path, int quality, char *message, size_t messageSize);

/// Encodes a Cairo RGB24 image surface as a baseline JPEG in memory: on success returns
/// 0 and a buffer the caller releases with `free`, else writes the reason into `message`.
int CImageCodecs_jpeg_encode(cairo_surface_t *surface, int quality, unsigned char **bytes, unsigned long *count, char *message, size_t messageSize);

/// Writes `width` × `height` pixels of one colour as a JPEG for tests of the decoder's
/// limits: `cmyk` writes Adobe-style inverted CMYK (`c m y k`, 255 = no ink) instead of
/// RGB (`c m y` then taken as R G B); `acScans` > 0 writes a progressive file whose AC
/// coefficients are spread over one scan per coefficient (up to 63 per component, so
/// far more scans than a real photo has). Returns 0 on success.
int CImageCodecs_jpeg_write_test(const char *path, int width, int height, int cmyk, int c, int m, int y, int k, int acScans);

/// Encodes `width` × `height` pixels of a Cairo RGB24 surface (`stride` bytes a row) as a
/// WebP file through libwebp: lossless (`lossless` 1; `quality` then trades time for size,
/// 0–100) or lossy at `quality` (0–100); `method` 0 (fastest) to 6 (smallest). On success
/// returns 0 and a buffer the caller releases with `WebPFree` (`CImageCodecs_webp_free`),
/// else writes the reason into `message` and returns -1.
int CImageCodecs_webp_encode(const unsigned char *pixels, int width, int height, int stride, int lossless, float quality,
                             int method, unsigned char **bytes, size_t *count, char *message, size_t messageSize);

/// Releases a buffer `CImageCodecs_webp_encode` returned.
void CImageCodecs_webp_free(unsigned char *bytes);

#endif
