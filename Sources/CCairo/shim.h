#ifndef FAMILYCHART_CCAIRO_SHIM_H
#define FAMILYCHART_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <zlib.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <stdlib.h>
#include <malloc.h>
#include <stdint.h>
#include <jpeglib.h>

/// PANGO_SCALE is a macro Swift imports as Int32 already; G_OBJECT casts are
/// function-like macros Swift cannot import, so the painter unrefs through this.
static inline void CCairo_object_unref(void *object) { g_object_unref(object); }

/// deflateInit is a macro (it passes the zlib version and struct size); Swift calls this.
static inline int CCairo_deflateInit(z_stream *stream, int level) { return deflateInit(stream, level); }

/// libjpeg reports errors by calling error_exit, which must not return: jump back to
/// the caller with the message instead of letting libjpeg exit the process.
struct CCairo_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void CCairo_jpeg_error_exit(j_common_ptr info) {
    struct CCairo_jpeg_error *error = (struct CCairo_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void CCairo_jpeg_silence(j_common_ptr info, int level) { (void)info; (void)level; }

/// Decodes the JPEG file at `path` into a new Cairo RGB24 image surface, scaled down by
/// libjpeg (1/2, 1/4, 1/8) until no side exceeds `maximumSide`. On failure returns NULL
/// and writes the reason into `message`. The caller destroys the surface.
static inline cairo_surface_t *CCairo_jpeg_surface(const char *path, int maximumSide, char *message, size_t messageSize) {
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(message, messageSize, "cannot open the file"); return NULL; }
    struct jpeg_decompress_struct info;
    struct CCairo_jpeg_error error;
    cairo_surface_t *volatile surface = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CCairo_jpeg_error_exit;
    error.base.emit_message = CCairo_jpeg_silence;
    if (setjmp(error.jump)) {
        snprintf(message, messageSize, "%s", error.message);
        jpeg_destroy_decompress(&info);
        fclose(file);
        if (surface) cairo_surface_destroy(surface);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && ((int)info.image_width / (int)info.scale_denom > maximumSide
                                    || (int)info.image_height / (int)info.scale_denom > maximumSide)) {
        info.scale_denom *= 2;
    }
    jpeg_start_decompress(&info);
    if ((int)info.output_width > 4 * maximumSide || (int)info.output_height > 4 * maximumSide) {
        snprintf(message, messageSize, "the image is too large (%u x %u)", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        fclose(file);
        return NULL;
    }
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)info.output_width, (int)info.output_height);
    unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    JSAMPLE *row = (JSAMPLE *)malloc(info.output_width * 3);
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint32_t *pixels = (uint32_t *)(data + (size_t)(info.output_scanline - 1) * (size_t)stride);
        for (unsigned x = 0; x < info.output_width; x++) {
            pixels[x] = ((uint32_t)row[3 * x] << 16) | ((uint32_t)row[3 * x + 1] << 8) | (uint32_t)row[3 * x + 2];
        }
    }
    free(row);
    cairo_surface_mark_dirty(surface);
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    return surface;
}

/// Compresses a Cairo RGB24 image surface as a baseline JPEG into the destination set on
/// `info` (a file or memory); returns 0 on success, else writes the reason into `message`.
static inline int CCairo_jpeg_compress(struct jpeg_compress_struct *info, struct CCairo_jpeg_error *error,
                                       cairo_surface_t *surface, int quality, char *message, size_t messageSize) {
    JSAMPLE *volatile row = NULL;
    if (setjmp(error->jump)) {
        snprintf(message, messageSize, "%s", error->message);
        free(row);
        return -1;
    }
    cairo_surface_flush(surface);
    info->image_width = (JDIMENSION)cairo_image_surface_get_width(surface);
    info->image_height = (JDIMENSION)cairo_image_surface_get_height(surface);
    info->input_components = 3;
    info->in_color_space = JCS_RGB;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, quality, TRUE);
    jpeg_start_compress(info, TRUE);
    unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    row = (JSAMPLE *)malloc(info->image_width * 3);
    while (info->next_scanline < info->image_height) {
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)info->next_scanline * (size_t)stride);
        for (unsigned x = 0; x < info->image_width; x++) {
            row[3 * x] = (JSAMPLE)(pixels[x] >> 16);
            row[3 * x + 1] = (JSAMPLE)(pixels[x] >> 8);
            row[3 * x + 2] = (JSAMPLE)pixels[x];
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(info, rows, 1);
    }
    jpeg_finish_compress(info);
    free(row);
    return 0;
}

/// Writes a Cairo RGB24 image surface as a baseline JPEG (for tests and tools);
/// returns 0 on success, else writes the reason into `message`.
static inline int CCairo_jpeg_write(cairo_surface_t *surface, const char *path, int quality, char *message, size_t messageSize) {
    FILE *file = fopen(path, "wb");
    if (!file) { snprintf(message, messageSize, "cannot create the file"); return -1; }
    struct jpeg_compress_struct info;
    struct CCairo_jpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CCairo_jpeg_error_exit;
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    int result = CCairo_jpeg_compress(&info, &error, surface, quality, message, messageSize);
    jpeg_destroy_compress(&info);
    fclose(file);
    return result;
}

/// Encodes a Cairo RGB24 image surface as a baseline JPEG in memory: on success returns
/// 0 and a buffer the caller releases with `free`, else writes the reason into `message`.
static inline int CCairo_jpeg_encode(cairo_surface_t *surface, int quality, unsigned char **bytes, unsigned long *count,
                                     char *message, size_t messageSize) {
    struct jpeg_compress_struct info;
    struct CCairo_jpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CCairo_jpeg_error_exit;
    *bytes = NULL;
    *count = 0;
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, bytes, count);
    int result = CCairo_jpeg_compress(&info, &error, surface, quality, message, messageSize);
    jpeg_destroy_compress(&info);
    if (result != 0) { free(*bytes); *bytes = NULL; *count = 0; }
    return result;
}

#endif
