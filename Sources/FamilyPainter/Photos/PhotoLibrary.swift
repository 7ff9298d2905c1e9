internal import CCairo
import FamilyModel
import FoundationEssentials

/// The avatar images of one painter. Each path is opened once per `reset` under the
/// painter's `PhotoAccess` (`PhotoFile`), its header checked and the image decoded and cut
/// to a small square (`PhotoDecoder`). Decoded images are kept by file identity (device
/// and inode: two spellings of one file, or a file renamed between items, are one
/// entry), at most `maximumCachedBytes` of pixels. A file that cannot be used is reported
/// once in `warnings` (naming the path as the data file wrote it) and its box is drawn
/// without a photo. One chart decodes at most `maximumPixelsPerChart` pixels in at most
/// `maximumSecondsPerChart` seconds; photos past that budget are left out, each with a warning.
final class PhotoLibrary {
    var access: PhotoAccess = .any(root: nil)
    private var byPath: [String: FileIdentity?] = [:]
    private var images: [FileIdentity: CairoSurface] = [:]
    private var cachedBytes = 0
    private var warned = Set<String>()
    private(set) var warnings: [String] = []
    private let decoder = PhotoDecoder()
    /// Images decoded so far (tests check the cache with it).
    private(set) var decodedCount = 0

    /// 64 MiB of decoded squares (about 100 photos at the largest size); past it, photos
    /// are decoded again each time they are met.
    static let maximumCachedBytes = 64 << 20
    /// Pixels decoded for one chart (between resets) at most: five photos of the largest
    /// size each photo may have. Forty small files of 40 megapixels each took 22 s.
    static let maximumPixelsPerChart = 200_000_000
    /// Seconds spent decoding photos for one chart at most; later photos are left out.
    static let maximumSecondsPerChart = 5.0
    private var decodedPixels = 0
    private var decodingSeconds = 0.0

    /// Forgets every image and path (a batch does this between items: no item sees
    /// another's files).
    func reset() {
        byPath.removeAll()
        images.removeAll()
        warned.removeAll()
        cachedBytes = 0
        decodedPixels = 0
        decodingSeconds = 0
    }

    /// The image at `path`, or nil (with a warning the first time) when there is none.
    func image(at path: String) -> CairoSurface? {
        if case .none = access { return nil }
        if let known = byPath[path] {
            guard let identity = known else { return nil }
            if let image = images[identity] { return image }
        }
        do throws(PainterError) {
            let (identity, bytes) = try PhotoFile.read(path, access: access)
            byPath[path] = identity
            if let image = images[identity] { return image }
            let pixels = PhotoDecoder.declaredPixels(bytes)
            // A photo over the per-photo limit is refused by the decoder with its own reason.
            guard pixels > decoder.maximumPixels
                || (decodedPixels + pixels <= Self.maximumPixelsPerChart && decodingSeconds < Self.maximumSecondsPerChart) else {
                throw PainterError.unreadableImage(path: access.written(path), reason: "the chart's photo budget "
                    + "(\(Self.maximumPixelsPerChart / 1_000_000) megapixels, \(Int(Self.maximumSecondsPerChart)) s of decoding) is spent")
            }
            let clock = ContinuousClock(), start = clock.now
            defer {
                let elapsed = clock.now - start
                decodingSeconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            decodedPixels += pixels
            let image = try decoder.decode(bytes, name: access.written(path))
            decodedCount += 1
            let size = Int(cairo_image_surface_get_stride(image.pointer)) * Int(cairo_image_surface_get_height(image.pointer))
            if cachedBytes + size <= Self.maximumCachedBytes {
                images[identity] = image
                cachedBytes += size
            }
            return image
        } catch {
            if warned.insert(path).inserted { warnings.append("photo \(error.description); the box is drawn without it") }
            byPath[path] = .some(nil)
            return nil
        }
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
