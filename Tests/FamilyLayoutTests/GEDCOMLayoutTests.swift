import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// The descendant (tidy) chart of real genealogy: several partners, single parents, persons met twice.
@Suite struct GEDCOMLayoutTests {
    private func box(_ scene: Scene, _ name: String, reference: Bool = false) throws -> PersonBox {
        try #require(scene.persons.first { $0.name == name && $0.isReference == reference })
    }

    @Test func aPersonWithThreePartnersStandsBetweenThemEachUnionWithItsOwnChildren() throws {
        let graph = try TestFamilies.graph(gedcom: "multi-partner")
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        let alex = try box(scene, "Alex Morgan"), beth = try box(scene, "Beth Lund")
        let carla = try box(scene, "Carla Ruiz"), dana = try box(scene, "Dana Zoë Kowalski")
        // Marriage order alternates right, left, right: Carla | Alex | Beth | Dana.
        #expect(carla.maxX < alex.x && alex.maxX < beth.x && beth.maxX < dana.x)
        #expect(Set([carla.y, beth.y, dana.y]) == [alex.y])
        // Beside partners get a straight bar; Dana's bar passes over Beth and drops into the gap.
        let danaBar = try #require(scene.coupleBars.first { $0.ids == ["I1", "I4"] })
        #expect(danaBar.points.count == 5 && danaBar.points.allSatisfy { $0.y <= alex.y + alex.height / 2 })
        #expect(danaBar.hang.x > beth.maxX && danaBar.hang.x < dana.x)
        // The childless union has no connector; Beth's children hang from Beth's bar, Gus from Carla's.
        #expect(!scene.connectors.contains { $0.parents.contains("I4") })
        let bethBar = try #require(scene.coupleBars.first { $0.ids == ["I1", "I2"] })
        let carlaBar = try #require(scene.coupleBars.first { $0.ids == ["I3", "I1"] })
        #expect(Set(scene.connectors.filter { $0.points[0] == bethBar.hang }.map(\.child)) == ["I5", "I6"])
        #expect(scene.connectors.filter { $0.points[0] == carlaBar.hang }.map(\.child) == ["I7"])
        // Half-siblings grouped by union: Carla's child left of Beth's.
        #expect(try box(scene, "Gus Morgan").maxX < (try box(scene, "Ed Morgan")).x)
        #expect(scene.persons.map(\.detail).contains("1900–c. 1975") && scene.persons.map(\.detail).contains("b. 1910"), "DEAT ABT 1975")
    }

    @Test func aSingleParentAndASameSexCoupleAreDrawnAsSuch() throws {
        let scene = ChartLayout(request: .descendants(.init())).scene(for: try TestFamilies.graph(gedcom: "multi-partner"))
        let fay = try box(scene, "Fay Morgan")
        let hal = try #require(scene.connectors.first { $0.child == "I8" })
        #expect(hal.parents == ["I6"] && hal.points.first == Point(fay.centerX, fay.maxY))
        let hal2 = try box(scene, "Hal Morgan"), ned = try box(scene, "Ned Okafor")
        #expect(scene.coupleBars.contains { $0.ids == ["I8", "I14"] } && hal2.maxX < ned.x)
        #expect(hal2.gender == .male && ned.gender == .male)
    }

    @Test func cousinsWhoMarryAreDrawnOnceWithAReferenceInTheSecondPlace() throws {
        let graph = try TestFamilies.graph(gedcom: "multi-partner")
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        #expect(scene.persons.filter { !$0.isReference }.count == graph.count, "everyone exactly once")
        let references = scene.persons.filter(\.isReference)
        #expect(references.map(\.id) == ["I9"])
        let ivy = try box(scene, "Ivy Morgan"), jon = try box(scene, "Jon Morgan")
        #expect(ivy.y == jon.y && scene.coupleBars.contains { $0.ids == ["I10", "I9"] && scene.persons[$0.boxes[1]].isReference })
        #expect(references[0].detail == "see generation \(ivy.generation + 1)")
        // Ivy stands among her own family, under Ed and Kim; beside her husband Jon (met first) is the reference.
        #expect(scene.connectors.contains { $0.child == "I9" && $0.parents == ["I5", "I11"] && !scene.persons[$0.childBox].isReference })
        let reference = try box(scene, "Ivy Morgan", reference: true)
        #expect(reference.y == jon.y && reference.x > jon.maxX)
    }

    @Test func rootAndGenerationLimitChooseWhatIsDrawn() throws {
        let graph = try TestFamilies.graph(gedcom: "multi-partner")
        let ed = try #require(graph.index(of: "I5"))
        let scene = ChartLayout(request: .descendants(.init(root: ed))).scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        #expect(Set(scene.persons.map(\.id)) == ["I5", "I11", "I9", "I10", "I13"], "Ed, Kim, Ivy, her husband Jon, Max")
        let two = ChartLayout(request: .descendants(.init(generations: 2))).scene(for: graph)
        #expect(Set(two.persons.map(\.generation)) == [0, 1])
        #expect(SceneInvariants(scene: two).violations() == [])
        let one = ChartLayout(request: .descendants(.init(generations: 1))).scene(for: graph)
        #expect(Set(one.persons.map(\.id)) == ["I1", "I2", "I3", "I4"])
    }

    @Test(arguments: ["multi-partner", "relationships", "royal92"])
    func theColumnsLayoutKeepsTheRulesForSeveralPartnersToo(name: String) throws {
        let scene = ChartLayout(request: .descendants(.init(placement: .columns))).scene(for: try TestFamilies.graph(gedcom: name))
        #expect(SceneInvariants(scene: scene).violations().prefix(3) == [])
    }

    /// ged2dot's cousins-marrying.ged: the grandparents' family lists its children but no
    /// partners, so the siblings are roots; cut to two generations, everyone is still drawn.
    @Test func siblingsWhoseFamilyNamesNoParentsStartTrees() throws {
        let text = """
            0 HEAD
            0 @P1@ INDI
            1 NAME A /A/
            1 FAMC @F1@
            1 FAMS @F2@
            0 @P2@ INDI
            1 NAME B /B/
            1 FAMC @F1@
            1 FAMS @F3@
            0 @P3@ INDI
            1 NAME C /C/
            1 FAMC @F2@
            1 FAMS @F4@
            0 @P4@ INDI
            1 NAME D /D/
            1 SEX F
            1 FAMC @F3@
            1 FAMS @F4@
            0 @F1@ FAM
            1 CHIL @P1@
            1 CHIL @P2@
            0 @F2@ FAM
            1 HUSB @P1@
            1 CHIL @P3@
            0 @F3@ FAM
            1 HUSB @P2@
            1 CHIL @P4@
            0 @F4@ FAM
            1 HUSB @P3@
            1 WIFE @P4@
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "cousins.ged").graph
        #expect(graph.roots == [0, 1])
        for limit in [nil, 2] as [Int?] {
            let scene = ChartLayout(request: .descendants(.init(generations: limit))).scene(for: graph)
            #expect(SceneInvariants(scene: scene).violations() == [])
            #expect(Set(scene.persons.map(\.id)) == ["P1", "P2", "P3", "P4"] && scene.width.isFinite)
            #expect(scene.persons.filter(\.isReference).map(\.id) == ["P4"], "D stands under B, a reference beside C")
        }
    }

    @Test func aSeedRootBelowTheFirstGenerationStartsAtTheTopRow() throws {
        let graph = try TestFamilies.demo
        let root = try #require(graph.persons.firstIndex { $0.name == "王建华" })
        #expect(graph.persons[root].generation == 1)
        let scene = ChartLayout(request: .descendants(.init(root: root))).scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        #expect(scene.persons.map(\.y).min() == LayoutStyle().margin && Set(scene.persons.map(\.generation)) == [0, 1, 2])
    }

    @Test func aGenerationLimitAlsoLeavesOutSeedRootsBelowIt() throws {
        // "loner" has no parents and stands in the second generation: a tree of its own there.
        let graph = try TestFamilies.graph(json: #"[[{"id": "a", "name": "A"}], [{"id": "loner", "name": "L"}]]"#)
        #expect(Set(ChartLayout(request: .descendants(.init())).scene(for: graph).persons.map(\.generation)) == [0, 1])
        let scene = ChartLayout(request: .descendants(.init(generations: 1))).scene(for: graph)
        #expect(scene.persons.map(\.id) == ["a"] && scene.height == LayoutStyle().rowY(1) - LayoutStyle().rowGap + LayoutStyle().margin)
        #expect(SceneInvariants(scene: scene).violations() == [])
    }

    @Test func datesCanBeHidden() throws {
        var style = LayoutStyle()
        style.showsDates = false
        let scene = ChartLayout(style: style).scene(for: try TestFamilies.graph(gedcom: "multi-partner"))
        #expect(scene.persons.allSatisfy { $0.detail == nil || $0.isReference })
    }

    /// Files of the shared data sets that must be refused, and the words the message must hold:
    /// a file that cannot be split into records, a level-0 line that cannot be read, a cycle.
    static let expectedRefusals: [String: String] = [
        "d-jeffrey-gedcom-samples/famous-family-trees/GeorgeWashington+Family+Small.ged": "not a GEDCOM file",  // an HTML page
        "gedcom-go-testdata/malformed/circular-reference.ged": "cycle of parenthood",
        "gedcom-go-testdata/malformed/unterminated-xref.ged": "line 4: malformed cross-reference",
        "gedcom4j-sample/problemFile.ged": "@I27@ (line 291) → @I21@ (line 325) → @I25@ (line 305) → @I27@",
    ]

    /// Files whose odd lines inside records are skipped with a warning naming the line.
    static let expectedSkips: [String: String] = [
        "gedcom-go-testdata/edge-cases/structural-edge-cases.ged": "line 39: level 5 follows level 3; a line may go at most one level deeper; skipped with the line under it",
        "gedcom-go-testdata/malformed/invalid-level.ged": "line 6: level 99 follows level 1",
        "gedcom-go-testdata/malformed/level-jump-skip.ged": "line 8: level 4 follows level 1",
        "gedcom-go-testdata/malformed/level-jump-subordinate.ged": "line 10: level 3 follows level 1",
        "gedcom-go-testdata/malformed/level-over-99.ged": "line 17: level 100 is deeper than GEDCOM's 99",
        "gedcom4j-sample/Issue87.ged": "line 46: level 3 follows level 1; a line may go at most one level deeper; skipped",
    ]

    /// Every GEDCOM file of the shared data sets imports and lays out without breaking a
    /// rule, whole and from the person with the most partners; the malformed ones are
    /// refused with their line, and files without persons say so.
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func everySharedDatasetLaysOutCorrectly() throws {
        let root = try #require(FixturePaths.sharedDatasets)
        let files = FixturePaths.sharedGEDCOMFiles(in: root)
        var drawn = 0, refused = 0, empty = 0, persons = 0
        for file in files {
            let family: FamilyImport
            do {
                family = try FamilyImport(file: InputFile(path: root + "/" + file))
            } catch {
                let message = error.description
                if message.contains("has no INDI (person) records") {
                    empty += 1
                } else {
                    let expected = try #require(Self.expectedRefusals[file], "\(file) was refused: \(message)")
                    #expect(message.contains(expected) && message.contains(file), "\(file): \(message)")
                    refused += 1
                }
                continue
            }
            #expect(Self.expectedRefusals[file] == nil, "\(file) should have been refused")
            if let skip = Self.expectedSkips[file] {
                #expect(family.warnings.contains { "\($0)".contains(skip) }, "\(file): \(family.warnings)")
            }
            let graph = family.graph
            let whole = ChartLayout(request: .descendants(.init())).scene(for: graph)
            #expect(SceneInvariants(scene: whole).violations().prefix(3) == [], "\(file)")
            #expect(whole.persons.filter { !$0.isReference }.count == graph.count, "\(file): everyone drawn once")
            let cut = ChartLayout(request: .descendants(.init(generations: 3))).scene(for: graph)
            #expect(SceneInvariants(scene: cut).violations().prefix(3) == [] && cut.width.isFinite && !cut.persons.isEmpty, "\(file) cut to 3 rows")
            let hub = graph.persons.indices.max { graph.unionsOf[$0].count < graph.unionsOf[$1].count }!
            var fitted = ChartLayout(request: .descendants(.init(root: hub, generations: 4)))
            fitted.labelWidth = { name, _ in Double(name.count) * 5.5 + 12 }  // boxes of varying widths per row
            let subtree = fitted.scene(for: graph)
            #expect(SceneInvariants(scene: subtree).violations().prefix(3) == [], "\(file) from \(graph.persons[hub].id)")
            drawn += 1
            persons += graph.count
        }
        #expect(drawn + refused + empty == files.count)
        #expect(refused == Self.expectedRefusals.count)
        #expect(drawn > 120 && persons > 20_000)
        print("shared GEDCOM files: \(drawn) drawn (\(persons) persons), \(refused) refused as malformed, \(empty) without persons")
    }
}

/// The rule checker itself: each kind of broken scene is caught.
@Suite struct SceneInvariantsCatchBrokenScenesTests {
    private let scene: Scene = {
        ChartLayout(request: .descendants(.init())).scene(for: try! TestFamilies.graph(gedcom: "multi-partner"))
    }()

    private func violations(_ change: (inout Scene) -> Void) -> [String] {
        var broken = scene
        change(&broken)
        return SceneInvariants(scene: broken).violations()
    }

    @Test func theUntouchedSceneIsClean() {
        #expect(SceneInvariants(scene: scene).violations() == [])
    }

    @Test func overlapsLinesThroughBoxesOffCentreParentsAndLoosePartnersAreCaught() throws {
        let alex = try #require(scene.persons.firstIndex { $0.id == "I1" })
        let beth = try #require(scene.persons.firstIndex { $0.id == "I2" })
        #expect(violations { $0.persons[beth].x -= 40 }.contains { $0.contains("closer than") })
        #expect(violations { s in
            let target = s.persons[beth]
            s.connectors[0].points.append(Point(target.centerX, s.connectors[0].points.last!.y))
            s.connectors[0].points.append(Point(target.centerX, target.maxY - 1))
        }.contains { $0.contains("passes through box I2") })
        #expect(violations { $0.persons[alex].generation = 3 }.contains { $0.contains("spans") })
        #expect(violations { s in
            for c in s.connectors.indices where s.connectors[c].child == "I7" {
                s.connectors[c].points = s.connectors[c].points.map { Point($0.x + 5, $0.y) }
            }
        }.contains { $0.contains("does not start at the parent unit") })
        #expect(violations { s in
            let i = s.persons.firstIndex { $0.id == "I7" }!
            s.persons[i].x -= 30
        }.contains { $0.contains("off centre") || $0.contains("top centre") })
        #expect(violations { s in
            let i = s.coupleBars.firstIndex { $0.ids == ["I1", "I2"] }!
            s.coupleBars[i].points[1].x += 10
        }.contains { $0.contains("does not end at a partner's facing edge") || $0.contains("passes through") })
        #expect(violations { s in s.persons.append(s.persons[alex]) }.contains { $0.contains("two primary boxes") })
        // A hang point moved along an arching bar without the arch's descent (pres2020's
        // I2185+I2192 came down 2 pt beside its drop).
        #expect(violations { s in
            let i = s.coupleBars.firstIndex { $0.points.count > 2 }!
            s.coupleBars[i].hang.x += 2
        }.contains { $0.contains("does not come down at its hang point") })
    }
}

/// Kinds of relationship and the order of marriages and siblings.
@Suite struct RelationshipLayoutTests {
    let graph: FamilyGraph = try! TestFamilies.graph(gedcom: "relationships")

    private func x(_ scene: Scene, _ id: String) -> Double { scene.persons.first { $0.id == id && !$0.isReference }!.x }

    @Test func marriagesAndSiblingsFollowTheirDatesNotTheFileOrder() {
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        // Robin's FAMS lists the 1988 marriage first; the 1972 one stands first (right).
        #expect(x(scene, "P3") < x(scene, "P1") && x(scene, "P1") < x(scene, "P2"))
        #expect(x(scene, "C2") < x(scene, "C1") && x(scene, "C1") < x(scene, "C3"), "Vic 1974, Uma 1976, Wren 1980")
        #expect(x(scene, "C6") < x(scene, "C5") && x(scene, "C5") < x(scene, "C4"), "Zed 1978, Yara 1985, Xavi 1990")
    }

    @Test func adoptionFosterStepAndDivorceReachTheScene() throws {
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        let link = Dictionary(uniqueKeysWithValues: scene.connectors.map { ($0.child, $0.link) })
        #expect(link == ["C1": .birth, "C2": .birth, "C3": .adopted, "C4": .birth, "C5": .foster, "C6": .step])
        #expect(scene.coupleBars.filter(\.isDivorced).map(\.ids) == [["P1", "P2"]])
        let json = String(decoding: SceneJSONWriter().write(scene), as: UTF8.self)
        #expect(json.contains(#""link":"adopted""#) && json.contains(#""divorced":true"#))
        #expect(try JSONDecoder().decode(Scene.self, from: Data(json.utf8)) == scene)
    }

    @Test func maleLeftPutsAWomansHusbandsOnHerLeft() {
        var layout = ChartLayout(request: .descendants(.init()))
        layout.partnerOrder = .maleLeft
        let scene = layout.scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        #expect(x(scene, "P2") < x(scene, "P1") && x(scene, "P1") < x(scene, "P3"))
    }

    @Test func seedJSONCarriesYearsRelationsAndDivorce() throws {
        let json = """
            [[{"id": "a", "name": "A", "coupleID": "b", "divorced": true, "birthYear": 1950, "deathYear": 2020,
               "childrenIDs": ["c", "d"], "childRelations": {"d": "adopted"}},
              {"id": "b", "name": "B", "coupleID": "a", "living": true}],
             [{"id": "c", "name": "C"}, {"id": "d", "name": "D", "birthYear": 1980}]]
            """
        let graph = try TestFamilies.graph(json: json)
        #expect(graph.unions == [Union(partners: [0, 1], children: [2, 3], childLinks: [.birth, .adopted], isDivorced: true)])
        #expect(graph.persons[1].isLiving == true && graph.persons[0].isLiving == false)
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        #expect(scene.persons[0].detail == "1950–2020" && scene.coupleBars[0].isDivorced)
        #expect(scene.connectors.first { $0.child == "d" }?.link == .adopted)
    }
}

/// Pedigree collapse at scale: everyone descends from one couple and marries a cousin.
@Suite struct PedigreeCollapseTests {
    /// Four founding couples; then generation by generation every child marries a child
    /// of another couple of the same generation (from the second generation on a cousin),
    /// and each couple has two or three children.
    static func endogamousFamily(persons target: Int) -> FamilyData {
        var founders: [Person] = []
        for k in 0..<4 {
            founders.append(Person(id: "h\(k)", name: "Founder \(k)", gender: .male, coupleID: "w\(k)", generation: 0, indexInGeneration: 2 * k))
            founders.append(Person(id: "w\(k)", name: "Founder's wife \(k)", gender: .female, coupleID: "h\(k)", generation: 0,
                                   indexInGeneration: 2 * k + 1))
        }
        var generations = [founders]
        var couples: [Int] = [0, 2, 4, 6]  // index of each couple's first member in the last generation
        var total = founders.count
        while total < target, !couples.isEmpty {
            let g = generations.count
            var row: [Person] = []
            for (c, first) in couples.enumerated() {
                for _ in 0..<(2 + c % 2) where total < target {
                    let id = "p\(total)"
                    row.append(Person(id: id, name: "P\(total)", gender: .unknown, generation: g, indexInGeneration: row.count))
                    generations[g - 1][first].childrenIDs.append(id)
                    total += 1
                }
            }
            // Child k marries child k + half: always of another couple, a cousin from generation 2 on.
            let half = row.count / 2
            couples = []
            for k in 0..<half where k + half < row.count {
                row[k].gender = .male
                row[k + half].gender = .female
                row[k].coupleID = row[k + half].id
                row[k + half].coupleID = row[k].id
                couples.append(k)
            }
            generations.append(row)
        }
        return FamilyData(generations: generations)
    }

    @Test func twentyThousandCousinsWhoMarryAreEachDrawnOnceWithReferences() throws {
        let data = Self.endogamousFamily(persons: 20_000)
        let family = try FamilyImport(bytes: Array(GEDCOMWriter().write(data).utf8), source: "<endogamy>")
        let graph = family.graph
        #expect(graph.count == 20_000)
        let scene = ChartLayout(request: .descendants(.init())).scene(for: graph)
        #expect(scene.persons.filter { !$0.isReference }.count == graph.count)
        let references = scene.persons.filter(\.isReference).count
        let marriedCousins = graph.unions.filter { $0.partners.count == 2 && $0.partners.allSatisfy(graph.hasParents) }.count
        #expect(references == marriedCousins && references > 5_000, "one reference per marriage of two persons with parents")
        #expect(scene.persons.reduce(0) { $0 + $1.references } == references, "badges count every reference")
        #expect(SceneInvariants(scene: scene).violations().prefix(3) == [])
    }
}
