@testable import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// `Scene.crossingsByPart`, which `--compact` weighs its placements by, counts by bisection
/// over each level's runs: the same counts as comparing every drop with every run of every
/// level it passes (the way it counted until 6 December, kept here as the reference).
@Suite struct LineCrossingsTests {
    /// Each drop against each run of each level strictly inside its height, of another family.
    private func reference(_ scene: Scene, parts: Int) -> [Int] {
        struct Run: Hashable { var low: Double, high: Double, key: [Int] }
        struct Drop: Hashable { var part: Int, x: Double, low: Double, high: Double, key: [Int] }
        var runs: [Int: [Double: Set<Run>]] = [:]
        var drops = Set<Drop>()
        for connector in scene.connectors {
            let key = connector.parentBoxes.sorted()
            let part = scene.persons[connector.parentBoxes.first ?? connector.childBox].part
            for (a, b) in zip(connector.points, connector.points.dropFirst()) {
                if abs(a.y - b.y) < 1e-9, abs(a.x - b.x) > 1e-9 {
                    runs[part, default: [:]][a.y, default: []].insert(Run(low: min(a.x, b.x), high: max(a.x, b.x), key: key))
                } else if abs(a.x - b.x) < 1e-9, abs(a.y - b.y) > 1e-9 {
                    drops.insert(Drop(part: part, x: a.x, low: min(a.y, b.y), high: max(a.y, b.y), key: key))
                }
            }
        }
        var counts = [Int](repeating: 0, count: parts)
        for drop in drops {
            guard let byY = runs[drop.part] else { continue }
            for (y, level) in byY where y > drop.low + 1e-6 && y < drop.high - 1e-6 {
                for run in level where run.key != drop.key && run.low + 1e-6 < drop.x && drop.x < run.high - 1e-6 {
                    counts[drop.part] += 1
                }
            }
        }
        return counts
    }

    private func parts(_ scene: Scene) -> Int { (scene.persons.map(\.part).max() ?? 0) + 1 }

    /// Random families of several parts, compact (runs that step, stacks) and not: the same
    /// counts part by part, and crossings to count in most.
    @Test func countsAsEveryDropAgainstEveryRun() throws {
        var crossed = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            let graph = RandomFamilyGraph(persons: 80 + Int(seed) * 30, seed: seed).make()
            for compact in [false, true] {
                let scene = ChartLayout(request: .family(FamilyChartOptions(compact: compact))).scene(for: graph)
                let expected = reference(scene, parts: parts(scene))
                #expect(scene.crossingsByPart(parts: parts(scene)) == expected, "seed \(seed), compact \(compact)")
                if expected.contains(where: { $0 > 0 }) { crossed += 1 }
            }
        }
        #expect(crossed > 4, "\(crossed) charts with crossings")
    }

    /// royal92's chart (172 crossings, several parts; the default chart, which a debug build
    /// lays out in a tenth of the compact one's time): the same counts.
    @Test func royal92CountsTheSame() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let scene = ChartLayout().scene(for: graph)
        let counts = scene.crossingsByPart(parts: parts(scene))
        #expect(counts == reference(scene, parts: parts(scene)))
        #expect(counts.reduce(0, +) > 100)
    }

    /// Lines made by hand: a run of one family, the drops of another across it (one at its
    /// end, not counted), a run of a third family sharing the level, and a family's own drop.
    @Test func countsOnlyDropsStrictlyAcrossRunsOfOtherFamilies() throws {
        var scene = Scene(width: 400, height: 300, persons: [], coupleBars: [], connectors: [])
        for (id, x) in [("A", 0.0), ("B", 100), ("C", 200), ("D", 300)] {
            scene.persons.append(PersonBox(id: id, name: id, gender: .unknown, generation: 0, x: x, y: 0, width: 80, height: 40))
        }
        func line(_ parents: [Int], _ points: [(Double, Double)]) -> Connector {
            Connector(parents: parents.map { scene.persons[$0].id }, child: "X", parentBoxes: parents, childBox: 3,
                      points: points.map { Point($0.0, $0.1) })
        }
        scene.connectors = [
            line([0, 1], [(50, 40), (50, 60), (250, 60), (250, 100)]),   // run 50…250 at 60
            line([0, 1], [(50, 40), (50, 60), (150, 60), (150, 100)]),   // a shorter run of the same family
            line([2], [(120, 40), (120, 100)]),                          // across both runs: 2
            line([2], [(250, 40), (250, 100)]),                          // at the long run's end: 0
            line([0, 1], [(200, 40), (200, 100)]),                       // the family's own: 0
            line([3], [(260, 30), (260, 60), (300, 60), (300, 90)]),     // its drop ends on the level: 0
        ]
        #expect(scene.crossingsByPart(parts: 1) == [2])
        #expect(reference(scene, parts: 1) == [2])
    }
}
