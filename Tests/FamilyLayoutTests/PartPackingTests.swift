@testable import FamilyLayout
import Testing

/// How parts share the page (`PartPacking`): a page meant for one sheet keeps near the
/// target shape; `--compact` takes the smaller area while the page is no more elongated
/// than 4 times the target, or than its largest part already is.
@Suite struct PartPackingTests {
    let packing = PartPacking(aspect: 2.0.squareRoot(), gap: 48, shelfGap: 112)

    /// A wide chart (like kennedy.ged's: 6,400 × 860 pt) and a small block of persons
    /// without family: for one sheet the block goes under the chart (nearer the target
    /// shape), compact beside it (less paper).
    @Test func compactPutsASmallBlockBesideAWideChartInsteadOfUnderIt() {
        let sizes = [(width: 6400.0, height: 860.0), (width: 370.0, height: 210.0)]
        let sheet = packing.pack(sizes, arrangement: .pack)
        var wall = packing
        wall.toleratesLargestPartShape = true
        let compact = wall.pack(sizes, arrangement: .pack)
        #expect(sheet.origins[1].y > 860 && sheet.height > 860 + 112)
        #expect(compact.origins[1].x >= 6400 + 48 && compact.height == 860)
        #expect(compact.width * compact.height < sheet.width * sheet.height)
        for result in [sheet, compact] { expectApart(result, sizes) }
    }

    /// Many equal parts: compact may not make a banner of them beyond 4 times the target shape.
    @Test func compactMakesNoBannerOfManySmallParts() {
        let sizes = [(width: Double, height: Double)](repeating: (300, 200), count: 40)
        var wall = packing
        wall.toleratesLargestPartShape = true
        let compact = wall.pack(sizes, arrangement: .pack)
        #expect(compact.width / compact.height <= 4 * 2.0.squareRoot() + 1e-9, "\(compact.width) × \(compact.height)")
        expectApart(compact, sizes)
    }

    /// No two rectangles overlap, and each shelf stands a full shelf gap under the one above.
    private func expectApart(_ result: PartPacking.Result, _ sizes: [(width: Double, height: Double)]) {
        for i in sizes.indices {
            for j in sizes.indices where i < j {
                let (a, b) = (result.origins[i], result.origins[j])
                let apartX = a.x + sizes[i].width + 48 <= b.x + 1e-9 || b.x + sizes[j].width + 48 <= a.x + 1e-9
                let apartY = a.y + sizes[i].height + 112 <= b.y + 1e-9 || b.y + sizes[j].height + 112 <= a.y + 1e-9
                #expect(apartX || apartY, "parts \(i) and \(j)")
            }
        }
    }
}
