// WebP encoding of Cairo RGB24 surfaces through Debian's libwebp.
#include "CImageCodecs.h"
#include <stdio.h>
#include <string.h>
#include <webp/encode.h>

/// See CImageCodecs.h.
int CImageCodecs_webp_encode(const unsigned char *pixels, int width, int height, int stride, int lossless, float quality,
                             int method, unsigned char **bytes, size_t *count, char *message, size_t messageSize) {
    *bytes = NULL;
    *count = 0;
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        snprintf(message, messageSize, "libwebp version mismatch");
        return -1;
    }
    config.lossless = lossless ? 1 : 0;
    config.quality = quality;
    config.method = method;
    if (!WebPValidateConfig(&config)) {
        snprintf(message, messageSize, "invalid WebP settings");
        return -1;
    }
    picture.use_argb = 1;  // lossless wants ARGB; lossy converts to YUV itself
    picture.width = width;
    picture.height = height;
    // Cairo's RGB24 is B, G, R, unused in memory on little-endian machines (its 32-bit
    // words are xRGB); WebP reads the unused byte as opaque.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    int imported = WebPPictureImportBGRX(&picture, pixels, stride);
#else
    int imported = WebPPictureImportRGBX(&picture, pixels + 1, stride);  // xRGB: skip the unused byte
#endif
    if (!imported) {
        WebPPictureFree(&picture);
        snprintf(message, messageSize, "out of memory");
        return -1;
    }
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    int error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        snprintf(message, messageSize, "libwebp error %d", error);
        return -1;
    }
    *bytes = writer.mem;
    *count = writer.size;
    return 0;
}

/// See CImageCodecs.h.
void CImageCodecs_webp_free(unsigned char *bytes) { WebPFree(bytes); }
