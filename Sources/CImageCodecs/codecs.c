// The image codecs the painter needs, apart from the Cairo and Pango bindings: JPEG
// decoding (with the budgets hostile photos need) and encoding through libjpeg-turbo, a
// PNG read from memory through Cairo, and zlib's deflateInit, which is a macro.
#include "CImageCodecs.h"
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>  // after stdio.h, which it needs for FILE
#include <jerror.h>

/// See CImageCodecs.h.
int CImageCodecs_deflateInit(z_stream *stream, int level) { return deflateInit(stream, level); }

/// libjpeg reports errors by calling error_exit, which must not return: jump back to
/// the caller with the message instead of letting libjpeg exit the process.
struct CImageCodecs_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void CImageCodecs_jpeg_error_exit(j_common_ptr info) {
    struct CImageCodecs_jpeg_error *error = (struct CImageCodecs_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void CImageCodecs_jpeg_silence(j_common_ptr info, int level) { (void)info; (void)level; }

/// A scan limit for progressive JPEGs: each scan costs a pass over the whole image, and
/// a hostile file can hold thousands (libjpeg-turbo's advice for untrusted input).
struct CImageCodecs_jpeg_progress {
    struct jpeg_progress_mgr base;
    int maximumScans;
};

static void CImageCodecs_jpeg_count_scans(j_common_ptr info) {
    struct CImageCodecs_jpeg_progress *progress = (struct CImageCodecs_jpeg_progress *)info->progress;
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > progress->maximumScans) {
        struct CImageCodecs_jpeg_error *error = (struct CImageCodecs_jpeg_error *)info->err;
        snprintf(error->message, sizeof error->message, "more than %d progressive scans", progress->maximumScans);
        longjmp(error->jump, 1);
    }
}

/// See CImageCodecs.h.
cairo_surface_t *CImageCodecs_jpeg_surface_from_memory(const unsigned char *data, size_t size, int maximumSide,
                                                               double maximumPixels, long maximumMemory, int maximumScans,
                                                               char *message, size_t messageSize) {
    struct jpeg_decompress_struct info;
    struct CImageCodecs_jpeg_error error;
    struct CImageCodecs_jpeg_progress progress;
    cairo_surface_t *volatile surface = NULL;
    JSAMPLE *volatile row = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CImageCodecs_jpeg_error_exit;
    error.base.emit_message = CImageCodecs_jpeg_silence;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, messageSize, "%s", error.message);
        jpeg_destroy_decompress(&info);
        free(row);
        if (surface) cairo_surface_destroy(surface);
        return NULL;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = maximumMemory;
    progress.base.progress_monitor = CImageCodecs_jpeg_count_scans;
    progress.maximumScans = maximumScans;
    info.progress = &progress.base;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if ((double)info.image_width * (double)info.image_height > maximumPixels) {
        snprintf(message, messageSize, "too large: %u × %u pixels, above the budget of %.0f megapixels",
                 info.image_width, info.image_height, maximumPixels / 1e6);
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    int inverted = cmyk && info.saw_Adobe_marker;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && ((int)info.image_width / (int)info.scale_denom > maximumSide
                                    || (int)info.image_height / (int)info.scale_denom > maximumSide)) {
        info.scale_denom *= 2;
    }
    jpeg_start_decompress(&info);
    if (info.output_width == 0 || info.output_height == 0
        || (int)info.output_width > 4 * maximumSide || (int)info.output_height > 4 * maximumSide) {
        snprintf(message, messageSize, "unusable size (%u × %u pixels)", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)info.output_width, (int)info.output_height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        snprintf(message, messageSize, "cannot make an image of %u × %u pixels", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        cairo_surface_destroy(surface);
        return NULL;
    }
    unsigned char *pixelsStart = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    int components = info.output_components;
    row = (JSAMPLE *)malloc((size_t)info.output_width * (size_t)components);
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint32_t *pixels = (uint32_t *)(pixelsStart + (size_t)(info.output_scanline - 1) * (size_t)stride);
        for (unsigned x = 0; x < info.output_width; x++) {
            const JSAMPLE *p = row + (size_t)x * (size_t)components;
            uint32_t r, g, b;
            if (cmyk) {
                /* Adobe writes CMYK inverted (255 = no ink); others straight. */
                uint32_t c = inverted ? p[0] : 255 - p[0], m = inverted ? p[1] : 255 - p[1];
                uint32_t y = inverted ? p[2] : 255 - p[2], k = inverted ? p[3] : 255 - p[3];
                r = c * k / 255; g = m * k / 255; b = y * k / 255;
            } else if (components >= 3) {
                r = p[0]; g = p[1]; b = p[2];
            } else {
                r = g = b = p[0];
            }
            pixels[x] = (r << 16) | (g << 8) | b;
        }
    }
    free(row);
    row = NULL;
    cairo_surface_mark_dirty(surface);
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return surface;
}

/// Reads a PNG from memory for `cairo_image_surface_create_from_png_stream`.
struct CImageCodecs_memory_reader {
    const unsigned char *data;
    size_t size;
    size_t offset;
};

static cairo_status_t CImageCodecs_read_memory(void *closure, unsigned char *buffer, unsigned int length) {
    struct CImageCodecs_memory_reader *reader = (struct CImageCodecs_memory_reader *)closure;
    if (reader->size - reader->offset < length) return CAIRO_STATUS_READ_ERROR;
    memcpy(buffer, reader->data + reader->offset, length);
    reader->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

/// See CImageCodecs.h.
cairo_surface_t *CImageCodecs_png_surface_from_memory(const unsigned char *data, size_t size) {
    struct CImageCodecs_memory_reader reader = { data, size, 0 };
    return cairo_image_surface_create_from_png_stream(CImageCodecs_read_memory, &reader);
}

/// Compresses a Cairo RGB24 image surface as a baseline JPEG into the destination set on
/// `info` (a file or memory); returns 0 on success, else writes the reason into `message`.
static int CImageCodecs_jpeg_compress(struct jpeg_compress_struct *info, struct CImageCodecs_jpeg_error *error,
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

/// See CImageCodecs.h.
int CImageCodecs_jpeg_write(cairo_surface_t *surface, const char *path, int quality, char *message, size_t messageSize) {
    FILE *file = fopen(path, "wb");
    if (!file) { snprintf(message, messageSize, "cannot create the file"); return -1; }
    struct jpeg_compress_struct info;
    struct CImageCodecs_jpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CImageCodecs_jpeg_error_exit;
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    int result = CImageCodecs_jpeg_compress(&info, &error, surface, quality, message, messageSize);
    jpeg_destroy_compress(&info);
    fclose(file);
    return result;
}

/// A JPEG destination in one growing buffer that stays ours: libjpeg's own memory
/// destination frees the first buffer when it grows, so the caller's pointer to it
/// dangles if compression then fails.
struct CImageCodecs_jpeg_memory {
    struct jpeg_destination_mgr base;
    unsigned char *buffer;
    size_t size;
};

static void CImageCodecs_jpeg_memory_start(j_compress_ptr info) { (void)info; }

static boolean CImageCodecs_jpeg_memory_grow(j_compress_ptr info) {
    struct CImageCodecs_jpeg_memory *memory = (struct CImageCodecs_jpeg_memory *)info->dest;
    size_t grownSize = memory->size * 2;
    unsigned char *grown = (unsigned char *)realloc(memory->buffer, grownSize);
    if (!grown) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
    memory->base.next_output_byte = grown + memory->size;  /* the whole old buffer is output */
    memory->base.free_in_buffer = grownSize - memory->size;
    memory->buffer = grown;
    memory->size = grownSize;
    return TRUE;
}

static void CImageCodecs_jpeg_memory_end(j_compress_ptr info) { (void)info; }

/// See CImageCodecs.h.
int CImageCodecs_jpeg_encode(cairo_surface_t *surface, int quality, unsigned char **bytes, unsigned long *count,
                                     char *message, size_t messageSize) {
    struct jpeg_compress_struct info;
    struct CImageCodecs_jpeg_error error;
    struct CImageCodecs_jpeg_memory memory;
    *bytes = NULL;
    *count = 0;
    memory.size = 16384;
    memory.buffer = (unsigned char *)malloc(memory.size);
    if (!memory.buffer) { snprintf(message, messageSize, "out of memory"); return -1; }
    memory.base.next_output_byte = memory.buffer;
    memory.base.free_in_buffer = memory.size;
    memory.base.init_destination = CImageCodecs_jpeg_memory_start;
    memory.base.empty_output_buffer = CImageCodecs_jpeg_memory_grow;
    memory.base.term_destination = CImageCodecs_jpeg_memory_end;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CImageCodecs_jpeg_error_exit;
    jpeg_create_compress(&info);
    info.dest = &memory.base;
    int result = CImageCodecs_jpeg_compress(&info, &error, surface, quality, message, messageSize);
    jpeg_destroy_compress(&info);
    if (result != 0) {
        free(memory.buffer);
        return result;
    }
    *bytes = memory.buffer;
    *count = (unsigned long)(memory.size - memory.base.free_in_buffer);
    return 0;
}

/// See CImageCodecs.h.
int CImageCodecs_jpeg_write_test(const char *path, int width, int height, int cmyk, int c, int m, int y, int k, int acScans) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    struct jpeg_compress_struct info;
    struct CImageCodecs_jpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = CImageCodecs_jpeg_error_exit;
    JSAMPLE *volatile row = NULL;
    jpeg_scan_info *volatile scans = NULL;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        fclose(file);
        free(row);
        free(scans);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = cmyk ? 4 : 3;
    info.in_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&info);
    if (acScans > 0) {
        int components = info.num_components, count = 0;
        scans = (jpeg_scan_info *)calloc((size_t)(components * (acScans + 1)), sizeof(jpeg_scan_info));
        for (int component = 0; component < components; component++) {
            scans[count].comps_in_scan = 1; scans[count].component_index[0] = component;
            scans[count].Ss = 0; scans[count].Se = 0; count++;
        }
        for (int component = 0; component < components; component++) {
            for (int band = 0; band < acScans; band++) {
                int first = 1 + band * 63 / acScans, last = (band + 1) * 63 / acScans;
                scans[count].comps_in_scan = 1; scans[count].component_index[0] = component;
                scans[count].Ss = first; scans[count].Se = last; count++;
            }
        }
        info.scan_info = scans;
        info.num_scans = count;
    }
    jpeg_start_compress(&info, TRUE);
    row = (JSAMPLE *)malloc((size_t)width * (size_t)info.input_components);
    for (int x = 0; x < width; x++) {
        JSAMPLE *p = row + x * info.input_components;
        p[0] = (JSAMPLE)c; p[1] = (JSAMPLE)m; p[2] = (JSAMPLE)y;
        if (cmyk) p[3] = (JSAMPLE)k;
    }
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    fclose(file);
    free(row);
    free(scans);
    return 0;
}
