internal import CCairo
import FoundationEssentials
import FamilyModel

/// An opaque RGB image in memory: what a PNG render holds, and what golden-image tests
/// compare. Pixels are `0xRRGGBB`, row by row from the top.
public struct RasterImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads a PNG file (alpha, if any, is dropped).
    public init(contentsOfPNG path: String) throws(PainterError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableImage(path: path, reason: "cannot be read") }
        try self.init(surface: CairoSurface.png(data: [UInt8](data), name: path))
    }

    init(surface: CairoSurface) throws(PainterError) {
        let (data, width, height, stride) = try surface.imagePixels("reading pixels")
        var pixels = [UInt32](repeating: 0, count: width * height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Writes the image as PNG, atomically.
    public func writePNG(to path: String) throws {
        let surface = try CairoSurface.image(width: width, height: height)
        let (data, _, _, stride) = try surface.imagePixels("writing pixels")
        let raw = UnsafeMutableRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                raw.storeBytes(of: pixels[y * width + x] | 0xFF00_0000, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        try AtomicFile(path: path).write(bytes: PNGEncoder().encode(surface))
    }
}
