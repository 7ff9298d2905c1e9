@testable import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// Issue 46's figures, `SceneInvariants.attribution()`, on the family charts of the shared
/// real files and of generated families, default and `--compact`: the share of children
/// standing under another couple and the longest sideways line, each held under the
/// ceiling the *align* step reached (measured, plus a small margin) so that it cannot
/// come back unnoticed.
@Suite struct AttributionFiguresTests {
    private let compact = ChartLayout(request: .family(FamilyChartOptions(compact: true)))

    /// A shared file and its ceilings: share under another couple (default, compact) and
    /// the longest sideways line of the default chart, in points.
    struct Ceiling: CustomStringConvertible, Sendable {
        var path: String
        var share: Double
        var compactShare: Double
        var sideways: Double
        var description: String { (path as NSString).lastPathComponent }
    }

    /// Measured on 8 December (default / `--compact` / longest line, default): royal92 32.4 %
    /// / 71.1 % / 5,357 pt (51.2 % and 8,869 pt before the *align* step), Queen 16.1 / 50.3 %
    /// / 1,718 pt (38.4 %), pres2020 16.3 / 39.7 % / 2,180 pt, Kennedy 14.3 / 32.7 % /
    /// 1,654 pt, IvarKingOfDublin 34.4 / 84.4 % / 13,802 pt (52.3 %, 16,182 pt). `--compact`
    /// is not aligned yet.
    static let files: [Ceiling] = [
        Ceiling(path: "d-jeffrey-gedcom-samples/royal/royal92.ged", share: 0.34, compactShare: 0.72, sideways: 5_500),
        Ceiling(path: "d-jeffrey-gedcom-samples/queen/Queen.ged", share: 0.17, compactShare: 0.51, sideways: 1_800),
        Ceiling(path: "d-jeffrey-gedcom-samples/pres/pres2020.ged", share: 0.17, compactShare: 0.40, sideways: 2_300),
        Ceiling(path: "d-jeffrey-gedcom-samples/famous-family-trees/Kennedy+Family.ged", share: 0.15, compactShare: 0.34, sideways: 1_700),
        Ceiling(path: "d-jeffrey-gedcom-samples/ivar/IvarKingOfDublin.ged", share: 0.36, compactShare: 0.85, sideways: 14_000),
    ]

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"),
          arguments: files)
    func sharedFilesStayUnderTheirCeilings(_ ceiling: Ceiling) throws {
        let graph = try TestFamilies.graph(shared: ceiling.path)
        let plain = ChartLayout().familyScene(for: graph).scene, squeezed = compact.familyScene(for: graph).scene
        let figures = SceneInvariants(scene: plain).attribution(), compactFigures = SceneInvariants(scene: squeezed).attribution()
        print("\(ceiling): default \(figures); compact \(compactFigures)")
        #expect(SceneInvariants(scene: plain).attributionViolations(maximumShareUnderOtherCouple: ceiling.share,
                                                                    maximumSideways: ceiling.sideways) == [], "\(ceiling)")
        #expect(SceneInvariants(scene: squeezed).attributionViolations(maximumShareUnderOtherCouple: ceiling.compactShare) == [],
                "\(ceiling) --compact")
    }

    /// Generated intermarried families (400 and 1,500 persons, one to three roots): the
    /// share over all of them, default and compact, under the ceilings reached (8 December:
    /// 9.4 % of 4,000 children by default, 25.2 % with `--compact`).
    @Test func generatedFamiliesStayUnderTheirCeilings() throws {
        var plain = SceneInvariants.Attribution(), squeezed = SceneInvariants.Attribution()
        for seed in 1...6 {
            let graph = try TestFamilies.synthetic(seed % 2 == 0 ? 400 : 1_500, seed: UInt64(seed), roots: 1 + seed % 3)
            for (scene, total) in [(ChartLayout().familyScene(for: graph).scene, 0), (compact.familyScene(for: graph).scene, 1)] {
                let figures = SceneInvariants(scene: scene).attribution()
                if total == 0 { plain.add(figures) } else { squeezed.add(figures) }
            }
        }
        print("generated families: default \(plain); compact \(squeezed)")
        #expect(plain.shareUnderOtherCouple <= 0.11, "\(plain)")
        #expect(squeezed.shareUnderOtherCouple <= 0.27, "\(squeezed)")
    }

    /// The ceilings can fail: royal92's default chart without the *align* step stands far
    /// above its ceiling (51 % of its children under another couple).
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func withoutAlignmentRoyal92IsAboveItsCeiling() throws {
        let graph = try TestFamilies.graph(shared: Self.files[0].path)
        var chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 2.0.squareRoot())
        chart.aligns = false
        let unaligned = SceneInvariants(scene: chart.scene(for: graph).scene).attribution()
        chart.aligns = true
        let aligned = SceneInvariants(scene: chart.scene(for: graph).scene).attribution()
        #expect(unaligned.shareUnderOtherCouple > Self.files[0].share, "\(unaligned)")
        #expect(aligned.shareUnderOtherCouple <= Self.files[0].share, "\(aligned)")
        #expect(aligned.longestSideways < unaligned.longestSideways)
    }
}

extension SceneInvariants.Attribution {
    /// Adds another scene's counts (the longest line is the longer of the two).
    mutating func add(_ other: Self) {
        children += other.children
        underOtherCouple += other.underOtherCouple
        longestSideways = max(longestSideways, other.longestSideways)
    }
}
