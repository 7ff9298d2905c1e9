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

    /// One long, tall part and six short ones (like willis.ged's: a chart of eight rows and
    /// small families): shelves put the short parts on a shelf under the tall one (or beside
    /// it, one after another); compact stands them under one another beside it, in the
    /// room a shelf leaves empty, on less paper.
    @Test func compactStandsShortPartsUnderOneAnotherBesideATallOne() {
        let sizes = [(width: 12_000.0, height: 880.0)] + [(width: Double, height: Double)](repeating: (300, 200), count: 6)
        var wall = packing
        wall.toleratesLargestPartShape = true
        let shelvesOnly = wall.pack(sizes, arrangement: .pack)
        wall.fillsGaps = true
        let filled = wall.pack(sizes, arrangement: .pack)
        #expect(filled.width * filled.height < 0.8 * shelvesOnly.width * shelvesOnly.height,
                "\(filled.width) × \(filled.height) against \(shelvesOnly.width) × \(shelvesOnly.height)")
        #expect(filled.height <= 880 + 1e-9, "the short parts fit beside the tall one: \(filled.height)")
        #expect(Set(filled.origins.dropFirst().map(\.y)).count > 1, "some short part stands under another")
        for result in [shelvesOnly, filled] { expectApart(result, sizes) }
    }

    /// Random parts: the skyline never lets two come nearer than the gaps, and the page is
    /// never scores worse than the shelves' (both are tried, the better kept).
    @Test func skylineKeepsPartsApartAndNeverLosesToShelves() {
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next(_ range: Double) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * range
        }
        for _ in 0..<40 {
            let sizes = (0..<(2 + Int(next(30)))).map { _ in (width: 100 + next(3000), height: 52 + 88 * Double(Int(next(10)))) }
            var wall = packing
            wall.toleratesLargestPartShape = true
            let shelvesOnly = wall.pack(sizes, arrangement: .pack)
            wall.fillsGaps = true
            let filled = wall.pack(sizes, arrangement: .pack)
            expectApart(filled, sizes)
            let tolerance = wall.tolerance(sizes)
            #expect(wall.score(filled, tolerance: tolerance) <= wall.score(shelvesOnly, tolerance: tolerance) + 1e-6)
            for order in [Array(sizes.indices), Array(sizes.indices.reversed())] {
                for width in [0.0, 2000, 6000] { expectApart(wall.skyline(sizes, order: order, width: width), sizes) }
            }
        }
    }

    /// A tree of four rows, narrow at the top and 6,000 pt wide at the bottom, and five small
    /// parts: compact stands them in the tree's empty upper corners, inside its rectangle
    /// (the page is the tree's own), a gap beside its boxes and lines and a shelf gap above
    /// its rows; shelves and the skyline put them beside it or under it.
    @Test func compactNestsSmallPartsInTheEmptyCornersOfATree() {
        let rows: [(x0: Double, x1: Double)] = [(2700, 3300), (1800, 4200), (600, 5400), (0, 6000)]
        var outline: PartPacking.Outline = []
        for (r, row) in rows.enumerated() {
            let top = Double(r) * 96
            outline.append((row.x0, top, row.x1, top + 52, false))
            if r + 1 < rows.count { outline.append((min(row.x0, rows[r + 1].x0), top + 52, max(row.x1, rows[r + 1].x1), top + 96, true)) }
        }
        let sizes = [(width: 6000.0, height: 3 * 96 + 52)] + [(width: Double, height: Double)](repeating: (400, 52), count: 5)
        var wall = packing
        wall.toleratesLargestPartShape = true
        let around = wall.pack(sizes, arrangement: .pack)
        wall.fillsGaps = true
        let nested = wall.pack(sizes, arrangement: .pack, host: (0, outline))
        #expect(nested.width == 6000 && nested.height == 3 * 96 + 52, "\(nested.width) × \(nested.height)")
        #expect(nested.host == 0 && around.host == nil)
        #expect(nested.width * nested.height < around.width * around.height)
        // Clear of the tree's outline: a gap beside, a shelf gap above its boxes, a gap above its lines.
        for k in 1..<sizes.count {
            let (x, y) = nested.origins[k]
            for r in outline {
                let apartX = x + 400 + 48 <= r.x0 + 1e-9 || r.x1 + 48 <= x + 1e-9
                let apartY = y + 52 + (r.lines ? 48 : 112) <= r.y0 + 1e-9 || r.y1 + (r.lines ? 48 : 112) <= y + 1e-9
                #expect(apartX || apartY, "part \(k) at \(x), \(y) against \(r)")
            }
            for j in 1..<k {
                let (a, b) = (nested.origins[j], nested.origins[k])
                #expect(abs(a.x - b.x) >= 448 - 1e-9 || abs(a.y - b.y) >= 52 + 112 - 1e-9, "parts \(j) and \(k)")
            }
        }
    }

    /// No two rectangles overlap, and each shelf stands a full shelf gap under the one above.
    private func expectApart(_ result: PartPacking.Result, _ sizes: [(width: Double, height: Double)]) {
        for i in sizes.indices {
            #expect(result.origins[i].x >= 0 && result.origins[i].y >= 0, "part \(i)")
            #expect(result.origins[i].x + sizes[i].width <= result.width + 1e-9 && result.origins[i].y + sizes[i].height <= result.height + 1e-9, "part \(i)")
            for j in sizes.indices where i < j {
                let (a, b) = (result.origins[i], result.origins[j])
                let apartX = a.x + sizes[i].width + 48 <= b.x + 1e-9 || b.x + sizes[j].width + 48 <= a.x + 1e-9
                let apartY = a.y + sizes[i].height + 112 <= b.y + 1e-9 || b.y + sizes[j].height + 112 <= a.y + 1e-9
                #expect(apartX || apartY, "parts \(i) and \(j)")
            }
        }
    }
}
