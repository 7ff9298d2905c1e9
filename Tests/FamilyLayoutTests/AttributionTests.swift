import FamilyLayout
import FamilyModel
import Testing

/// The attribution rule of `SceneInvariants` (issue 46) on small hand-made scenes: who
/// stands under another couple, and how far a line runs sideways.
@Suite struct AttributionTests {
    /// Single parents in row 0 at the given left edges, children in row 1 (or 2) at the
    /// given left edges, each with one line from its parent's bottom centre: down to a track,
    /// along it, down to the child's top centre.
    private func scene(parents: [Double], children: [(parent: Int, x: Double, row: Int)]) -> Scene {
        let width = 104.0, height = 40.0, pitch = 84.0
        var persons = parents.enumerated().map { k, x in
            PersonBox(id: "P\(k)", name: "P\(k)", gender: .unknown, generation: 0, x: x, y: 0, width: width, height: height)
        }
        var connectors: [Connector] = []
        for (k, child) in children.enumerated() {
            let y = Double(child.row) * pitch
            persons.append(PersonBox(id: "C\(k)", name: "C\(k)", gender: .unknown, generation: child.row, x: child.x, y: y,
                                     width: width, height: height))
            let hang = parents[child.parent] + width / 2, end = child.x + width / 2, track = y - 22
            connectors.append(Connector(parents: ["P\(child.parent)"], child: "C\(k)", parentBoxes: [child.parent],
                                        childBox: persons.count - 1,
                                        points: [Point(hang, height), Point(hang, track), Point(end, track), Point(end, y)]))
        }
        return Scene(width: 2_000, height: 300, persons: persons, coupleBars: [], connectors: connectors, chart: .family)
    }

    @Test func aChildFarFromItsParentsUnderAnotherParentIsCounted() {
        // P0's second child's top centre stands at 652, 600 pt from its own hang point (52)
        // and 300 pt from P1's (352): under another couple. Its line runs 600 pt sideways.
        let s = scene(parents: [0, 300], children: [(0, 0, 1), (0, 600, 1), (1, 300, 1)])
        let figures = SceneInvariants(scene: s).attribution()
        #expect(figures.children == 3)
        #expect(figures.underOtherCouple == 1)
        #expect(figures.longestSideways == 600)
        #expect(figures.longestSidewaysChild == "C1")
        #expect(figures.examples.first?.hasPrefix("C1 (own line 600 pt away, under P1)") == true)
        #expect(SceneInvariants(scene: s).attributionViolations(maximumShareUnderOtherCouple: 0.3).count == 1)
        #expect(SceneInvariants(scene: s).attributionViolations(maximumShareUnderOtherCouple: 0.34).isEmpty)
        #expect(SceneInvariants(scene: s).attributionViolations(maximumShareUnderOtherCouple: nil, maximumSideways: 500).count == 1)
    }

    @Test func withinOnePitchOfItsOwnParentsNobodyIsUnderAnother() {
        // C1 is 118 pt (one pitch) from its own hang point and 80 pt from P1's: not counted
        // (the rule needs more than one pitch).
        let s = scene(parents: [0, 198], children: [(0, 118, 1), (1, 300, 1)])
        #expect(SceneInvariants(scene: s).attribution().underOtherCouple == 0)
        // One point further, it is.
        let t = scene(parents: [0, 199], children: [(0, 119, 1), (1, 300, 1)])
        #expect(SceneInvariants(scene: t).attribution().underOtherCouple == 1)
    }

    @Test func onlyFamiliesWithChildrenInTheSameRowCount() {
        // P1's only child stands a row lower: its hang point does not compete in row 1.
        let s = scene(parents: [0, 300], children: [(0, 0, 1), (0, 600, 1), (1, 300, 2)])
        #expect(SceneInvariants(scene: s).attribution().underOtherCouple == 0)
        // A nearer hang point of the child's own family (another line of it) is no other couple.
        let t = scene(parents: [0], children: [(0, 0, 1), (0, 600, 1)])
        #expect(SceneInvariants(scene: t).attribution().underOtherCouple == 0)
    }

    @Test func anEmptySceneHasNoShare() {
        let figures = SceneInvariants(scene: scene(parents: [0], children: [])).attribution()
        #expect(figures.children == 0 && figures.shareUnderOtherCouple == 0 && figures.longestSideways == 0)
    }
}
