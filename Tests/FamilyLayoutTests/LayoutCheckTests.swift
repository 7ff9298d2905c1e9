import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// `ChartLayout.violations(of:)` (`familychart layout --check`): the layout's own scenes
/// hold every rule, in every orientation; a box moved onto its neighbour is found.
@Suite struct LayoutCheckTests {
    @Test(arguments: [ChartOrientation.topDown, .leftRight, .bottomUp, .rightLeft])
    func aLayoutsOwnScenesHoldEveryRule(orientation: ChartOrientation) throws {
        let graph = try TestFamilies.graph(gedcom: "hourglass")
        for request in [ChartRequest.family, .family(FamilyChartOptions(compact: true)), .ancestors(AncestorChartOptions()),
                        .hourglass(HourglassChartOptions())] {
            var layout = ChartLayout(request: request)
            layout.orientation = orientation
            let scene = layout.scene(for: graph)
            #expect(layout.violations(of: scene).prefix(3) == [], "\(request) \(orientation)")
        }
    }

    @Test func aBoxOnItsNeighbourIsFound() throws {
        let layout = ChartLayout()
        var scene = layout.scene(for: try TestFamilies.graph(gedcom: "hourglass"))
        let row = scene.persons.indices.filter { scene.persons[$0].y == scene.persons[0].y && scene.persons[$0].part == scene.persons[0].part }
        let (a, b) = (row[0], row[1])
        scene.persons[b].x = scene.persons[a].x + 1
        #expect(!layout.violations(of: scene).isEmpty)
        var fan = ChartLayout(request: .fan(FanChartOptions()))
        fan.orientation = .topDown
        #expect(fan.violations(of: scene).isEmpty, "fans are not checked by these rules")
    }
}
