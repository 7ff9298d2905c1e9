internal import CCairo
import Foundation

/// The avatar images of one painter, loaded once per path: PNG through Cairo, JPEG through
/// libjpeg-turbo (by content, not by name). A file that is missing or cannot be read is
/// remembered as such, reported once in `warnings`, and its box is drawn without a photo.
final class PhotoLibrary {
    private var images: [String: CairoSurface?] = [:]
    private(set) var warnings: [String] = []

    /// The image at `path`, or nil (with a warning the first time) when there is none.
    func image(at path: String) -> CairoSurface? {
        if let known = images[path] { return known }
        let loaded: CairoSurface?
        do {
            loaded = try Self.load(path)
        } catch {
            warnings.append("photo \(error.description); the box is drawn without it")
            loaded = nil
        }
        images[path] = loaded
        return loaded
    }

    private static func load(_ path: String) throws(PainterError) -> CairoSurface {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadableImage(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let magic = [UInt8](handle.readData(ofLength: 8))
        try? handle.close()
        if magic.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try CairoSurface.png(path: path) }
        if magic.starts(with: [0xFF, 0xD8, 0xFF]) { return try CairoSurface.jpeg(path: path) }
        throw .unreadableImage(path: path, reason: "neither PNG nor JPEG")
    }

    /// Paints `image` covering the square (x, y, side) — centre-cropped to keep its
    /// aspect ratio — clipped to a rounded square of corner `radius`.
    func paint(_ image: CairoSurface, x: Double, y: Double, side: Double, radius: Double, on cairo: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(image.pointer))
        let height = Double(cairo_image_surface_get_height(image.pointer))
        guard width > 0, height > 0 else { return }
        cairo_save(cairo)
        let r = min(radius, side / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + side - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + side - r, y + side - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + side - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_clip(cairo)
        let scale = side / min(width, height)
        cairo_translate(cairo, x + (side - width * scale) / 2, y + (side - height * scale) / 2)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
