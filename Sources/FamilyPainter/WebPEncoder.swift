internal import CImageCodecs

/// Writes WebP files from Cairo RGB24 pixels through Debian's libwebp: lossless by default
/// (a chart's flat colours and text keep every pixel, and come out smaller than the PNG),
/// or lossy at a quality. The one Swift type around `CImageCodecs_webp_encode`.
struct WebPEncoder {
    /// Lossless (the default), or lossy at `quality`.
    var lossless = true
    /// Lossless: effort, 0–100 (more is smaller and slower); lossy: the picture's quality.
    var quality: Float = 25
    /// libwebp's method, 0 (fastest) to 6 (smallest).
    var method: Int32 = 1

    /// Encodes the pixels of an RGB24 image surface as a complete WebP file.
    func encode(_ surface: CairoSurface) throws(PainterError) -> [UInt8] {
        let (data, width, height, stride) = try surface.imagePixels("encoding the WebP")
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        guard CImageCodecs_webp_encode(data, Int32(width), Int32(height), Int32(stride), lossless ? 1 : 0, quality, method,
                                       &bytes, &count, &message, message.count) == 0, let bytes else {
            throw .cairo(operation: "encoding the WebP", reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { CImageCodecs_webp_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
