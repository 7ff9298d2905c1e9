import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing
@testable import FamilyPainter

/// Raster boxes whose corners are rounded by less than 0.8 pixel are drawn as rectangles
/// (`Palette.squareCornerPixels`): thumbnails must look like the rounded drawing (only
/// corner pixels change, within the golden images' tolerance), and readable sizes must
/// not change at all.
@Suite struct SquareCornerTests {
    /// Two painters alike but for `squareCornerPixels`: the default, and one that keeps
    /// every corner round (the drawing before square corners).
    func painters() throws -> (square: ChartPainter, round: ChartPainter) {
        let square = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let round = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        round.palette.squareCornerPixels = 0
        return (square, round)
    }

    @Test(arguments: [(60, 23), (70, 25), (79, 24)] as [(Int, UInt64)])
    func thumbnailsWithSquareCornersLookLikeRoundOnes(persons: Int, seed: UInt64) throws {
        let scene = try TestFamilies.thumbnailScene(persons: persons, seed: seed)
        let (square, round) = try painters()
        let size = PixelSize(width: 256, height: 256)
        #expect(Theme.colour.cornerRadius * min(256 / scene.width, 256 / scene.height) < 0.8, "the corners are drawn square")
        for greeks in [true, false] {
            let squared = try square.rasterize(scene, fitting: size, greeksSmallText: greeks)
            let rounded = try round.rasterize(scene, fitting: size, greeksSmallText: greeks)
            let differ = squared.pixels != rounded.pixels  // (not in the expectation: it would print both images)
            #expect(differ, "the corners are drawn square (\(persons) persons)")
            let result = GoldenImage.compare(rounded, squared)
            #expect(result.passes, "\(persons) persons, greeking \(greeks): \(result.summary)")
        }
    }

    /// At sizes where a corner spans 0.8 pixel or more, boxes keep their round corners: the
    /// same pixels as a painter that never squares them.
    @Test func readableSizesKeepRoundCorners() throws {
        let scene = try TestFamilies.thumbnailScene(persons: 12, seed: 5)
        let (square, round) = try painters()
        for scale in [0.1, 0.125, 0.5, 1] {  // corners of 0.8, 1, 4 and 8 pixels
            let squared = try square.rasterize(scene, scale: scale), rounded = try round.rasterize(scene, scale: scale)
            let same = squared.pixels == rounded.pixels
            #expect(same, "scale \(scale)")
        }
    }
}
