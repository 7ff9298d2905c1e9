@testable import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Shapes that once made a layout step super-linear: each test lays out 4× the persons
/// and expects well under 16× the time (a quadratic step would take 16×, a cubic one 64×).
@Suite struct LayoutCostTests {
    /// Two families joined by many marriages: family A's k daughters marry family B's k sons.
    static func twoFamilies(marriages k: Int) -> FamilyGraph {
        var persons = ["A1", "A2", "B1", "B2"].enumerated().map { i, id in
            Person(id: id, name: id, gender: i % 2 == 0 ? .male : .female, generation: 0)
        }
        var unions = [Union(partners: [0, 1], children: []), Union(partners: [2, 3], children: [])]
        for i in 0..<k {
            persons.append(Person(id: "D\(i)", name: "D\(i)", gender: .female, generation: 1))
            persons.append(Person(id: "S\(i)", name: "S\(i)", gender: .male, generation: 1))
            unions[0].children.append(persons.count - 2)
            unions[1].children.append(persons.count - 1)
            unions.append(Union(partners: [persons.count - 1, persons.count - 2], children: []))
        }
        unions[0].childLinks = Array(repeating: .birth, count: k)
        unions[1].childLinks = Array(repeating: .birth, count: k)
        return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
    }

    /// The first layout pass of the family chart (`FamilyChart.layOut`, nothing referenced yet).
    static func pass(_ graph: FamilyGraph) -> FamilyChart.Pass {
        let chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 2.0.squareRoot(),
                                labelWidth: nil)
        return chart.layOut(graph, rows: FamilyRows(graph: graph), referenced: [])
    }

    /// Choosing far links finds each link's place in its family once (it searched the
    /// family's children for every link: k marriages out of one family cost k²).
    @Test func farLinksOfManyMarriagesBetweenTwoFamilies() throws {
        let (small, large) = (Self.twoFamilies(marriages: 2_000), Self.twoFamilies(marriages: 8_000))
        let (smallPass, largePass) = (Self.pass(small), Self.pass(large))
        let select = FarLinks(maximumCrossings: 6, maximumSpans: 30)
        var far = Set<ChildLinkKey>()
        let ratio = CostGrowth.ratio({ _ = select.select(smallPass) }, { far = select.select(largePass) })
        #expect(ratio < 9, "4× the marriages took \(ratio)× the time")
        // Every chosen link names the child whose line it is.
        #expect(!far.isEmpty)
        for link in largePass.forest.crossLinks {
            let person = largePass.units.boxes[link.box].person
            let children = large.unions[link.union].children
            let key = ChildLinkKey(union: link.union, index: children.firstIndex(of: person)!)
            if far.contains(key) { far.remove(key) }
        }
        #expect(far.isEmpty, "\(far.count) far links name a child that is not the line's")
    }

    /// A single known line of fathers, `generations` deep.
    static func chain(_ generations: Int) -> FamilyGraph {
        let persons = (0..<generations).map { Person(id: "P\($0)", name: "P\($0)", gender: .male, generation: 0) }
        let unions = (0..<(generations - 1)).map { Union(partners: [$0 + 1], children: [$0]) }
        return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
    }

    /// Sosa numbers of a deep line cost one pass over their digits each (they were
    /// converted from binary, digits × generations each: a 10,000-generation line took
    /// minutes).
    @Test func ancestorChartOfADeepLine() throws {
        let layout = ChartLayout(request: .ancestors(.init()))
        let (small, large) = (Self.chain(1_000), Self.chain(4_000))
        var scene: Scene?
        let ratio = CostGrowth.ratio({ _ = layout.scene(for: small) }, { scene = layout.scene(for: large) })
        #expect(ratio < 9, "4× the generations took \(ratio)× the time")
        let top = try #require(scene?.persons.first { $0.id == "P3999" })
        #expect(top.sosa == Self.powerOfTwo(3_999))
    }

    /// A couple with `count` children.
    static func siblings(_ count: Int) -> FamilyGraph {
        var persons = [Person(id: "F", name: "F", gender: .male, generation: 0), Person(id: "M", name: "M", gender: .female, generation: 0)]
        persons += (0..<count).map { Person(id: "C\($0)", name: "C\($0)", generation: 1) }
        return FamilyGraph(persons: persons, unions: [Union(partners: [0, 1], children: Array(2..<(count + 2)))], hasFixedGenerations: false)
    }

    /// An hourglass with siblings finds each sibling's box in the focus's row once (it
    /// searched the row for each: 10,000 siblings took 28 s, 40,000 took 7 minutes).
    @Test func hourglassOfAFocusWithThousandsOfSiblings() throws {
        let layout = ChartLayout(request: .hourglass(.init(focus: 2, showsSiblings: true)))
        let (small, large) = (Self.siblings(1_000), Self.siblings(4_000))
        var scene: Scene?
        let ratio = CostGrowth.ratio({ _ = layout.scene(for: small) }, { scene = layout.scene(for: large) })
        #expect(ratio < 9, "4× the siblings took \(ratio)× the time")
        #expect(scene?.persons.count == 4_002 && scene?.connectors.count == 4_000)
    }

    /// A man with `count` wives and a child by each.
    static func partners(_ count: Int) -> FamilyGraph {
        var persons = [Person(id: "H", name: "H", gender: .male, generation: 0)]
        var unions: [Union] = []
        for i in 0..<count {
            persons.append(Person(id: "W\(i)", name: "W\(i)", gender: .female, generation: 0))
            persons.append(Person(id: "C\(i)", name: "C\(i)", generation: 1))
            unions.append(Union(partners: [0, persons.count - 2], children: [persons.count - 1]))
        }
        return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
    }

    /// The descendant chart (and an hourglass's lower block) gives each of a person's
    /// marriages its channel by counting, not by searching the marriages for each (2,000
    /// → 8,000 wives took 15× the time).
    @Test func descendantsOfAPersonWithThousandsOfPartners() throws {
        var layout = ChartLayout(request: .descendants(.init(root: 0)))
        let (small, large) = (Self.partners(2_000), Self.partners(8_000))
        var scene: Scene?
        let ratio = CostGrowth.ratio({ _ = layout.scene(for: small) }, { scene = layout.scene(for: large) })
        #expect(ratio < 9, "4× the partners took \(ratio)× the time")
        #expect(scene?.connectors.count == 8_000 && scene?.coupleBars.count == 8_000)
        layout.request = .hourglass(.init(focus: 0))
        #expect(layout.scene(for: Self.partners(12)).connectors.count == 12)
    }

    /// 2ⁿ in decimal, the slow schoolbook way.
    static func powerOfTwo(_ n: Int) -> String {
        var digits: [UInt8] = [1]  // least significant first
        for _ in 0..<n {
            var carry: UInt8 = 0
            for k in digits.indices {
                let value = digits[k] * 2 + carry
                (digits[k], carry) = (value % 10, value / 10)
            }
            if carry > 0 { digits.append(carry) }
        }
        return String(digits.reversed().map { Character(String($0)) })
    }

    @Test func sosaNumbersFollowTheirPath() {
        var number = SosaNumber.focus, expected: [UInt8] = [1]  // decimal digits, least significant first
        var previous = number
        for step in 0..<300 {
            let mother = step % 3 == 1
            number = number.parent(mother: mother)
            var carry: UInt8 = mother ? 1 : 0
            for k in expected.indices {
                let value = expected[k] * 2 + carry
                (expected[k], carry) = (value % 10, value / 10)
            }
            if carry > 0 { expected.append(carry) }
            #expect(number.description == String(expected.reversed().map { Character(String($0)) }))
            #expect(previous < number && !(number < previous))
            previous = number
        }
        let father = number.parent(mother: false), mother = number.parent(mother: true)
        #expect(father < mother && !(mother < father) && father != mother)
        #expect(SosaNumber.focus.description == "1" && SosaNumber.focus.parent(mother: true).description == "3")
    }

    /// Issue 49, R5: marriage labels of one couple's many married children: every room is
    /// in one height band, and each segment of the row looked at all of them (12,500 /
    /// 25,000 / 50,000 children: 1.5 / 4.9 / 25.6 s). Rooms are now found by position.
    @Test func marriageLabelsOfManyMarriedChildren() throws {
        func family(children k: Int) -> FamilyGraph {
            var persons = [Person(id: "F", name: "F", gender: .male, generation: 0), Person(id: "M", name: "M", gender: .female, generation: 0)]
            var unions = [Union(partners: [0, 1], children: [])]
            for i in 0..<k {
                persons.append(Person(id: "C\(i)", name: "C\(i)", gender: .male, generation: 1))
                persons.append(Person(id: "W\(i)", name: "W\(i)", gender: .female, generation: 1))
                unions[0].children.append(persons.count - 2)
                unions.append(Union(partners: [persons.count - 2, persons.count - 1], children: [],
                                    facts: [LifeFact(tag: "MARR", date: "1900")]))
            }
            unions[0].childLinks = Array(repeating: .birth, count: k)
            return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
        }
        let content = BoxContent(fields: [.name, .marriage])
        let (small, large) = (family(children: 1_000), family(children: 4_000))
        let (smallScene, largeScene) = (ChartLayout().scene(for: small), ChartLayout().scene(for: large))
        var labelled = largeScene
        content.apply(to: &labelled, graph: large, words: .standard)
        #expect(labelled.coupleBars.filter { $0.label != nil }.count > 1_000, "the children's marriages are labelled")
        let ratio = CostGrowth.ratio({
            var scene = smallScene
            content.apply(to: &scene, graph: small, words: .standard)
        }, {
            var scene = largeScene
            content.apply(to: &scene, graph: large, words: .standard)
        })
        #expect(ratio < 9, "4× the married children took \(ratio)× the time")
    }
}
