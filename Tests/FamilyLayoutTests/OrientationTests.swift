import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `--orientation`: every chart kind with rows, turned every way, keeps its boxes' size
/// and text upright, and every layout rule holds when the scene is turned back.
@Suite struct OrientationTests {
    private func requests(_ graph: FamilyGraph, focus: String, to: String, family: Bool) -> [ChartRequest] {
        let f = graph.index(of: focus), t = graph.index(of: to)
        return (family ? [.family] : []) + [.descendants(.init(root: f, generations: 3)), .ancestors(.init(focus: f, generations: 4)),
                .hourglass(.init(focus: f, generations: 3, descendantGenerations: 3)), .relationship(.init(focus: f, to: t))]
    }

    private func check(_ graph: FamilyGraph, focus: String, to: String, _ name: String, family: Bool = true) {
        for request in requests(graph, focus: focus, to: to, family: family) {
            let top = ChartLayout(request: request).scene(for: graph)
            for orientation in ChartOrientation.allCases {
                var layout = ChartLayout(request: request)
                layout.orientation = orientation
                let s = layout.scene(for: graph)
                let label = "\(name) \(request.kind) \(orientation.rawValue)"
                // Boxes keep their real size: the top-down chart's, box for box (a family chart
                // turned may place references differently: its boxes' sizes are still the same).
                let sizes = s.persons.map { [$0.width, $0.height] }.sorted { $0.lexicographicallyPrecedes($1) }
                let topSizes = top.persons.map { [$0.width, $0.height] }.sorted { $0.lexicographicallyPrecedes($1) }
                if request.kind == .family { #expect(Set(sizes) == Set(topSizes), "\(label)") } else { #expect(sizes == topSizes, "\(label)") }
                // Generations are columns (rows when not turned): one x (y) for each part's generation.
                let lanes = Dictionary(grouping: s.persons, by: { "\($0.part) \($0.generation)" })
                    .mapValues { Set($0.map { orientation.isTurned ? $0.x : $0.y }) }
                #expect(lanes.values.allSatisfy { $0.count == 1 }, "\(label): a generation in one lane")
                // Every rule, checked on the scene turned back to the frame it was laid out in.
                let back = s.turnedBack(from: orientation)
                let style = orientation.isTurned ? LayoutStyle().turned : LayoutStyle()
                #expect(SceneInvariants(scene: back, style: style).violations().prefix(3) == [], "\(label)")
                if request.kind == .ancestors { #expect(AncestorInvariants(scene: back).violations().prefix(3) == [], "\(label)") }
                // No lost link: every parent–child pair and couple of the top-down chart is drawn.
                func pairs(_ scene: Scene) -> Set<String> { Set(scene.connectors.map { $0.parents.sorted().joined(separator: "+") + ">" + $0.child }) }
                func couples(_ scene: Scene) -> Set<[String]> { Set(scene.coupleBars.map { $0.ids.sorted() }) }
                #expect(pairs(s) == pairs(top) && couples(s) == couples(top), "\(label): no lost link")
            }
        }
    }

    @Test func hourglassFixtureEveryKindEveryWay() throws {
        check(try TestFamilies.graph(gedcom: "hourglass"), focus: "X", to: "GF2", "hourglass")
    }

    @Test func royal92EveryKindEveryWay() throws {
        // The whole royal92 family chart takes long in a debug build: its family chart is
        // checked turned on the smaller files below.
        check(try TestFamilies.graph(gedcom: "royal92"), focus: "I1", to: "I57", "royal92", family: false)
    }

    @Test(arguments: ["two-marriages", "both-families", "multi-partner", "relationships"])
    func familyChartsEveryWay(name: String) throws {
        let graph = try TestFamilies.graph(gedcom: name)
        var layout = ChartLayout()
        for orientation in ChartOrientation.allCases {
            layout.orientation = orientation
            let s = layout.scene(for: graph)
            let style = orientation.isTurned ? LayoutStyle().turned : LayoutStyle()
            #expect(SceneInvariants(scene: s.turnedBack(from: orientation), style: style).violations().prefix(3) == [], "\(name) \(orientation)")
        }
    }

    @Test func victoriasLeftRightPedigreeHasHerAncestorsToTheRight() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        var layout = ChartLayout(request: .ancestors(.init(focus: royal.index(of: "I1"), generations: 5)))
        layout.orientation = .leftRight
        let s = layout.scene(for: royal)
        let columns = Dictionary(grouping: s.persons, by: \.generation).mapValues { Set($0.map(\.x)) }
        #expect(columns.values.allSatisfy { $0.count == 1 }, "each generation one column")
        let x = columns.mapValues { $0.first! }
        let focusX = try #require(s.persons.first { $0.id == "I1" }).x
        #expect(s.persons.allSatisfy { $0.id == "I1" || $0.x > focusX }, "the focus leftmost, ancestors to the right")
        #expect(x.sorted { $0.key < $1.key }.map(\.value) == x.values.sorted(by: >), "older generations further right")
        #expect(s.persons.allSatisfy { $0.width == LayoutStyle().boxWidth && $0.height == LayoutStyle().boxHeight })
        layout.orientation = .rightLeft
        let mirrored = layout.scene(for: royal)
        #expect(mirrored.persons.allSatisfy { $0.id == "I1" || $0.x < mirrored.persons.first { $0.id == "I1" }!.x })
    }
}
