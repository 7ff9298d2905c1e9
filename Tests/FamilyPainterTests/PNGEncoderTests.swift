internal import CCairo
import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing
@testable import FamilyPainter

/// Small images are deflated as runs (`CImageCodecs_png_runs_idat`), larger ones with
/// zlib: either way a PNG reader (Cairo's, libpng) gets back exactly the pixels painted.
@Suite struct PNGEncoderTests {
    /// An image surface holding `pixels` (0xRRGGBB, row by row); the unused top byte set
    /// to junk, which the encoder must ignore.
    func surface(_ image: RasterImage) throws -> CairoSurface {
        let surface = try CairoSurface.image(width: image.width, height: image.height)
        let (data, _, _, stride) = try surface.imagePixels("test")
        let raw = UnsafeMutableRawPointer(data)
        for y in 0..<image.height {
            for x in 0..<image.width {
                raw.storeBytes(of: image.pixels[y * image.width + x] | UInt32(x & 0x7F) << 24, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    func decoded(_ bytes: [UInt8]) throws -> RasterImage {
        try RasterImage(surface: CairoSurface.png(data: bytes, name: "test"))
    }

    /// Images with each kind of row: repeated rows, byte runs, pixel runs, noise, one pixel.
    static let images: [String: RasterImage] = {
        var random = SplitMix64(seed: 7)
        func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> UInt32) -> RasterImage {
            RasterImage(width: width, height: height, pixels: (0..<width * height).map { pixel($0 % width, $0 / width) })
        }
        let noise = image(77, 100) { _, _ in UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        let lowNoise = image(211, 300) { _, _ in UInt32.random(in: 0...2, using: &random) * 0x01_0101 }
        let stripes = image(40, 40) { _, y in y % 2 == 0 ? 0x07_0707 : 0 }
        let bands = image(300, 5) { x, _ in x < 150 ? 0xFF_FFFF : 0x33_66CC }
        let pattern = image(600, 3) { x, _ in [0x12_3456, 0xAB_CDEF, 0x12_3456][x % 3] }
        // A chart-like thumbnail: white, boxes of a few colours with darker edges, lines.
        var boxes: [(x: Int, y: Int, w: Int, h: Int, colour: UInt32)] = []
        for _ in 0..<60 {
            boxes.append((Int.random(in: 0..<240, using: &random), Int.random(in: 0..<250, using: &random), Int.random(in: 4..<16, using: &random),
                          Int.random(in: 2..<6, using: &random), [0xCF_E2F3, 0xF4_CCCC, 0xE0_E0E0][Int.random(in: 0..<3, using: &random)]))
        }
        let chart = image(256, 256) { x, y in
            if y % 37 == 5 && x % 50 < 30 { return 0x66_6666 }
            for box in boxes where (box.x...box.x + box.w).contains(x) && (box.y...box.y + box.h).contains(y) {
                return x == box.x || y == box.y || x == box.x + box.w || y == box.y + box.h ? box.colour &- 0x30_3030 : box.colour
            }
            return 0xFF_FFFF
        }
        return ["noise": noise, "low noise": lowNoise, "stripes": stripes, "bands": bands, "pattern": pattern, "chart": chart,
                "one pixel": image(1, 1) { _, _ in 0xFE_DCBA }, "one column": image(1, 600) { _, y in UInt32(y % 256) }]
    }()

    /// The bytes images deflate to as runs, pinned (CRC-32 of each PNG, recorded before the
    /// encoder's runs were found a word at a time): changes to the encoder's speed must
    /// keep every file byte for byte.
    static let pinnedRuns: [String: UInt32] = [
        "bands": 0x1C48_31EF, "chart": 0x2279_75FD, "low noise": 0xDAC6_22EC, "noise": 0x49D4_AFA6, "one column": 0xDD73_9140,
        "one pixel": 0xD56C_E4CD, "pattern": 0xCE31_0A97, "stripes": 0x20F9_5D37,
    ]

    @Test(arguments: images.keys.sorted())
    func runsAreDeflatedToThePinnedBytes(name: String) throws {
        let image = try #require(Self.images[name])
        let runs = try PNGEncoder().encode(surface(image))
        let crc = CRC32.checksum(runs[...])
        #expect(crc == Self.pinnedRuns[name], "\(name): CRC-32 \(String(crc, radix: 16)) (\(runs.count) bytes)")
    }

    @Test(arguments: images.keys.sorted())
    func runsAndZlibBothGiveBackThePixels(name: String) throws {
        let image = try #require(Self.images[name])
        let runs = try PNGEncoder().encode(surface(image))
        let zlib = try PNGEncoder(runsLimit: 0).encode(surface(image))
        #expect(runs != zlib, "\(name): the two encoders were both used")
        #expect(try decoded(runs) == image, "\(name): deflated as runs")
        #expect(try decoded(zlib) == image, "\(name): deflated by zlib")
    }

    /// A thumbnail as a batch draws it: the same pixels, in no more bytes than zlib's level 1 plus a tenth.
    @Test func aThumbnailDeflatedAsRunsIsTheSamePictureAndNoLarger() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let graph = try TestFamilies.synthetic(45, seed: 12)
        var choice = ChartChoice()
        choice.targetAspect = 1
        var layout = ChartLayout()
        layout.request = try choice.request(in: graph)
        let image = try painter.rasterize(layout.scene(for: graph), fitting: PixelSize(width: 256, height: 256))
        let runs = try PNGEncoder().encode(surface(image))
        let zlib = try PNGEncoder(runsLimit: 0).encode(surface(image))
        #expect(try decoded(runs) == image)
        #expect(Double(runs.count) <= 1.1 * Double(zlib.count), "\(runs.count) bytes as runs, \(zlib.count) with zlib")
    }
}
