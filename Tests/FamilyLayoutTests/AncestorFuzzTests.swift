import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// Fuzz-style: ancestor and hourglass charts of random families (intermarriage, remarriage,
/// single parents, marriages across generations, adoptions: `RandomFamilyGraph`), from
/// random focuses with random options (generation limits, siblings, Sosa numbers, box
/// widths), each checked against the rules the charts promise, computed here
/// independently from the graph.
@Suite struct AncestorFuzzTests {
    struct Trial: CustomStringConvertible {
        var focus: Int
        var generations: Int?
        var descendantGenerations: Int?
        var siblings: Bool
        var sosa: Bool
        var widths: Bool
        var description: String {
            "focus \(focus), generations \(generations.map(String.init) ?? "all"), below \(descendantGenerations.map(String.init) ?? "all"), siblings \(siblings), sosa \(sosa), widths \(widths)"
        }
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func randomFamiliesKeepTheAncestorRules(seed: UInt64) throws {
        let graph = RandomFamilyGraph(persons: 20 + Int(seed) * 15, seed: seed).make()
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<4 {
            let trial = Trial(focus: Int.random(in: 0..<graph.count, using: &random),
                              generations: Bool.random(using: &random) ? nil : Int.random(in: 1...6, using: &random),
                              descendantGenerations: Bool.random(using: &random) ? nil : Int.random(in: 1...4, using: &random),
                              siblings: Bool.random(using: &random), sosa: Bool.random(using: &random),
                              widths: Bool.random(using: &random))
            check(trial, graph: graph, label: "seed \(seed), \(trial)")
        }
    }

    private func check(_ trial: Trial, graph: FamilyGraph, label: String) {
        let numbering: BoxNumbering = trial.sosa ? .sosa : .none
        var ancestors = ChartLayout(request: .ancestors(.init(focus: trial.focus, generations: trial.generations,
                                                               showsSiblings: trial.siblings, numbering: numbering)))
        var hourglass = ChartLayout(request: .hourglass(.init(focus: trial.focus, generations: trial.generations,
                                                               descendantGenerations: trial.descendantGenerations,
                                                               showsSiblings: trial.siblings, numbering: numbering)))
        if trial.widths {
            // A stand-in text measure: boxes of a row grow with its longest name.
            let measure: (String, String?) -> Double = { name, detail in Double(max(name.count, detail?.count ?? 0)) * 7 + 12 }
            ancestors.labelWidth = measure
            hourglass.labelWidth = measure
        }
        let expected = Self.ancestorRows(of: trial.focus, in: graph, limit: trial.generations)
        for (kind, layout) in [("ancestors", ancestors), ("hourglass", hourglass)] {
            let scene = layout.scene(for: graph)
            let where_ = "\(kind), \(label)"
            #expect(SceneInvariants(scene: scene).violations().prefix(3) == [], "\(where_)")
            #expect(AncestorInvariants(scene: scene).violations().prefix(3) == [], "\(where_)")
            // Each person at most once outside references; references name persons drawn.
            let primary = scene.persons.filter { !$0.isReference }
            #expect(Set(primary.map(\.id)).count == primary.count, "someone stands twice: \(where_)")
            #expect(scene.persons.allSatisfy { box in primary.contains { $0.id == box.id } }, "a reference to nobody: \(where_)")
            // The focus's row and everything above it: exactly the focus's ancestors within
            // the limit (and the siblings beside the focus), each in its generation's row.
            let focusBox = primary.first { $0.id == graph.persons[trial.focus].id }
            guard let focusBox else { Issue.record("no focus box: \(where_)"); continue }
            let above = primary.filter { $0.generation < focusBox.generation }
            #expect(Set(above.map(\.id)) == Set(expected.keys.filter { $0 != trial.focus }.map { graph.persons[$0].id }),
                    "the boxes above the focus are not its ancestors: \(where_)")
            for box in above {
                guard let p = graph.index(of: box.id), let up = expected[p] else { continue }
                #expect(focusBox.generation - box.generation == up, "\(box.id) stands \(focusBox.generation - box.generation) rows up, is \(up) generations up: \(where_)")
            }
            if kind == "ancestors" {
                let siblings = trial.siblings ? Self.siblings(of: trial.focus, in: graph) : []
                let row = Set(primary.filter { $0.generation == focusBox.generation }.map(\.id))
                #expect(row == Set(([trial.focus] + siblings).map { graph.persons[$0].id }), "the focus's row: \(where_)")
                #expect(primary.allSatisfy { $0.generation <= focusBox.generation }, "nothing below the focus: \(where_)")
            }
            if trial.sosa {
                #expect(focusBox.sosa == "1", "\(where_)")
                let numbers = primary.compactMap(\.sosa)
                #expect(Set(numbers).count == numbers.count, "a Sosa number twice: \(where_)")
            }
            // The JSON reads back as the same scene, and a second layout gives the same bytes.
            let bytes = SceneJSONWriter().write(scene)
            #expect((try? JSONDecoder().decode(Scene.self, from: Data(bytes))) == scene, "\(where_)")
            #expect(SceneJSONWriter().write(layout.scene(for: graph)) == bytes, "not deterministic: \(where_)")
        }
    }

    /// The focus's ancestors through birth families, each with how many generations up it
    /// stands (the nearest, when reached along several lines), up to `limit` rows counting
    /// the focus's.
    static func ancestorRows(of focus: Int, in graph: FamilyGraph, limit: Int?) -> [Int: Int] {
        var up = [focus: 0], queue = [focus], next = 0
        while next < queue.count {
            let p = queue[next]
            next += 1
            if let limit, up[p]! + 1 >= limit { continue }
            for parent in graph.birthParents(of: p) where up[parent] == nil {
                up[parent] = up[p]! + 1
                queue.append(parent)
            }
        }
        return up
    }

    /// The persons born into the focus's birth family, other than the focus.
    static func siblings(of focus: Int, in graph: FamilyGraph) -> [Int] {
        let family = graph.birthFamily(of: focus)
        guard family != FamilyGraph.none else { return [] }
        return graph.unions[family].children.filter { $0 != focus && graph.birthFamily(of: $0) == family }
    }
}
