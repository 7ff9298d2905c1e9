import FamilyLayout
import FamilyModel
import Testing
import TestSupport

/// `--chart relationship`: the common ancestors on top, both lines of descent below, a
/// part per relationship; the marriage path as a staircase.
@Suite struct RelationshipChartTests {
    func scene(_ graph: FamilyGraph, _ a: Int, _ b: Int) -> Scene {
        ChartLayout(request: .relationship(RelationshipChartOptions(focus: a, to: b))).scene(for: graph)
    }

    /// Every relationship's path is drawn in its own part: the common ancestors in the top
    /// row, A's line in one column and B's in another, each person in the row of their
    /// generation below the ancestors, joined by lines from parent to child.
    func checkParts(_ scene: Scene, _ kinship: Kinship, _ graph: FamilyGraph, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(SceneInvariants(scene: scene).violations() == [], sourceLocation: sourceLocation)
        #expect(scene.chart == .relationship, sourceLocation: sourceLocation)
        #expect(Set(scene.persons.map(\.part)).count == max(1, kinship.relations.count), sourceLocation: sourceLocation)
        for (part, relation) in kinship.relations.enumerated() {
            let boxes = scene.persons.indices.filter { scene.persons[$0].part == part }
            let ids = relation.path.map { graph.persons[$0].id }
            #expect(boxes.map { scene.persons[$0].id }.sorted() == ids.sorted(), "part \(part) holds the path", sourceLocation: sourceLocation)
            let box = { (id: String) in boxes.first { scene.persons[$0].id == id }! }
            let up = relation.generationsUpFromA, count = relation.commonAncestors.count
            for (k, person) in relation.path.enumerated() {
                let row = k < up ? up - k : k < up + count ? 0 : k - up - count + 1
                #expect(scene.persons[box(graph.persons[person].id)].generation == row, sourceLocation: sourceLocation)
            }
            // Lines: each person below the ancestors hangs from the one above on the path.
            let lines = scene.connectors.filter { boxes.contains($0.childBox) }
            #expect(lines.count == relation.path.count - count, sourceLocation: sourceLocation)
            for line in lines {
                let child = scene.persons[line.childBox]
                #expect(line.parentBoxes.allSatisfy { scene.persons[$0].generation == child.generation - 1 && boxes.contains($0) },
                        sourceLocation: sourceLocation)
            }
            if count == 2 {
                #expect(scene.coupleBars.contains { Set($0.ids) == Set(relation.commonAncestors.map { graph.persons[$0].id }) },
                        sourceLocation: sourceLocation)
            }
            // A's line and B's line stand in two columns (one when either is the ancestor).
            let sides = [relation.path[..<up], relation.path[(up + count)...]].filter { !$0.isEmpty }
            let columns = sides.map { Set($0.map { scene.persons[box(graph.persons[$0].id)].x }) }
            #expect(columns.allSatisfy { $0.count == 1 }, sourceLocation: sourceLocation)
            if columns.count == 2 { #expect(columns[0] != columns[1], sourceLocation: sourceLocation) }
            // The ancestors' lines start over the middle of the columns: straight down over one,
            // centred between two.
            let columnCentres = columns.map { $0.first! + scene.persons[boxes[0]].width / 2 }
            let start = lines.filter { scene.persons[$0.childBox].generation == 1 }.map { $0.points[0].x }
            #expect(start.count == columns.count && Set(start).count == 1, sourceLocation: sourceLocation)
            if let x = start.first, !columnCentres.isEmpty {
                #expect(abs(x - (columnCentres.min()! + columnCentres.max()!) / 2) < 0.01, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func elizabethAndPhilip() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let a = try #require(graph.index(of: "I52")), b = try #require(graph.index(of: "I57"))
        let scene = scene(graph, a, b)
        let kinship = try Kinship(graph: graph, a: a, b: b)
        checkParts(scene, kinship, graph)
        // Christian IX and Louise side by side on top of the first part, Elizabeth and Philip at its foot.
        let top = scene.persons.filter { $0.part == 0 && $0.generation == 0 }.sorted { $0.x < $1.x }
        #expect(top.map(\.name) == ["Christian IX", "Louise of Hesse-Cassel"])
        let own = Dictionary(scene.persons.filter { !$0.isReference }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(own["I52"]?.part == 0 && own["I52"]?.generation == 4 && own["I57"]?.generation == 3)
        #expect(own["I52"]?.detail == "gen. 5 · b. 1926")
        // Later parts draw Elizabeth and Philip again as references.
        #expect(scene.persons.filter { $0.id == "I52" && $0.isReference }.count == kinship.relations.count - 1)
        #expect(scene.persons.filter { $0.isReference }.allSatisfy { $0.referenceReason == .anotherPath })
        #expect(kinship.title(in: graph).hasPrefix("Second cousin once removed, third cousin, double fourth cousin, fourth cousin once removed"))
    }

    @Test func noBloodRelationshipIsAStaircase() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let philip = try #require(graph.index(of: "I57")), diana = try #require(graph.index(of: "I65"))
        let scene = scene(graph, philip, diana)
        #expect(SceneInvariants(scene: scene).violations() == [])
        #expect(scene.persons.map(\.id) == ["I57", "I58", "I65"] && scene.persons.map(\.generation) == [0, 1, 1])
        #expect(scene.persons.map(\.x) == scene.persons.map(\.x).sorted())
        #expect(scene.connectors.count == 1 && scene.connectors[0].child == "I58" && scene.connectors[0].parents == ["I57"])
        #expect(scene.coupleBars.count == 1 && Set(scene.coupleBars[0].ids) == ["I58", "I65"])
        let back = self.scene(graph, diana, philip)
        #expect(back.persons.map(\.generation) == [1, 1, 0], "up from Diana's husband to his father")
        #expect(SceneInvariants(scene: back).violations() == [])
    }

    @Test(arguments: 0..<12)
    func randomFamiliesDrawEveryPath(seed: Int) throws {
        let graph = RandomFamilyGraph(persons: 90, seed: UInt64(seed) &+ 500).make()
        var random = SplitMix64(seed: UInt64(seed) &+ 77)
        for _ in 0..<25 {
            let a = Int(random.below(UInt64(graph.count))), b = Int(random.below(UInt64(graph.count)))
            guard a != b else { continue }
            let kinship = try Kinship(graph: graph, a: a, b: b)
            let scene = scene(graph, a, b)
            if kinship.relations.isEmpty {
                #expect(SceneInvariants(scene: scene).violations() == [], "seed \(seed) \(a)→\(b)")
                #expect(scene.persons.count == max(1, kinship.marriagePath.count + (kinship.marriagePath.isEmpty ? 0 : 1)))
            } else {
                checkParts(scene, kinship, graph)
            }
        }
    }

    /// 20,000 generations in one line: one column of 20,000 boxes, quickly.
    @Test(.timeLimit(.minutes(1)))
    func aVeryDeepLineIsOneColumn() throws {
        let graph = try TestFamilies.graph(json: SeedJSONWriter().write(SyntheticFamily(persons: 20_000, seed: 1).generateChain()))
        let scene = scene(graph, graph.count - 1, 0)
        #expect(scene.persons.count == 20_000 && Set(scene.persons.map(\.x)).count == 1)
        #expect(scene.persons.map(\.generation).max() == 19_999 && scene.connectors.count == 19_999)
    }
}
