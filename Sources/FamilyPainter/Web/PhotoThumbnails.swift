internal import CCairo
internal import CImageCodecs
import FoundationEssentials

/// Photos for SVG and HTML output as small JPEG `data:` URLs, so that a file stays
/// self-contained: each photo is centre-cropped to the square the box shows, scaled to
/// at most `side` pixels (sharp at 4× zoom of a standard box) and encoded once.
final class PhotoThumbnails {
    private let photos: PhotoLibrary
    private var made: [String: String?] = [:]
    /// The largest side, in pixels, of a thumbnail.
    static let side = 192

    init(photos: PhotoLibrary) {
        self.photos = photos
    }

    /// The photo at `path` as a `data:image/jpeg;base64,…` URL, or nil when it cannot be
    /// read (the photo library warns once, as for PDF and PNG).
    func dataURL(for path: String) -> String? {
        if let known = made[path] { return known }
        let url = photos.image(at: path).flatMap(Self.encode)
        made[path] = url
        return url
    }

    private static func encode(_ image: CairoSurface) -> String? {
        let width = Double(cairo_image_surface_get_width(image.pointer))
        let height = Double(cairo_image_surface_get_height(image.pointer))
        guard width > 0, height > 0 else { return nil }
        let pixels = max(1, min(side, Int(min(width, height))))
        guard let square = try? CairoSurface.image(width: pixels, height: pixels),
              let cairo = try? DrawingContext(surface: square) else { return nil }
        let scale = Double(pixels) / min(width, height)
        cairo_scale(cairo.pointer, scale, scale)
        cairo_translate(cairo.pointer, -(width - min(width, height)) / 2, -(height - min(width, height)) / 2)
        cairo_set_source_surface(cairo.pointer, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo.pointer), CAIRO_FILTER_GOOD)
        cairo_paint(cairo.pointer)
        guard (try? cairo.checkStatus("scaling a photo")) != nil else { return nil }
        var bytes: UnsafeMutablePointer<UInt8>?
        var count: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        guard CImageCodecs_jpeg_encode(square.pointer, 85, &bytes, &count, &message, message.count) == 0, let bytes else { return nil }
        defer { free(bytes) }
        return "data:image/jpeg;base64," + Data(bytes: bytes, count: Int(count)).base64EncodedString()
    }
}
