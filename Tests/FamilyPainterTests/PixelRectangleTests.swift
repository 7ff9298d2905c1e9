import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing
@testable import FamilyPainter

/// Small raster images draw their boxes and greeked bars straight into the pixels
/// (`PixelRectangles`) instead of through Cairo's rasteriser: the pictures must be
/// Cairo's own but for rounding. Square corners (thumbnails of large families) within 3
/// of 255 levels per channel; round ones within the golden images' tolerance (Cairo
/// scan-converts curves on a grid of 15 rows per pixel, the pixel painter computes each
/// pixel's exact area: up to 13 levels apart at a box's corner).
@Suite struct PixelRectangleTests {
    /// A painter that draws every box and bar with Cairo, and one that writes them into
    /// the pixels where it can (the default).
    func painters() throws -> (cairo: ChartPainter, pixels: ChartPainter) {
        let cairo = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        cairo.palette.paintsRectanglesAsPixels = false
        return (cairo, try ChartPainter(fonts: .file(FixturePaths.fontConfig)))
    }

    /// The largest difference of any channel of any pixel, and how many pixels differ.
    func difference(_ a: RasterImage, _ b: RasterImage) -> (largest: UInt32, pixels: Int) {
        var largest: UInt32 = 0, count = 0
        for (p, q) in zip(a.pixels, b.pixels) where p & 0xFF_FFFF != q & 0xFF_FFFF {
            count += 1
            largest = max(largest, GoldenImage.channelDelta(p, q))
        }
        return (largest, count)
    }

    @Test(arguments: [(60, 23), (79, 24), (70, 25)] as [(Int, UInt64)])
    func squareBoxesAreCairosWithinRounding(persons: Int, seed: UInt64) throws {
        let scene = try TestFamilies.thumbnailScene(persons: persons, seed: seed)
        let (cairo, pixels) = try painters()
        let size = PixelSize(width: 256, height: 256)
        #expect(Theme.colour.cornerRadius * min(256 / scene.width, 256 / scene.height) < 0.8, "the corners are drawn square")
        for greeks in [true, false] {
            let expected = try cairo.rasterize(scene, fitting: size, greeksSmallText: greeks)
            let actual = try pixels.rasterize(scene, fitting: size, greeksSmallText: greeks)
            let (largest, count) = difference(expected, actual)
            #expect(count > 0, "the boxes are written as pixels (else this test compares Cairo with itself)")
            #expect(largest <= 3, "\(persons) persons, greeking \(greeks): \(count) pixels differ, by up to \(largest) levels")
        }
    }

    /// Boxes with round corners (small families, larger images), at several scales.
    @Test(arguments: [0.15, 0.3, 0.6, 1.0])
    func roundBoxesAreCairosWithinTheGoldenTolerance(scale: Double) throws {
        let scene = try TestFamilies.thumbnailScene(persons: 14, seed: 8)
        let (cairo, pixels) = try painters()
        let expected = try cairo.rasterize(scene, scale: scale), actual = try pixels.rasterize(scene, scale: scale)
        #expect(expected.width * expected.height <= PixelRectangles.largestImage)
        let (largest, count) = difference(expected, actual)
        #expect(count > 0, "scale \(scale): the boxes are written as pixels")
        #expect(largest <= 14, "scale \(scale): \(count) pixels differ, by up to \(largest) levels")
        #expect(GoldenImage.compare(expected, actual).passes, "scale \(scale): \(GoldenImage.compare(expected, actual).summary)")
    }

    /// Images larger than `largestImage` are Cairo's own, byte for byte.
    @Test func largeImagesAreDrawnByCairo() throws {
        let scene = try TestFamilies.thumbnailScene(persons: 14, seed: 8)
        let (cairo, pixels) = try painters()
        let scale = 1.2 * (Double(PixelRectangles.largestImage) / (scene.width * scene.height)).squareRoot()
        let expected = try cairo.rasterize(scene, scale: scale), actual = try pixels.rasterize(scene, scale: scale)
        #expect(expected.width * expected.height > PixelRectangles.largestImage)
        #expect(expected.pixels == actual.pixels)
    }

    /// A painter reuses its pixels and coverage mask from one PNG to the next: each PNG is
    /// the one a new painter makes (no pixel or coverage left over from the one before).
    @Test func keptPixelsLeaveNothingBehind() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let scenes = try [(79, 24), (14, 8), (60, 23), (14, 8)].map { try TestFamilies.thumbnailScene(persons: $0.0, seed: $0.1) }
        var options = RenderOptions()
        for (index, scene) in scenes.enumerated() {
            for size in [PixelSize(width: 256, height: 256), PixelSize(width: 200, height: 120)] {
                options.fitSize = size
                let reused = try painter.render(scene, format: .png, options: options)
                let fresh = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).render(scene, format: .png, options: options)
                #expect(reused == fresh, "scene \(index) at \(size.width)×\(size.height)")
            }
        }
    }

    /// The corner's exact area: a whole quarter disc, and any cut of it into pixels adds up.
    @Test func discAreasAddUp() {
        for radius in [0.3, 1, 2.5, 7.25] {
            let whole = PixelRectangles.discArea(0, radius, 0, radius, radius: radius)
            #expect(abs(whole - Double.pi * radius * radius / 4) < 1e-4 * radius * radius, "radius \(radius)")
            let steps = [0, 0.37, 1, 1.9, 2.2, 4, 7.25].filter { $0 < radius } + [radius]
            var sum = 0.0
            for (u0, u1) in zip(steps, steps.dropFirst()) {
                for (v0, v1) in zip(steps, steps.dropFirst()) { sum += PixelRectangles.discArea(u0, u1, v0, v1, radius: radius) }
            }
            #expect(abs(sum - whole) < 1e-9, "radius \(radius): pieces \(sum), whole \(whole)")
        }
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(abs(PixelRectangles.arcsine(x) - asin(x)) < 7e-5, "asin(\(x))")
        }
    }
}
