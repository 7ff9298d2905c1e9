internal import CCairo

/// Turns a photo file's bytes into the small square image a box shows, checking before
/// any decoding what the header says: a 48 KB PNG used to ask for 1.6 GB and a 214-byte
/// JPEG for 26 GB.
///
/// - PNG (by its signature): `IHDR` read first; refused above `maximumPixels` or
///   Cairo's 32,767 pixels a side; then decoded by Cairo from memory.
/// - JPEG (`FF D8 FF`): libjpeg-turbo from memory, refused above `maximumPixels` once it
///   has read the header, scaled down while decoding, with its working memory capped at
///   `maximumMemory` and progressive files at `maximumScans` scans; CMYK and YCCK are
///   converted.
/// - Then the centre square is cut out and scaled down to at most `side` pixels: what
///   PDF and SVG embed and the cache keeps, never the full original.
struct PhotoDecoder {
    /// 40 megapixels: any camera photo; 160 MB at most while decoding.
    var maximumPixels = 40_000_000
    var maximumMemory = 256 << 20
    var maximumScans = 64
    /// The side of the square kept: enough for a 46-point photo at 600 dpi.
    var side = 384

    /// The pixels a PNG's header or a JPEG's frame header declares (what decoding it
    /// costs), 0 when neither is found (decoding then fails on its own).
    static func declaredPixels(_ bytes: [UInt8]) -> Int {
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return min(word(16), 1 << 20) * min(word(20), 1 << 20) }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return 0 }
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {  // marker segments up to the frame header
            let marker = bytes[i + 1]
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                return (Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])) * (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]))
            }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return 0
    }

    func decode(_ bytes: [UInt8], name: String) throws(PainterError) -> CairoSurface {
        let full: CairoSurface
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            try checkPNGHeader(bytes, name: name)
            full = try CairoSurface.png(data: bytes, name: name)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            full = try CairoSurface.jpeg(data: bytes, name: name, maximumSide: side, maximumPixels: maximumPixels,
                                         maximumMemory: maximumMemory, maximumScans: maximumScans)
        } else {
            throw .unreadableImage(path: name, reason: "neither PNG nor JPEG")
        }
        return try square(full, name: name)
    }

    private func checkPNGHeader(_ bytes: [UInt8], name: String) throws(PainterError) {
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .unreadableImage(path: name, reason: "corrupt PNG (no image header)")
        }
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let width = word(16), height = word(20)
        guard width > 0, height > 0 else { throw .unreadableImage(path: name, reason: "corrupt PNG (an empty image)") }
        guard width <= 32_767, height <= 32_767, width * height <= maximumPixels else {
            throw .unreadableImage(path: name, reason: "too large: \(width) × \(height) pixels, above the budget of \(maximumPixels / 1_000_000) megapixels")
        }
    }

    /// The centre square of `image`, scaled down to at most `side` pixels.
    private func square(_ image: CairoSurface, name: String) throws(PainterError) -> CairoSurface {
        let width = Int(cairo_image_surface_get_width(image.pointer)), height = Int(cairo_image_surface_get_height(image.pointer))
        let crop = min(width, height)
        guard crop > 0 else { throw .unreadableImage(path: name, reason: "an empty image") }
        let target = min(crop, side)
        if width == height && crop == target { return image }
        let result = try CairoSurface.image(width: target, height: target)
        let cairo = try DrawingContext(surface: result)
        let scale = Double(target) / Double(crop)
        cairo_scale(cairo.pointer, scale, scale)
        cairo_set_source_surface(cairo.pointer, image.pointer, -Double(width - crop) / 2, -Double(height - crop) / 2)
        cairo_pattern_set_filter(cairo_get_source(cairo.pointer), CAIRO_FILTER_GOOD)
        cairo_paint(cairo.pointer)
        try cairo.checkStatus("scaling \(name)")
        cairo_surface_flush(result.pointer)
        return result
    }
}
