import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// Scene JSON snapshots: a few small charts of every kind, laid out without fonts (no
/// text measure) and written by `SceneJSONWriter` exactly as `familychart layout` writes
/// them, compared byte for byte with `Fixtures/scenes/NAME.json`. A change to any
/// coordinate, field or order shows here as text, where the PNG goldens would show only
/// pixels. Set `RECORD_SCENES=1` to write the snapshots anew (the recording run fails on
/// purpose; run again to check), then read the diff (`git diff Fixtures/scenes`) before
/// committing it.
///
/// Layout is pinned here, not in PNG goldens: the family, descendant, ancestor and
/// hourglass charts below once were goldens (issue 22 cut the goldens down to painting:
/// fonts, scripts, colours, themes, photos, fans, print), so a change of order or
/// placement shows as a text diff and re-records no picture. The cases cover `--compact`,
/// every orientation, fans of every angle and both directions, relationship charts, every
/// box field and every colour scheme, so that a refactoring of any of them shows here.
@Suite struct SceneSnapshotTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: Input
        let request: @Sendable (FamilyGraph) -> ChartRequest
        var partnerOrder: PartnerOrder = .marriage
        /// What the layout draws besides the chart kind: box fields, colours, a turn.
        var decoration = Decoration()
        var testDescription: String { name }
    }

    /// `--box`, `--color-by` and `--orientation` as the layout takes them.
    struct Decoration: Sendable {
        var boxContent: BoxContent?
        var scheme: ColourScheme?
        /// A greyscale theme's letter marks in the boxes.
        var marks = false
        var orientation = ChartOrientation.topDown

        func apply(to layout: inout ChartLayout) {
            layout.boxContent = boxContent
            layout.orientation = orientation
            if let scheme {
                var colours = BoxColouringTests.colours
                colours.marksBoxes = marks
                layout.colouring = BoxColouring(scheme: scheme, colours: colours)
            }
        }
    }

    /// A turned (or upside-down) chart.
    static func turned(_ orientation: ChartOrientation) -> Decoration { Decoration(orientation: orientation) }
    /// Boxes coloured by `scheme`.
    static func coloured(_ scheme: ColourScheme, marks: Bool = false) -> Decoration { Decoration(scheme: scheme, marks: marks) }
    /// Boxes that say `fields` (a `--box` list).
    static func box(_ fields: String, placeLevel: Int? = nil, _ orientation: ChartOrientation = .topDown) -> Decoration {
        Decoration(boxContent: try! BoxContent(parsing: fields, placeLevel: placeLevel), orientation: orientation)
    }
    /// The demo's fan about Xiaoming with `change` made to its options.
    static func demoFan(_ change: @escaping @Sendable (inout FanChartOptions) -> Void) -> @Sendable (FamilyGraph) -> ChartRequest {
        { graph in
            var options = FanChartOptions(focus: graph.index(of: DemoFamily.xiaoming), generations: 4)
            change(&options)
            return .fan(options)
        }
    }

    enum Input: Sendable {
        case demo
        case gedcom(String)
        case fixture(String)
        case json(String)
        /// A graph made by the test (a part of a file, a redacted file, a generated one).
        case made(@Sendable () throws -> FamilyGraph)

        func graph() throws -> FamilyGraph {
            switch self {
            case .demo: try TestFamilies.demo
            case .gedcom(let name): try TestFamilies.graph(gedcom: name)
            case .fixture(let name): try TestFamilies.graph(fixture: name)
            case .json(let text): try TestFamilies.graph(json: text)
            case .made(let make): try make()
            }
        }
    }

    /// 300 persons with no family at all: packed as one block, not a row of 300.
    static func alone() throws -> FamilyGraph {
        var text = "0 HEAD\n1 CHAR UTF-8\n"
        for i in 0..<300 { text += "0 @I\(i)@ INDI\n1 NAME N\(i) /Alone/\n" }
        return try FamilyImport(bytes: Array((text + "0 TRLR\n").utf8), source: "alone.ged").graph
    }

    /// Henry VIII's family from royal92: his parents, his six wives and theirs, his children and theirs.
    static func henryVIII() throws -> FamilyGraph {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        return royal.restricted(to: royal.closeFamily(of: "I828"))
    }

    /// An ancestor (or with `hourglass`, hourglass) chart of `focus`.
    static func focus(_ focus: String, generations: Int? = nil, extras: Bool, hourglass: Bool = false) -> @Sendable (FamilyGraph) -> ChartRequest {
        { graph in
            hourglass ? .hourglass(.init(focus: graph.index(of: focus), generations: generations, showsSiblings: extras))
                : .ancestors(.init(focus: graph.index(of: focus), generations: generations, numbering: extras ? .sosa : .none))
        }
    }

    /// A seed family where a spouse's own parents are drawn: the descendant chart's cross link.
    static let crossLink = #"""
        [[{"id": "a", "name": "A", "gender": "male", "childrenIDs": ["c"]}, {"id": "b", "name": "B", "gender": "female", "childrenIDs": ["d", "e"]}],
         [{"id": "c", "name": "C", "gender": "male", "coupleID": "d"}, {"id": "d", "name": "D", "gender": "female", "coupleID": "c"}, {"id": "e", "name": "E"}]]
        """#

    static let cases: [Case] = [
        Case(name: "demo-family", input: .demo) { _ in .family },
        Case(name: "demo-descendants", input: .demo) { _ in .descendants(.init()) },
        Case(name: "demo-columns-male-left", input: .demo, request: { _ in .descendants(.init(placement: .columns)) },
             partnerOrder: .maleLeft),
        Case(name: "demo-ancestors-sosa", input: .demo) { graph in
            .ancestors(.init(focus: graph.index(of: DemoFamily.xiaoming), showsSiblings: true, numbering: .sosa))
        },
        Case(name: "demo-relationship", input: .demo) { graph in .relationship(.init(focus: graph.index(of: "c1"), to: graph.index(of: "c2"))) },
        Case(name: "demo-fan", input: .demo) { graph in .fan(.init(focus: graph.index(of: DemoFamily.xiaoming), generations: 4)) },
        Case(name: "hourglass-fixture", input: .gedcom("hourglass")) { _ in .hourglass(.init(showsSiblings: true)) },
        Case(name: "multi-partner-family", input: .gedcom("multi-partner")) { _ in .family },
        Case(name: "relationships-descendants", input: .gedcom("relationships")) { _ in .descendants(.init()) },
        Case(name: "cross-link-descendants", input: .json(crossLink)) { _ in .descendants(.init()) },
        // Once PNG goldens (layout only): the fixtures' family charts, the shapes issue 13
        // names, Henry VIII, persons with no family, the focus charts, a redacted chart.
        Case(name: "single-person-family", input: .fixture("single-person")) { _ in .family },
        Case(name: "childless-couple-family", input: .fixture("childless-couple")) { _ in .family },
        Case(name: "wide-flat-family", input: .fixture("wide-flat")) { _ in .family },
        Case(name: "deep-chain-12-family", input: .fixture("deep-chain-12")) { _ in .family },
        Case(name: "two-roots-family", input: .fixture("two-roots")) { _ in .family },
        Case(name: "lost-link-family", input: .gedcom("lost-link")) { _ in .family },
        Case(name: "both-families-family", input: .gedcom("both-families")) { _ in .family },
        Case(name: "two-marriages-family", input: .gedcom("two-marriages")) { _ in .family },
        Case(name: "twelve-partners-family", input: .gedcom("twelve-partners")) { _ in .family },
        Case(name: "henry-viii-family", input: .made(henryVIII)) { _ in .family },
        Case(name: "alone-300-family", input: .made(alone)) { _ in .family },
        Case(name: "royal92-I828-descendants-3", input: .gedcom("royal92")) { graph in .descendants(.init(root: graph.index(of: "I828"), generations: 3)) },
        Case(name: "redacted-multi-partner-family", input: .made {
            LivingRedaction(currentYear: 2026).apply(to: try TestFamilies.graph(gedcom: "multi-partner")).graph
        }) { _ in .family },
        Case(name: "demo-ancestors", input: .demo, request: focus("b8", extras: false)),
        Case(name: "victoria-ancestors-9", input: .gedcom("royal92"), request: focus("I1", generations: 9, extras: false)),
        Case(name: "charles-ii-ancestors-sosa", input: .gedcom("royal92"), request: focus("I2130", extras: true)),
        Case(name: "hourglass-two-partners", input: .gedcom("hourglass"), request: focus("X", extras: true, hourglass: true)),
        // `--compact` and `--width-limit none`: squeezed parts, leaf stacks, stepped runs, tight gaps.
        Case(name: "demo-family-compact", input: .demo) { _ in .family(.init(compact: true)) },
        Case(name: "henry-viii-family-compact", input: .made(henryVIII)) { _ in .family(.init(compact: true)) },
        Case(name: "wide-flat-family-compact", input: .fixture("wide-flat")) { _ in .family(.init(arrangement: .row, compact: true)) },
        // A small intermarried family (`RandomFamilyGraph`): narrowed to the width limit with a
        // reach, references with row labels, part frames; exact, compact (a leaf stack), turned.
        Case(name: "random-30-3-family", input: .made { RandomFamilyGraph(persons: 30, seed: 3).make() }) { _ in .family },
        Case(name: "random-30-3-family-exact", input: .made { RandomFamilyGraph(persons: 30, seed: 3).make() }) { _ in
            .family(.init(widthLimit: nil))
        },
        Case(name: "random-30-3-family-left-right", input: .made { RandomFamilyGraph(persons: 30, seed: 3).make() },
             request: { _ in .family }, decoration: turned(.leftRight)),
        Case(name: "random-36-10-compact", input: .made { RandomFamilyGraph(persons: 36, seed: 10).make() }) { _ in
            .family(.init(compact: true))
        },
        // Every orientation (turned charts mirror by kind).
        Case(name: "demo-family-left-right", input: .demo, request: { _ in .family }, decoration: turned(.leftRight)),
        Case(name: "demo-family-bottom-up", input: .demo, request: { _ in .family }, decoration: turned(.bottomUp)),
        Case(name: "demo-family-right-left", input: .demo, request: { _ in .family }, decoration: turned(.rightLeft)),
        Case(name: "demo-compact-left-right", input: .demo, request: { _ in .family(.init(compact: true)) }, decoration: turned(.leftRight)),
        Case(name: "demo-descendants-right-left", input: .demo, request: { _ in .descendants(.init()) }, decoration: turned(.rightLeft)),
        Case(name: "demo-ancestors-left-right", input: .demo, request: focus("b8", extras: true), decoration: turned(.leftRight)),
        Case(name: "demo-ancestors-right-left", input: .demo, request: focus("b8", extras: false), decoration: turned(.rightLeft)),
        Case(name: "hourglass-fixture-bottom-up", input: .gedcom("hourglass"), request: { _ in .hourglass(.init(showsSiblings: true)) },
             decoration: turned(.bottomUp)),
        Case(name: "demo-relationship-left-right", input: .demo, request: { graph in
            .relationship(.init(focus: graph.index(of: "c1"), to: graph.index(of: "c2")))
        }, decoration: turned(.leftRight)),
        // Relationship by marriage, and a person alone.
        Case(name: "demo-relationship-in-law", input: .demo) { graph in .relationship(.init(focus: graph.index(of: "b9"), to: graph.index(of: "b1"))) },
        Case(name: "demo-relationship-alone", input: .demo) { graph in .relationship(.init(focus: graph.index(of: "b9"))) },
        // Fans: every angle, descendants outward, empty cells shown at the frontier or hidden, lineage colours.
        Case(name: "demo-fan-180", input: .demo, request: demoFan { $0.sweep = 180 }),
        Case(name: "demo-fan-270-frontier", input: .demo, request: demoFan { $0.sweep = 270; $0.empty = .frontier }),
        Case(name: "demo-fan-360-hidden", input: .demo, request: demoFan { $0.sweep = 360; $0.empty = .hide; $0.generations = 5 }),
        Case(name: "demo-fan-lineage", input: .demo, request: demoFan { $0.colours = .lineage }),
        Case(name: "demo-fan-descendants", input: .demo) { graph in .fan(.init(focus: graph.index(of: "g1"), generations: 4, direction: .descendants)) },
        Case(name: "demo-fan-descendants-360", input: .demo) { graph in
            .fan(.init(focus: graph.index(of: "g1"), generations: 3, sweep: 360, direction: .descendants))
        },
        // Box fields: every one (places cut to two levels), marriage labels (left out when turned), Sosa numbers.
        Case(name: "box-facts-family-box", input: .gedcom("box-facts"), request: { _ in .family },
             decoration: box("name,second-name,dates,age,place,occupation,id,marriage", placeLevel: 2)),
        Case(name: "box-facts-family-box-left-right", input: .gedcom("box-facts"), request: { _ in .family },
             decoration: box("name,dates,place,marriage", .leftRight)),
        Case(name: "box-facts-compact-box", input: .gedcom("box-facts"), request: { _ in .family(.init(compact: true)) },
             decoration: box("name,place,occupation,marriage")),
        Case(name: "box-facts-descendants-box", input: .gedcom("box-facts"), request: { _ in .descendants(.init()) },
             decoration: box("name,id,occupation,marriage")),
        Case(name: "demo-ancestors-box-sosa", input: .demo, request: focus("b8", extras: false), decoration: box("name,dates,age,sosa")),
        Case(name: "hourglass-fixture-box", input: .gedcom("hourglass"), request: { _ in .hourglass(.init(showsSiblings: true)) },
             decoration: box("name,id,sosa,marriage")),
        // Every colour scheme (gender is the default, no colours in the scene), and marks.
        Case(name: "demo-family-lineage", input: .demo, request: { _ in .family }, decoration: coloured(.lineage)),
        Case(name: "demo-family-branch", input: .demo, request: { _ in .family }, decoration: coloured(.branch)),
        Case(name: "demo-family-surname", input: .demo, request: { _ in .family }, decoration: coloured(.surname)),
        Case(name: "demo-family-generation-marks", input: .demo, request: { _ in .family }, decoration: coloured(.generation, marks: true)),
        Case(name: "demo-family-none", input: .demo, request: { _ in .family }, decoration: coloured(.none)),
        Case(name: "demo-descendants-branch", input: .demo, request: { _ in .descendants(.init()) }, decoration: coloured(.branch)),
        Case(name: "demo-ancestors-lineage", input: .demo, request: focus("b8", extras: true), decoration: coloured(.lineage, marks: true)),
    ]

    static let directory = FixturePaths.fixtures + "/scenes"
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SCENES"] == "1" }

    @Test(arguments: cases)
    func sceneMatchesItsSnapshot(_ snapshot: Case) throws {
        let graph = try snapshot.input.graph()
        var layout = ChartLayout(request: snapshot.request(graph))
        layout.partnerOrder = snapshot.partnerOrder
        snapshot.decoration.apply(to: &layout)
        let actual = SceneJSONWriter().write(layout.scene(for: graph)) + Array("\n".utf8)
        let path = Self.directory + "/\(snapshot.name).json"
        if Self.recording {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            try Data(actual).write(to: URL(fileURLWithPath: path))
            Issue.record("Recorded \(path); run again without RECORD_SCENES to check it")
            return
        }
        guard let expected = FileManager.default.contents(atPath: path) else {
            Issue.record("no snapshot \(path); record it with RECORD_SCENES=1 swift test --filter SceneSnapshotTests")
            return
        }
        guard [UInt8](expected) != actual else { return }
        let output = FixturePaths.testOutput + "/scenes"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let actualPath = output + "/\(snapshot.name).json"
        try Data(actual).write(to: URL(fileURLWithPath: actualPath))
        Issue.record("""
            scene differs from \(path) \(Self.firstDifference([UInt8](expected), actual)); actual scene: \(actualPath) \
            (record with RECORD_SCENES=1 if the change is meant)
            """)
    }

    /// Every chart kind has at least one snapshot.
    @Test func everyChartKindHasASnapshot() throws {
        var kinds = Set<ChartKind>()
        for snapshot in Self.cases { kinds.insert(snapshot.request(try snapshot.input.graph()).kind) }
        for kind in ChartKind.allCases where !kinds.contains(kind) {
            Issue.record("no scene snapshot of a \(kind.rawValue) chart: add one to SceneSnapshotTests.cases and record it with RECORD_SCENES=1")
        }
    }

    /// "at byte N: …expected… / …actual…", a little context either side.
    static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let index = expected.indices.first { $0 < actual.count && expected[$0] != actual[$0] } ?? min(expected.count, actual.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 60)..<min(bytes.count, index + 60)], as: UTF8.self)
        }
        return "at byte \(index): expected …\(around(expected))… but got …\(around(actual))…"
    }
}
