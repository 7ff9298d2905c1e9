import FamilyModel
import Testing
import TestSupport

@Suite struct KinshipTests {
    static let ancestorWords = ["father", "grandfather", "great-grandfather", "great-great-grandfather", "3rd great-grandfather",
                                "4th great-grandfather", "5th great-grandfather"]
    static let descendantWords = ["daughter", "granddaughter", "great-granddaughter", "great-great-granddaughter",
                                  "3rd great-granddaughter", "4th great-granddaughter", "5th great-granddaughter"]

    @Test(arguments: 1...7)
    func directAncestorsAndDescendants(depth: Int) throws {
        var family = KinshipTestFamily()
        let top = family.person(.male)
        let line = family.line(below: top, length: depth, last: .female)
        let up = try Kinship(graph: family.graph, a: line.last!, b: top)
        #expect(up.relations.count == 1)
        let relation = try #require(up.relations.first)
        #expect(relation.generationsUpFromA == depth && relation.generationsDownToB == 0 && !relation.isHalf)
        #expect(relation.term == Self.ancestorWords[depth - 1])
        #expect(relation.commonAncestors == [top])
        #expect(relation.path == line.reversed())
        let down = try Kinship(graph: family.graph, a: top, b: line.last!)
        #expect(down.relations.map(\.term) == [Self.descendantWords[depth - 1]])
        #expect(down.relations.first?.path == line)
        #expect(down.relations.first.map { ($0.generationsUpFromA, $0.generationsDownToB) } ?? (-1, -1) == (0, depth))
    }

    @Test func siblingsHalfSiblingsAndSingleParents() throws {
        var family = KinshipTestFamily()
        let father = family.person(.male), mother = family.person(.female), second = family.person(.female)
        let son = family.person(.male), daughter = family.person(.female), halfSon = family.person(.male)
        family.family([father, mother], [son, daughter])
        family.family([father, second], [halfSon])
        let lone = family.person(.female), twin1 = family.person(.unknown), twin2 = family.person(.unknown)
        family.family([lone], [twin1, twin2])
        let graph = family.graph
        let sister = try Kinship(graph: graph, a: son, b: daughter)
        #expect(sister.relations.map(\.term) == ["sister"])
        #expect(sister.relations[0].commonAncestors == [father, mother] && !sister.relations[0].isHalf)
        #expect(sister.relations[0].path == [son, father, mother, daughter])
        let half = try Kinship(graph: graph, a: daughter, b: halfSon)
        #expect(half.relations.map(\.term) == ["half-brother"])
        #expect(half.relations[0].commonAncestors == [father] && half.relations[0].isHalf)
        #expect(try Kinship(graph: graph, a: halfSon, b: daughter).relations.map(\.term) == ["half-sister"])
        // One known parent: the same family, so not half.
        let twins = try Kinship(graph: graph, a: twin1, b: twin2)
        #expect(twins.relations.map(\.term) == ["sibling"] && twins.relations[0].commonAncestors == [lone])
        #expect(try Kinship(graph: graph, a: son, b: father).relations.map(\.term) == ["father"])
        #expect(try Kinship(graph: graph, a: son, b: mother).relations.map(\.term) == ["mother"])
        #expect(try Kinship(graph: graph, a: twin1, b: lone).relations.map(\.term) == ["mother"])
        #expect(try Kinship(graph: graph, a: lone, b: twin1).relations.map(\.term) == ["child"])
        #expect(try Kinship(graph: graph, a: second, b: son).relations.isEmpty)  // a stepmother: no blood
    }

    @Test(arguments: 2...6)
    func unclesAndNephews(generations: Int) throws {
        var family = KinshipTestFamily()
        let grandfather = family.person(.male), grandmother = family.person(.female)
        let uncle = family.person(.male), parent = family.person(.female)
        family.family([grandfather, grandmother], [uncle, parent])
        let line = family.line(below: parent, length: generations - 1, last: .female)
        let uncleWords = ["uncle", "great-uncle", "great-great-uncle", "3rd great-uncle", "4th great-uncle"]
        let nieceWords = ["niece", "great-niece", "great-great-niece", "3rd great-niece", "4th great-niece"]
        let up = try Kinship(graph: family.graph, a: line.last!, b: uncle)
        #expect(up.relations.map(\.term) == [uncleWords[generations - 2]])
        #expect(up.relations.first.map { [$0.generationsUpFromA, $0.generationsDownToB] } == [generations, 1])
        #expect(up.relations.first?.commonAncestors == [grandfather, grandmother])
        let down = try Kinship(graph: family.graph, a: uncle, b: line.last!)
        #expect(down.relations.map(\.term) == [nieceWords[generations - 2]])
        #expect(down.relations.first?.path == [uncle, grandfather, grandmother] + line)
    }

    @Test func halfUnclesAndHalfCousins() throws {
        var family = KinshipTestFamily()
        let man = family.person(.male), first = family.person(.female), second = family.person(.female)
        let a = family.person(.male), b = family.person(.female)
        family.family([man, first], [a])
        family.family([man, second], [b])
        let aLine = family.line(below: a, length: 2), bLine = family.line(below: b, length: 3, last: .female)
        let graph = family.graph
        #expect(try Kinship(graph: graph, a: aLine[1], b: b).relations.map(\.term) == ["half-aunt"])
        #expect(try Kinship(graph: graph, a: b, b: aLine[2]).relations.map(\.term) == ["half-great-nephew"])
        #expect(try Kinship(graph: graph, a: aLine[2], b: bLine[3]).relations.map(\.term) == ["half second cousin once removed"])
        #expect(try Kinship(graph: graph, a: aLine[1], b: bLine[1]).relations.first?.commonAncestors == [man])
    }

    static let cousinCases: [(degree: Int, removed: Int)] = (1...6).flatMap { d in (0...3).map { (d, $0) } }

    @Test(arguments: cousinCases)
    func cousins(degree: Int, removed: Int) throws {
        var family = KinshipTestFamily()
        let husband = family.person(.male), wife = family.person(.female)
        let left = family.person(.male), right = family.person(.female)
        family.family([husband, wife], [left, right])
        let aLine = family.line(below: left, length: degree), bLine = family.line(below: right, length: degree + removed, last: .female)
        let words = ["first", "second", "third", "fourth", "fifth", "sixth"]
        let removes = ["", " once removed", " twice removed", " three times removed"]
        let expected = words[degree - 1] + " cousin" + removes[removed]
        let kinship = try Kinship(graph: family.graph, a: aLine.last!, b: bLine.last!)
        #expect(kinship.relations.map(\.term) == [expected])
        let relation = try #require(kinship.relations.first)
        #expect(relation.generationsUpFromA == degree + 1 && relation.generationsDownToB == degree + 1 + removed)
        #expect(relation.commonAncestors == [husband, wife] && !relation.isHalf)
        #expect(relation.path == aLine.reversed() + [husband, wife] + bLine)
        #expect(try Kinship(graph: family.graph, a: bLine.last!, b: aLine.last!).relations.map(\.term) == [expected])
        #expect(kinship.sentences(in: family.graph) == ["Person \(bLine.last!) is Person \(aLine.last!)'s \(expected) (common ancestors: Person 0 and Person 1)"])
    }

    @Test func termsPastTheTables() {
        #expect(KinshipTerm.english(up: 14, down: 14, half: false, gender: .male) == "13th cousin")
        #expect(KinshipTerm.english(up: 3, down: 16, half: true, gender: .female) == "half second cousin 13 times removed")
        #expect(KinshipTerm.english(up: 2, down: 14, half: false, gender: .male) == "first cousin twelve times removed")
        #expect(KinshipTerm.english(up: 0, down: 13, half: false, gender: .unknown) == "11th great-grandchild")
        #expect(KinshipTerm.english(up: 23, down: 0, half: false, gender: .female) == "21st great-grandmother")
        #expect(KinshipTerm.english(up: 1, down: 24, half: false, gender: .unknown) == "22nd great-nephew or niece")
        #expect(KinshipTerm.english(up: 5, down: 1, half: true, gender: .unknown) == "half-3rd great-uncle or aunt")
        #expect(KinshipTerm.english(up: 1, down: 1, half: true, gender: .unknown) == "half-sibling")
        #expect(KinshipTerm.english(up: 0, down: 2, half: false, gender: .unknown) == "grandchild")
        #expect(KinshipTerm.english(up: 13, down: 12, half: false, gender: .unknown) == "eleventh cousin once removed")
    }

    @Test func noBloodRelationshipGivesTheMarriagePath() throws {
        var family = KinshipTestFamily()
        let father = family.person(.male, "Adam"), mother = family.person(.female, "Eve")
        let son = family.person(.male, "Seth")
        family.family([father, mother], [son])
        let inLawFather = family.person(.male, "Noah"), wife = family.person(.female, "Naamah")
        family.family([inLawFather], [wife])
        family.family([son, wife])
        let stranger = family.person(.unknown, "")
        let graph = family.graph
        let kinship = try Kinship(graph: graph, a: father, b: wife)
        #expect(kinship.relations.isEmpty)
        #expect(kinship.marriagePath == [Kinship.Step(from: father, to: son, link: .son), Kinship.Step(from: son, to: wife, link: .wife)])
        #expect(kinship.sentences(in: graph) == ["no blood relationship found; Naamah is the wife of Adam's son"])
        let back = try Kinship(graph: graph, a: inLawFather, b: mother)
        #expect(back.marriagePath.map(\.link) == [.daughter, .husband, .mother])
        #expect(back.sentences(in: graph).last == "no blood relationship found; Eve is the mother of Noah's daughter's husband")
        #expect(try Kinship(graph: graph, a: father, b: mother).sentences(in: graph).last == "no blood relationship found; Eve is the wife of Adam")
        let alone = try Kinship(graph: graph, a: father, b: stranger)
        #expect(alone.relations.isEmpty && alone.marriagePath.isEmpty)
        #expect(alone.sentences(in: graph) == ["no blood relationship found, and no path through parents, children and partners joins them"])
    }

    /// Issue 51: an unrelated pair far apart through marriages gets one sentence, not a
    /// chain of forty steps.
    @Test func aLongMarriagePathIsCountedNotTold() throws {
        var family = KinshipTestFamily()
        var last = family.person(.male, "First")
        let first = last
        for k in 0..<6 {  // each a wife, then her father: no blood relationship along the chain
            let wife = family.person(.female, "Wife \(k)"), father = family.person(.male, "Father \(k)")
            family.family([last, wife])
            family.family([father], [wife])
            last = father
        }
        let graph = family.graph
        let kinship = try Kinship(graph: graph, a: first, b: last)
        #expect(kinship.marriagePath.count == 12)
        #expect(kinship.sentences(in: graph) == ["no blood relationship found; the nearest connection runs through 12 links of parents, children and partners"])
        #expect(kinship.title(in: graph) == "No blood relationship: the nearest connection runs through 12 links of parents, children and partners")
    }

    /// Issue 51: two brothers married two sisters: their children are double first cousins,
    /// one sentence naming both couples; the JSON keeps each line.
    @Test func doubleFirstCousins() throws {
        var family = KinshipTestFamily()
        let g1 = family.person(.male, "G1"), g2 = family.person(.female, "G2")
        let h1 = family.person(.male, "H1"), h2 = family.person(.female, "H2")
        let brother1 = family.person(.male, "Brother1"), brother2 = family.person(.male, "Brother2")
        let sister1 = family.person(.female, "Sister1"), sister2 = family.person(.female, "Sister2")
        family.family([g1, g2], [brother1, brother2])
        family.family([h1, h2], [sister1, sister2])
        let a = family.person(.male, "A"), b = family.person(.female, "B")
        family.family([brother1, sister1], [a])
        family.family([brother2, sister2], [b])
        let graph = family.graph
        let kinship = try Kinship(graph: graph, a: a, b: b)
        #expect(kinship.relations.map(\.term) == ["first cousin", "first cousin"])
        #expect(kinship.relations.map(\.commonAncestors) == [[g1, g2], [h1, h2]])
        #expect(kinship.sentences(in: graph) == ["B is A's double first cousin (common ancestors: G1 and G2; H1 and H2)"])
        #expect(kinship.title(in: graph) == "Double first cousin: B to A")
    }

    /// Issue 51: a child only adopted into the family is an adopted brother, not a
    /// half-brother; a foster child a foster sister; a stepchild a stepbrother. Through an
    /// adoption further up, the words say "by adoption".
    @Test func adoptedFosterAndStepWords() throws {
        for (link, words) in [(ChildLink.adopted, "adopted brother"), (.foster, "foster brother"), (.step, "stepbrother")] {
            var family = KinshipTestFamily()
            let father = family.person(.male), mother = family.person(.female)
            let own = family.person(.female, "Own"), taken = family.person(.male, "Taken")
            family.unions.append(Union(partners: [father, mother], children: [own, taken], childLinks: [.birth, link]))
            let graph = family.graph
            let kinship = try Kinship(graph: graph, a: own, b: taken)
            #expect(kinship.relations.map(\.term) == [words], "\(link)")
            #expect(kinship.relations.first?.by == link && kinship.relations.first?.isHalf == false)
            let back = try Kinship(graph: graph, a: taken, b: father)
            #expect(back.relations.first?.term == ["adopted": "adoptive father", "foster": "foster father", "step": "stepfather"][link.rawValue])
            let down = try Kinship(graph: graph, a: mother, b: taken)
            #expect(down.relations.first?.term == ["adopted": "adopted son", "foster": "foster son", "step": "stepson"][link.rawValue])
        }
        var family = KinshipTestFamily()
        let g1 = family.person(.male), g2 = family.person(.female)
        let p = family.person(.male), q = family.person(.female)
        family.unions.append(Union(partners: [g1, g2], children: [p, q], childLinks: [.birth, .adopted]))
        let a = family.child(of: [p]), b = family.child(of: [q], .female)
        let graph = family.graph
        #expect(try Kinship(graph: graph, a: a, b: b).relations.map(\.term) == ["first cousin by adoption"])
        #expect(try Kinship(graph: graph, a: a, b: q).relations.map(\.term) == ["aunt by adoption"])
    }

    @Test func samePersonIsRefused() {
        var family = KinshipTestFamily()
        let p = family.person()
        #expect(throws: KinshipError.self) { try Kinship(graph: family.graph, a: p, b: p) }
    }

    /// 32 pairs of sibling ancestors five generations up (their parents six): 32 fifth-cousin relationships, of
    /// which the nearest 16 are listed.
    @Test func manyRelationshipsAreCapped() throws {
        var family = KinshipTestFamily()
        var aTops: [Int] = [], bTops: [Int] = []
        for _ in 0..<32 {
            let top = family.person(.female), x = family.person(.male), y = family.person(.female)
            family.family([top], [x, y])
            aTops.append(x)
            bTops.append(y)
        }
        func pedigree(_ tops: [Int]) -> Int {
            var level = tops
            while level.count > 1 {
                level = stride(from: 0, to: level.count, by: 2).map { family.child(of: [level[$0], level[$0 + 1]]) }
            }
            return level[0]
        }
        let a = pedigree(aTops), b = pedigree(bTops)
        let kinship = try Kinship(graph: family.graph, a: a, b: b)
        #expect(kinship.relations.count == Kinship.maximumRelations && kinship.omitted == 16 && kinship.isTruncated)
        #expect(kinship.relations.allSatisfy { $0.term == "fifth cousin" && !$0.isHalf && $0.commonAncestors.count == 1 })
        #expect(kinship.relations.map { $0.commonAncestors[0] } == Array(0..<16).map { 3 * $0 })  // file order
        #expect(kinship.sentences(in: family.graph).last == "and 16 more relationships (only the nearest 16 are listed)")
    }

    /// royal92 (in the repository's fixtures): Elizabeth II and Philip, and Victoria and
    /// Albert, cousins who married.
    @Test func intermarriedRoyalCousins() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let id = { (p: Int) in graph.persons[p].id }
        let name = { (p: Int) in graph.persons[p].name }
        let elizabeth = try #require(graph.index(of: "I52")), philip = try #require(graph.index(of: "I57"))
        let kinship = try Kinship(graph: graph, a: elizabeth, b: philip)
        // Every line, not only through the nearest common ancestors: also the lines that pass
        // one of them on one side (Philip descends from George III by another branch).
        #expect(kinship.relations.prefix(5).map(\.term) == ["second cousin once removed", "third cousin", "fourth cousin", "fourth cousin",
                                                           "fourth cousin once removed"])
        #expect(kinship.relations.prefix(4).map { [$0.generationsUpFromA, $0.generationsDownToB] } == [[4, 3], [4, 4], [5, 5], [5, 5]])
        #expect(kinship.relations.prefix(5).map { $0.commonAncestors.map(name) } == [["Christian IX", "Louise of Hesse-Cassel"],
                                                                                   ["Albert Augustus Charles", "Victoria Hanover"],
                                                                                   ["Frederick of Hesse-Cassel", "Caroline of Nassau- Usingen"],
                                                                                   ["Ludwig of Wurttemberg", "Henriette"],
                                                                                   ["George III Hanover", "(Sophia) Charlotte"]])
        // Elizabeth, George VI, George V, Alexandra of Denmark; George I of Greece, Andrew, Philip.
        #expect(kinship.relations[0].path.map(id) == ["I52", "I32", "I14", "I12", "I225", "I226", "I227", "I104", "I57"])
        #expect(kinship.sentences(in: graph)[0] == "Philip Mountbatten is Elizabeth II Alexandra Mary Windsor's second cousin once removed "
            + "(common ancestors: Christian IX and Louise of Hesse-Cassel)")
        let back = try Kinship(graph: graph, a: philip, b: elizabeth)
        #expect(back.relations.map(\.term) == kinship.relations.map(\.term))
        #expect(back.relations.prefix(4).map { [$0.generationsUpFromA, $0.generationsDownToB] } == [[3, 4], [4, 4], [5, 5], [5, 5]])
        let victoria = try #require(graph.index(of: "I1")), albert = try #require(graph.index(of: "I2"))
        let spouses = try Kinship(graph: graph, a: victoria, b: albert)
        #expect(spouses.relations.first?.term == "first cousin" && spouses.marriagePath.isEmpty)
        #expect(try Kinship(graph: graph, a: elizabeth, b: victoria).relations.first?.term == "great-great-grandmother")
    }

    /// Issue 51's pairs: a second line through an ancestor of the nearest common ancestors
    /// (Alfonso IX, father of Blanche of Castile by another wife) is listed after the first.
    @Test func aSecondLineThroughAnAncestorOfTheNearestOnes() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let joan = try #require(graph.index(of: "I1331"))
        let blanche = try #require(graph.index(of: "I1495")), robert = try #require(graph.index(of: "I1894"))
        let name = { (p: Int) in graph.persons[p].name }
        let first = try Kinship(graph: graph, a: joan, b: blanche)
        #expect(first.relations.map(\.term) == ["first cousin five times removed", "half second cousin three times removed"])
        #expect(first.relations.map { $0.commonAncestors.map(name) } == [["Louis VIII the Lion", "Blanche of Castile"], ["Alfonso IX"]])
        let second = try Kinship(graph: graph, a: joan, b: robert)
        #expect(second.relations.map(\.term) == ["5th great-uncle", "half first cousin four times removed"])
        for relation in first.relations + second.relations {
            let k = relation.generationsUpFromA
            #expect(relation.path.count == k + relation.generationsDownToB + relation.commonAncestors.count)
            // The two sides share nobody but the common ancestors.
            #expect(Set(relation.path[..<k]).isDisjoint(with: relation.path[(k + relation.commonAncestors.count)...]))
        }
    }
}
