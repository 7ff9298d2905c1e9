import FamilyModel
import Testing

/// Builds seed JSON compactly: `p("a", couple: "b", kids: ["c"])`.
private func p(_ id: String, couple: String = "", kids: [String] = []) -> String {
    let children = kids.map { "\"\($0)\"" }.joined(separator: ",")
    return #"{"id": "\#(id)", "name": "\#(id.uppercased())", "coupleID": "\#(couple)", "childrenIDs": [\#(children)]}"#
}

private func json(_ generations: [[String]]) -> String {
    "[" + generations.map { "[" + $0.joined(separator: ",") + "]" }.joined(separator: ",") + "]"
}

private func validate(_ generations: [[String]]) throws(FamilyInputError) -> FamilyValidator.Output {
    let data = try SeedJSONDecoder().decode(Array(json(generations).utf8), source: "t.json").data
    return try FamilyValidator().validate(data, source: "t.json")
}

private func problems(_ generations: [[String]]) -> [ValidationProblem] {
    do {
        _ = try validate(generations)
        Issue.record("expected the input to be rejected")
        return []
    } catch {
        guard case .invalid(_, let problems) = error else { return [] }
        return problems
    }
}

@Suite struct FamilyValidatorTests {
    @Test func acceptsTheDemoAndMergesChildrenListedOnOneOrBothSpouses() throws {
        let output = try validate([[p("a", couple: "b", kids: ["c"]), p("b", couple: "a", kids: ["c", "d"])],
                                   [p("c"), p("d")]])
        let graph = output.graph
        #expect(graph.unions == [Union(partners: [0, 1], children: [2, 3])])
        #expect(graph.unionsOf == [[0], [0], [], []])
        #expect(graph.parentUnions == [[], [], [0], [0]])
        #expect(graph.hasFixedGenerations)
        #expect(graph.roots == [0])
        #expect(output.warnings.isEmpty)
    }

    @Test func emptyInputIsAnError() {
        #expect(problems([]) == [.noPersons])
        #expect(problems([[], []]) == [.noPersons])
    }

    @Test func duplicateIDs() {
        #expect(problems([[p("a"), p("a")]]) == [.duplicateID(id: "a", firstPath: "generations[0][0]", secondPath: "generations[0][1]")])
    }

    @Test func unknownSpouseAndChildWithSuggestions() {
        #expect(problems([[p("p17", couple: "zzz")], [p("p18")]]).first
            == .unknownSpouse(id: "p17", path: "generations[0][0]", spouseID: "zzz", suggestion: nil))
        let found = problems([[p("p3", kids: ["p71"])], [p("p17")]])
        #expect(found == [.unknownChild(id: "p3", path: "generations[0][0]", childID: "p71", suggestion: "p17")])
        #expect(found[0].description.contains("did you mean \"p17\"?"))
    }

    @Test func ownSpouseAndOwnChild() {
        #expect(problems([[p("a", couple: "a")]]) == [.ownSpouse(id: "a", path: "generations[0][0]")])
        #expect(problems([[p("a", kids: ["a"])]]) == [.ownChild(id: "a", path: "generations[0][0]")])
    }

    @Test func couplesMustPointAtEachOther() {
        #expect(problems([[p("a", couple: "b"), p("b", couple: "c"), p("c", couple: "b")]])
            == [.mismatchedCouple(id: "a", spouseID: "b", spousesSpouseID: "c")])
        #expect(problems([[p("a", couple: "c"), p("b", couple: "c"), p("c")]])
            == [.contestedSpouse(spouseID: "c", claimants: ["a", "b"])])
    }

    @Test func aOneSidedCoupleIsRepairedWithAWarning() throws {
        let output = try validate([[p("a", couple: "b"), p("b")]])
        #expect(output.graph.spouse(of: 0) == 1 && output.graph.spouse(of: 1) == 0)
        #expect(output.warnings == [.oneSidedCouple(id: "a", spouseID: "b")])
    }

    @Test func spousesShareAGeneration() {
        #expect(problems([[p("a", couple: "b")], [p("b", couple: "a")]])
            == [.spousesInDifferentGenerations(id: "a", generation: 0, spouseID: "b", spouseGeneration: 1)])
    }

    @Test func aChildBelongsToOneParentUnit() {
        #expect(problems([[p("a", kids: ["c"]), p("b", kids: ["c"])], [p("c")]])
            == [.childClaimedTwice(childID: "c", firstParents: ["a"], secondParents: ["b"])])
        #expect(problems([[p("a", couple: "b", kids: ["c"]), p("b", couple: "a"), p("x", kids: ["c"])], [p("c")]])
            == [.childClaimedTwice(childID: "c", firstParents: ["a", "b"], secondParents: ["x"])])
    }

    /// Decision (documented in docs/input-formats.md): a child stands exactly one generation below
    /// its parents. Two below skips a generation; the same or an earlier one goes back.
    @Test func childrenStandExactlyOneGenerationBelow() {
        #expect(problems([[p("a", kids: ["c"])], [p("b")], [p("c")]])
            == [.childNotInNextGeneration(parentID: "a", parentGeneration: 0, childID: "c", childGeneration: 2)])
        #expect(problems([[p("a", kids: ["b"]), p("b")]])
            == [.childNotInNextGeneration(parentID: "a", parentGeneration: 0, childID: "b", childGeneration: 0)])
    }

    @Test func cyclesOfParenthoodAreNamed() {
        let found = problems([[p("a", kids: ["b"])], [p("b", kids: ["c"])], [p("c", kids: ["a"])]])
        #expect(found.contains(.ancestryCycle(["a", "b", "c", "a"])))
        #expect(found.contains(.childNotInNextGeneration(parentID: "c", parentGeneration: 2, childID: "a", childGeneration: 0)))
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = problems([[p("a", couple: "zz", kids: ["a", "q"]), p("a")]])
        #expect(found.count == 4)  // duplicate, unknown spouse, own child, unknown child
        let message = "\(FamilyInputError.invalid(source: "t.json", problems: found))"
        #expect(message.hasPrefix("t.json: 4 problems:"))
    }

    @Test func laterGenerationOrphansStartTheirOwnTreeWithAWarning() throws {
        let output = try validate([[p("a", kids: ["b"])], [p("b"), p("loner")]])
        #expect(output.graph.roots == [0, 2])
        #expect(output.warnings == [.startsOwnTree(id: "loner", generation: 1)])
    }

    @Test func aChildListedTwiceIsDrawnOnce() throws {
        let output = try validate([[p("a", kids: ["b", "b"])], [p("b")]])
        #expect(output.graph.unions == [Union(partners: [0], children: [1])])
        #expect(output.warnings == [.childListedTwice(parentID: "a", childID: "b")])
    }

    @Test func anInLawWithParentsIsNotARoot() throws {
        // c (child of a) marries d (child of b): the roots are a and b only.
        let graph = try validate([[p("a", kids: ["c"]), p("b", kids: ["d"])], [p("c", couple: "d"), p("d", couple: "c")]]).graph
        #expect(graph.roots == [0, 1])
    }
}
