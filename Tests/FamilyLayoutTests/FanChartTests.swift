import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Fan charts as scene invariants (`FanInvariants`): cells of a ring disjoint, each
/// ancestor (descendant) within the generations in exactly one own cell and every other
/// place marked as a repeat, Sosa numbers at their angles, every text inside its cell.
@Suite struct FanChartTests {
    static func fan(_ graph: FamilyGraph, _ options: FanChartOptions) -> (Scene, FanStatistics) {
        var layout = ChartLayout(request: .fan(options))
        layout.textMeasure = .estimate
        return layout.fanScene(for: graph)!
    }

    @Test(arguments: [(UInt64(1), 180.0, 5), (2, 225, 6), (3, 270, 7), (4, 360, 8), (5, 225, 12)])
    func randomPedigreesKeepEveryInvariant(seed: UInt64, sweep: Double, generations: Int) throws {
        let graph = RandomFamilyGraph(persons: 400, seed: seed).make()
        // The person with the most ancestors, and one from the middle of the file.
        for focus in [ChartLayout.defaultFocus(graph), graph.count / 2] {
            for empty in FanEmptyCells.allCases {
                let options = FanChartOptions(focus: focus, generations: generations, sweep: sweep, empty: empty)
                let (scene, statistics) = Self.fan(graph, options)
                let problems = FanInvariants.problems(scene, graph: graph, options: options, focus: focus, measure: .estimate)
                #expect(problems.isEmpty, "seed \(seed), \(sweep)°, focus \(focus), empty \(empty): \(problems.prefix(5))")
                #expect(scene.chart == .fan)
                let emptyCells = scene.wedges.filter { $0.person == nil }.count
                if empty == .hide { #expect(emptyCells == 0) }
                // Type never grows outward from ring 1 on (the level centre has its own cap).
                let largest = statistics.rings.map { $0.largest ?? 0 }
                for k in 2..<max(2, largest.count) where largest[k] > 0 { #expect(largest[k] <= largest[k - 1] + 1e-9) }
            }
        }
    }

    @Test(arguments: [(UInt64(11), 225.0, 4), (12, 360, 5), (13, 180, 6)])
    func descendantFansShareAnglesByLeavesInBirthOrder(seed: UInt64, sweep: Double, generations: Int) throws {
        let graph = RandomFamilyGraph(persons: 400, seed: seed).make()
        // A founder with many descendants.
        let focus = (0..<graph.count).filter { graph.birthFamily(of: $0) < 0 }.max {
            FanInvariants.descendants(of: $0, in: graph, generations: generations).count
                < FanInvariants.descendants(of: $1, in: graph, generations: generations).count
        }!
        let options = FanChartOptions(focus: focus, generations: generations, sweep: sweep, direction: .descendants)
        let (scene, _) = Self.fan(graph, options)
        let problems = FanInvariants.problems(scene, graph: graph, options: options, focus: focus, measure: .estimate)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(scene.persons.count > 10, "a founder with descendants")
        // Each own cell's children (the cells just outside it whose person is its child)
        // tile its angle, in birth order; every cell with nothing outside has the same angle.
        let radii = Set(scene.wedges.map(\.innerRadius)).sorted()
        let boxes = scene.persons
        var leafAngles: [Double] = []
        for box in boxes {
            let w = scene.wedges[box.wedge!]
            let ring = radii.firstIndex(of: w.innerRadius)!
            let outside = boxes.filter { other in
                let o = scene.wedges[other.wedge!]
                return ring + 1 < radii.count && o.innerRadius == radii[ring + 1] && o.startAngle >= w.startAngle - 1e-9 && o.endAngle <= w.endAngle + 1e-9
            }.sorted { scene.wedges[$0.wedge!].startAngle < scene.wedges[$1.wedge!].startAngle }
            if outside.isEmpty {
                leafAngles.append(w.endAngle - w.startAngle)
                continue
            }
            #expect(!box.isReference, "a repeat has nothing outside it")
            #expect(abs(outside.reduce(0) { $0 + scene.wedges[$1.wedge!].endAngle - scene.wedges[$1.wedge!].startAngle } - (w.endAngle - w.startAngle)) < 1e-6)
            let person = graph.index(of: box.id)!
            let kids = Set(graph.unionsOf[person].flatMap { graph.unions[$0].children })
            #expect(outside.allSatisfy { kids.contains(graph.index(of: $0.id)!) }, "only children stand outside a person")
            let order = orderedByDate(outside.map { graph.index(of: $0.id)! }) { graph.persons[$0].birthDate }
            #expect(order == outside.map { graph.index(of: $0.id)! }, "children in birth order")
        }
        let leaf = options.sweep / Double(leafAngles.count)
        #expect(leafAngles.allSatisfy { abs($0 - leaf) < 1e-6 }, "every leaf has the same share")
    }

    @Test func pedigreeCollapseIsMarkedAndBounded() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        // Charles II of Spain: his parents were uncle and niece.
        let charles = try #require(graph.index(of: "I2130"))
        let options = FanChartOptions(focus: charles, generations: 7)
        let (scene, _) = Self.fan(graph, options)
        #expect(FanInvariants.problems(scene, graph: graph, options: options, focus: charles, measure: .estimate).isEmpty)
        let repeats = scene.persons.filter { $0.isReference && $0.referenceReason == .pedigreeCollapse }
        #expect(!repeats.isEmpty)
        // Inner rings have room: each repeat there says where the person's own cell is.
        for box in repeats where box.generation <= 4 {
            #expect(scene.texts.contains { $0.person == box.id && $0.text.hasPrefix("= ") }, "\(box.name) at Sosa \(box.sosa ?? "?")")
        }
        // The densest royal pedigree at 12 generations stays within the 4,095 places.
        let dense = ChartLayout.defaultFocus(graph)
        let big = FanChartOptions(focus: dense, generations: 12, sweep: 360)
        let (large, statistics) = Self.fan(graph, big)
        #expect(large.wedges.count <= 4095 && statistics.rings.count == 12)
        #expect(FanInvariants.problems(large, graph: graph, options: big, focus: dense, measure: .estimate).isEmpty)
    }

    @Test func victoriasSixGenerationsNameEveryKnownAncestor() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let victoria = try #require(graph.index(of: "I1"))
        let options = FanChartOptions(focus: victoria)
        let (scene, statistics) = Self.fan(graph, options)
        #expect(FanInvariants.problems(scene, graph: graph, options: options, focus: victoria, measure: .estimate).isEmpty)
        let named = Set(scene.texts.compactMap(\.person))
        for box in scene.persons { #expect(named.contains(box.id), "\(box.name) has a label") }
        #expect(statistics.rings.allSatisfy { $0.unlabelled == 0 })
        // The check sees a label grown out of its cell.
        var moved = scene
        moved.texts[5].size *= 4
        #expect(FanInvariants.textProblems(moved, measure: .estimate).count == 1)
        // The surname is never shortened: every label of a person whose surname the file marks holds it whole.
        for box in scene.persons {
            let person = graph.persons[graph.index(of: box.id)!]
            guard let span = person.nameParts?.surname, !span.isEmpty else { continue }
            let surname = String(span.text(in: person.name))
            #expect(scene.texts.contains { $0.person == box.id && $0.text.contains(surname) }, "\(person.name): surname \(surname) whole")
        }
    }

    @Test func aFocusWithoutParentsIsOneCellWithANote() throws {
        let graph = try TestFamilies.graph(json: """
            {"generations": [[{"id": "A", "name": "Ann Alone", "gender": "female"}]]}
            """)
        for empty in FanEmptyCells.allCases {
            let (scene, statistics) = Self.fan(graph, FanChartOptions(focus: 0, empty: empty))
            #expect(scene.persons.map(\.id) == ["A"])
            #expect(scene.wedges.count == (empty == .hide ? 1 : empty == .frontier ? 3 : 63))
            #expect(statistics.notes.count == 1 && statistics.notes[0].contains("no known parents"))
        }
        let (descendants, statistics) = Self.fan(graph, FanChartOptions(focus: 0, direction: .descendants))
        #expect(descendants.wedges.count == 1 && statistics.notes[0].contains("no known children"))
    }

    @Test func fanOptionsAreChecked() throws {
        func message(_ configure: (inout ChartChoice) -> Void) -> String? {
            var choice = ChartChoice()
            choice.chart = "fan"
            configure(&choice)
            do { _ = try choice.checked(); return nil } catch { return error.description }
        }
        #expect(message { _ in } == nil)
        #expect(message { $0.generations = "13" }?.contains("2 to 12") == true)
        #expect(message { $0.generations = "1" }?.contains("2 to 12") == true)
        #expect(message { $0.fanAngle = "200" }?.contains("180, 225, 270 or 360") == true)
        #expect(message { $0.fanEmpty = "some" }?.contains("show, frontier or hide") == true)
        #expect(message { $0.fanColours = "rainbow" }?.contains("gender or lineage") == true)
        #expect(message { $0.fanDirection = "up" }?.contains("ancestors or descendants") == true)
        #expect(message { $0.siblings = true } != nil)
        var other = ChartChoice()
        other.chart = "ancestors"
        other.fanAngle = "360"
        #expect(throws: ChartChoiceError.self) { try other.checked() }
        var ok = ChartChoice()
        ok.chart = "fan"
        ok.fanAngle = "360"
        ok.generations = "4"
        ok.fanDirection = "descendants"
        ok.fanColours = "lineage"
        guard case .fan(let options) = try ok.checked().request else { Issue.record("not a fan"); return }
        #expect(options.sweep == 360 && options.generations == 4 && options.direction == .descendants && options.colours == .lineage)
    }

    @Test func lineageColoursFollowTheGrandparentsQuarters() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let victoria = try #require(graph.index(of: "I1"))
        let (scene, _) = Self.fan(graph, FanChartOptions(focus: victoria, colours: .lineage))
        // Cells of one quarter share a hue family; the quarters differ.
        var fillsByQuarter: [Int: Set<String>] = [:]
        for box in scene.persons where !box.isReference {
            guard let sosa = box.sosa.flatMap(Int.init), sosa >= 4 else { continue }
            let ring = Int.bitWidth - 1 - sosa.leadingZeroBitCount
            fillsByQuarter[(sosa >> (ring - 2)) - 4, default: []].insert(scene.wedges[box.wedge!].fill.text)
        }
        #expect(fillsByQuarter.count == 4)
        let all = fillsByQuarter.values.map { $0 }
        for i in all.indices { for j in all.indices where i < j { #expect(all[i].isDisjoint(with: all[j])) } }
    }

    /// Issue 51: in royal92's fans, two different names never read alike in one ring
    /// ("A. N. Romanov" for Anastasia and Alexis, "Hohenzollern" twice, "Victoria" for Helena
    /// Augusta Victoria and Victoria Adelaide Mary); a name without a surname in the file
    /// is shortened to its first given name, never to its last ("Alberta", "L. G. Duncan");
    /// the focus is never set smaller than their parents.
    @Test(arguments: [("I1", FanDirection.descendants, 5), ("I1", .descendants, 4), ("I52", .ancestors, 6), ("I46", .ancestors, 6),
                      ("I2130", .ancestors, 7)])
    func fanLabelsTellPersonsApart(id: String, direction: FanDirection, generations: Int) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let focus = try #require(graph.index(of: id))
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: focus, generations: generations, direction: direction)))
        layout.textMeasure = .estimate
        let scene = try #require(layout.fanScene(for: graph)).0
        let ring = Dictionary(scene.persons.map { ($0.id, $0.generation) }, uniquingKeysWith: { a, _ in a })
        let name = Dictionary(scene.persons.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var lines: [String: [SceneText]] = [:]
        for text in scene.texts { if let p = text.person { lines[p, default: []].append(text) } }
        // A label's name: its lines but the years and marks (they hold digits).
        let said = lines.mapValues { $0.map(\.text).filter { !$0.contains(where: \.isNumber) }.joined(separator: " ") }
        var byRing: [Int: [String: Set<String>]] = [:]
        for (p, words) in said where !words.isEmpty { byRing[ring[p]!, default: [:]][words, default: []].insert(name[p]!) }
        for (r, labels) in byRing {
            for (words, names) in labels { #expect(names.count == 1, "\(id) ring \(r): \(names.sorted()) all read \"\(words)\"") }
        }
        for (p, words) in said where words.split(separator: " ").count == 1 && !name[p]!.hasPrefix(words) {
            // One word for a name: the first given name, or a surname the file marks.
            let person = graph.persons[graph.index(of: p)!]
            #expect(person.nameParts?.surname != nil, "\(p) \(name[p]!) shortened to \"\(words)\"")
        }
        let focusSize = try #require(lines[id]?.first?.size)
        let parents = scene.texts.filter { ring[$0.person ?? ""] == 1 }.map(\.size)
        #expect(focusSize >= (parents.max() ?? 0), "\(id): focus \(focusSize) pt, parents up to \(parents.max() ?? 0)")
    }
}
