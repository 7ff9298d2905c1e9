internal import CCairo
internal import CImageCodecs
@testable import FamilyPainter
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The in-memory JPEG encoder behind the SVG and HTML photo thumbnails.
@Suite struct JPEGEncoderTests {
    /// Noise does not compress: its JPEG outgrows the encoder's first buffer several
    /// times, and what comes back must still be one whole, readable file.
    @Test func anImageLargerThanTheFirstBufferEncodesWholeAndDecodesBack() throws {
        let side = 192
        let image = try CairoSurface.image(width: side, height: side)
        cairo_surface_flush(image.pointer)
        let stride = Int(cairo_image_surface_get_stride(image.pointer))
        let pixels = try #require(cairo_image_surface_get_data(image.pointer))
        var state: UInt32 = 12345
        for y in 0..<side {
            let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<side {
                state = state &* 1_664_525 &+ 1_013_904_223
                row[x] = state >> 8
            }
        }
        cairo_surface_mark_dirty(image.pointer)
        var bytes: UnsafeMutablePointer<UInt8>?
        var count: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        #expect(CImageCodecs_jpeg_encode(image.pointer, 95, &bytes, &count, &message, message.count) == 0)
        let encoded = try #require(bytes)
        defer { free(encoded) }
        #expect(count > 2 * 16_384, "noise at quality 95 is larger than the first buffer: \(count) bytes")
        let data = Array(UnsafeBufferPointer(start: encoded, count: Int(count)))
        #expect(data.prefix(2) == [0xFF, 0xD8] && data.suffix(2) == [0xFF, 0xD9], "starts with SOI, ends with EOI")
        let decoded = try CairoSurface.jpeg(data: data, name: "noise.jpg", maximumSide: 1024, maximumPixels: 1 << 20,
                                            maximumMemory: 64 << 20, maximumScans: 100)
        #expect(cairo_image_surface_get_width(decoded.pointer) == Int32(side))
        #expect(cairo_image_surface_get_height(decoded.pointer) == Int32(side))
    }
}
