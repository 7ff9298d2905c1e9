import FamilyLayout
import FamilyModel
import Foundation
import Testing
import TestSupport

/// A long sweep of generated families through every chart kind, run on demand
/// (`scripts/sweep`), not in the suite: each family in 26 charts — the family chart,
/// descendants of everyone and of one person, ancestors and an hourglass with siblings,
/// a relationship chart, each in four orientations, and `--compact` and
/// `--width-limit none` — held to the scene's invariants, no two families' lines within
/// 5 pt, no part a row under another, siblings in birth order and every link accounted
/// for in family charts. Set `FAMILYCHART_SWEEP` to the generator (`random`: 40–316
/// persons of `RandomFamilyGraph`, `big`: 400–1,300 of it, `synth-json` and `synth-ged`:
/// `SyntheticFamily` of 60–380 persons in 1–5 trees as seed JSON or GEDCOM, `pedigree`:
/// `SyntheticPedigree` with collapse) and `SWEEP_FROM`, `SWEEP_TO` to the seeds.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FAMILYCHART_SWEEP"] != nil, "set FAMILYCHART_SWEEP to run (scripts/sweep)"))
struct RuleSweepTests {
    @Test(arguments: 0..<8)
    func everyChartOfGeneratedFamiliesKeepsTheRules(slice: Int) throws {
        let environment = ProcessInfo.processInfo.environment
        let generator = environment["FAMILYCHART_SWEEP"] ?? "random"
        let from = UInt64(environment["SWEEP_FROM"] ?? "100") ?? 100, to = UInt64(environment["SWEEP_TO"] ?? "260") ?? 260
        var broken: [String] = []
        for seed in stride(from: from + UInt64(slice), to: to, by: 8) {
            let graph = try Self.family(generator, seed: seed)
            var random = SplitMix64(seed: seed)
            let p = Int.random(in: 0..<graph.count, using: &random), q = Int.random(in: 0..<graph.count, using: &random)
            for (name, layout) in Self.charts(p, q) {
                let scene = layout.scene(for: graph).turnedBack(from: layout.orientation)
                let style = layout.orientation.isTurned ? LayoutStyle().turned : LayoutStyle()
                var invariants = SceneInvariants(scene: scene, style: style)
                if name.hasPrefix("compact") { invariants.centring = .withinSpan }
                let violations = invariants.violations()
                let metrics = ChartMetrics(scene: scene, graph: graph, style: style)
                let isFamily = name.hasPrefix("family") || name.hasPrefix("compact") || name.hasPrefix("exact")
                let outOfOrder = isFamily ? metrics.siblingPairsOutOfOrder : 0
                let lost = isFamily ? LinkAccounting(graph: graph, scene: scene).unaccounted : []
                if !violations.isEmpty || !metrics.closeLines.isEmpty || !metrics.closeParts.isEmpty || outOfOrder > 0 || !lost.isEmpty {
                    broken.append("\(generator) seed \(seed) (\(graph.count) persons) \(name): \(violations.prefix(2)) "
                                  + "\(metrics.closeLines.prefix(1)) \(metrics.closeParts.prefix(1)) \(metrics.siblingOrderExamples.prefix(1)) \(lost.prefix(1))")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken.count) charts break a rule:\n\(broken.joined(separator: "\n"))")
    }

    static func family(_ generator: String, seed: UInt64) throws -> FamilyGraph {
        let synthetic = SyntheticFamily(persons: 60 + Int(seed % 9) * 40, seed: seed, roots: 1 + Int(seed % 5))
        switch generator {
        case "big": return RandomFamilyGraph(persons: 400 + Int(seed % 7) * 150, seed: seed).make()
        case "synth-json": return try FamilyValidator().validate(synthetic.generate(), source: "synthetic \(seed)").graph
        case "synth-ged":
            return try FamilyImport(bytes: Array(GEDCOMWriter().write(synthetic.generate()).utf8), source: "synthetic-\(seed).ged").graph
        case "pedigree":
            let pedigree = SyntheticPedigree(persons: 50 + Int(seed % 11) * 60, collapse: Double(seed % 4) * 0.15, seed: seed)
            return try FamilyValidator().validate(pedigree.generate(), source: "pedigree \(seed)").graph
        default: return RandomFamilyGraph(persons: 40 + Int(seed % 13) * 23, seed: seed).make()
        }
    }

    /// The 26 charts of one family, named kind/orientation.
    static func charts(_ p: Int, _ q: Int) -> [(String, ChartLayout)] {
        var charts: [(String, ChartLayout)] = []
        let requests: [(String, ChartRequest)] = [
            ("family", .family(.init())), ("compact", .family(.init(compact: true))), ("exact", .family(.init(widthLimit: nil))),
            ("descendants-of-one", .descendants(.init(root: p))), ("descendants", .descendants(.init())),
            ("ancestors", .ancestors(.init(focus: p, showsSiblings: true))), ("hourglass", .hourglass(.init(focus: p, showsSiblings: true))),
            ("relationship", .relationship(.init(focus: p, to: q))),
        ]
        for (name, request) in requests {
            for orientation in ChartOrientation.allCases where orientation == .topDown || (name != "compact" && name != "exact") {
                var layout = ChartLayout(request: request)
                layout.orientation = orientation
                charts.append(("\(name)/\(orientation.rawValue)", layout))
            }
        }
        return charts
    }
}
