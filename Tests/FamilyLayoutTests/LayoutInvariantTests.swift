import FamilyLayout
import FamilyModel
import TestSupport
import Testing

@Suite struct LayoutInvariantTests {
    func expectCorrect(_ graph: FamilyGraph, _ label: String, algorithm: ChartRequest = .descendants(.init())) {
        let scene = ChartLayout(request: algorithm).scene(for: graph)
        let violations = SceneInvariants(scene: scene).violations()
        #expect(violations.isEmpty, "\(label) (\(algorithm)): \(violations.prefix(5).joined(separator: "; "))")
        #expect(scene.persons.count == graph.count, "\(label): every person gets exactly one box")
        #expect(Set(scene.persons.map(\.id)).count == graph.count)
    }

    @Test(arguments: FixturePaths.familyNames)
    func fixtureFamiliesObeyEveryRule(name: String) throws {
        let graph = try TestFamilies.graph(fixture: name)
        for algorithm in ChartRequest.placements { expectCorrect(graph, name, algorithm: algorithm) }
    }

    @Test func theDemoObeysEveryRule() throws {
        expectCorrect(try TestFamilies.demo, "demo")
    }

    /// 120 generated families of 5 to 1,500 persons, one to four roots.
    @Test(arguments: Array(1...120))
    func generatedFamiliesObeyEveryRule(seed: Int) throws {
        let persons = [5, 20, 60, 150, 400, 1_500][seed % 6]
        let graph = try TestFamilies.synthetic(persons, seed: UInt64(seed), roots: 1 + seed % 4)
        expectCorrect(graph, "synthetic \(persons) seed \(seed)")
    }

    @Test func couplesWhoseChildrenAreListedOnOneSpouseStillGetABar() throws {
        let graph = try TestFamilies.graph(fixture: "childless-couple")
        let scene = ChartLayout().scene(for: graph)
        #expect(scene.coupleBars.map(\.ids) == [["h", "w"]])
        #expect(scene.connectors.isEmpty)
    }

    @Test func aSpouseWithTheirOwnParentsGetsACrossLinkThatObeysTheRules() throws {
        let json = #"""
        [[{"id": "a", "name": "A", "childrenIDs": ["c"]}, {"id": "b", "name": "B", "childrenIDs": ["d", "e"]}],
         [{"id": "c", "name": "C", "coupleID": "d"}, {"id": "d", "name": "D", "coupleID": "c"}, {"id": "e", "name": "E"}]]
        """#
        let scene = ChartLayout().scene(for: try TestFamilies.graph(json: json))
        #expect(SceneInvariants(scene: scene).violations().isEmpty)
        let cross = scene.connectors.filter(\.crossLink)
        #expect(cross.map(\.child) == ["d"])
        #expect(cross.first?.parents == ["b"])
    }

    /// The layout, not the painter, says how a cross link is drawn: in a descendant chart
    /// in the cross-link style, in a family chart (where it is the couple's second family)
    /// as its link kind says; every other line as its link kind says.
    @Test func theSceneSaysWhichLinesAreDrawnAsCrossLinks() throws {
        let json = #"""
        [[{"id": "a", "name": "A", "childrenIDs": ["c"]}, {"id": "b", "name": "B", "childrenIDs": ["d", "e"]}],
         [{"id": "c", "name": "C", "coupleID": "d"}, {"id": "d", "name": "D", "coupleID": "c"}, {"id": "e", "name": "E"}]]
        """#
        let graph = try TestFamilies.graph(json: json)
        for (request, style) in [(ChartRequest.family, ConnectorStyle.link), (.descendants(DescendantChartOptions()), .crossLink)] {
            let scene = ChartLayout(request: request).scene(for: graph)
            let cross = scene.connectors.filter(\.crossLink)
            #expect(cross.map(\.child) == ["d"], "\(request)")
            #expect(cross.allSatisfy { $0.style == style }, "\(request)")
            #expect(scene.connectors.filter { !$0.crossLink }.allSatisfy { $0.style == .link }, "\(request)")
            let text = String(decoding: SceneJSONWriter().write(scene), as: UTF8.self)
            #expect(text.contains(#""style":"cross-link""#) == (style == .crossLink), "\(request)")
        }
    }

    @Test func laterGenerationOrphanStaysInItsGenerationRow() throws {
        let json = #"[[{"id": "a", "name": "A", "childrenIDs": ["b"]}], [{"id": "b", "name": "B"}, {"id": "x", "name": "X"}]]"#
        let scene = ChartLayout().scene(for: try TestFamilies.graph(json: json))
        #expect(SceneInvariants(scene: scene).violations().isEmpty)
        let x = scene.persons.first { $0.id == "x" }!
        let b = scene.persons.first { $0.id == "b" }!
        #expect(x.y == b.y)
    }

    @Test func aChainOf100000GenerationsDoesNotOverflowTheStack() throws {
        var generations: [[Person]] = []
        for g in 0..<100_000 {
            generations.append([Person(id: "c\(g)", name: "C\(g)", childrenIDs: g + 1 < 100_000 ? ["c\(g + 1)"] : [], generation: g)])
        }
        let graph = try FamilyValidator().validate(FamilyData(generations: generations), source: "<chain>").graph
        let scene = ChartLayout().scene(for: graph)
        #expect(scene.persons.count == 100_000)
        #expect(Set(scene.persons.map(\.x)).count == 1, "a chain is one straight column")
    }
}
