import FamilyLayout
import FamilyModel
import Testing

/// `ChartOptionSupport` is the one table of which chart kinds take which option: the
/// checks of `ChartChoice` and `ChartLayout.unsupportedOption` agree with it, kind by kind.
@Suite struct ChartOptionSupportTests {
    /// A choice of `kind` that `checked()` accepts (a relationship chart needs its two persons).
    static func choice(_ kind: ChartKind) -> ChartChoice {
        var choice = ChartChoice()
        choice.chart = kind.rawValue
        if kind == .relationship { (choice.focus, choice.to) = ("A", "B") }
        return choice
    }

    /// The choice with `option` given (a value it accepts where it applies).
    static func with(_ option: ChartOptionSupport, _ choice: ChartChoice) -> ChartChoice? {
        var choice = choice
        switch option {
        case .compact: choice.compact = true
        case .widthLimit: choice.widthLimit = "2"
        case .siblings: choice.siblings = true
        case .numbering: choice.numbering = "sosa"
        case .descendantGenerations: choice.descendantGenerations = "2"
        case .to: (choice.focus, choice.to) = ("A", "B")
        case .fanAngle: choice.fanAngle = "180"
        case .fanDirection: choice.fanDirection = "descendants"
        case .fanEmpty: choice.fanEmpty = "hide"
        case .fanColours: choice.fanColours = "lineage"
        case .orientation, .box, .colourBy: return nil  // beside the request: see below
        }
        return choice
    }

    @Test(arguments: ChartKind.allCases)
    func theChartOptionsAreCheckedAsTheTableSays(kind: ChartKind) throws {
        _ = try Self.choice(kind).checked()
        for option in ChartOptionSupport.allCases {
            guard let choice = Self.with(option, Self.choice(kind)) else { continue }
            let accepted = (try? choice.checked()) != nil
            #expect(accepted == option.applies(to: kind), "\(option.rawValue) on \(kind.rawValue): accepted \(accepted)")
        }
    }

    @Test(arguments: ChartKind.allCases)
    func theOptionsBesideTheRequestAreRefusedAsTheTableSays(kind: ChartKind) throws {
        let request = try Self.choice(kind).checked().request
        var turned = ChartLayout(request: request)
        turned.orientation = .leftRight
        var boxed = ChartLayout(request: request)
        boxed.boxContent = try BoxContent(parsing: "name,place")
        var coloured = ChartLayout(request: request)
        coloured.colouring = BoxColouring(scheme: .lineage, colours: BoxColouringTests.colours)
        for (layout, option) in [(turned, ChartOptionSupport.orientation), (boxed, .box), (coloured, .colourBy)] {
            #expect((layout.unsupportedOption == nil) == option.applies(to: kind), "\(option.rawValue) on \(kind.rawValue)")
            if let message = layout.unsupportedOption { #expect(message.hasPrefix(option.rawValue + " is for ") && message.contains("not fans")) }
        }
        #expect(ChartLayout(request: request).unsupportedOption == nil)
    }

    @Test func everyOptionNamesAKindAndAPurpose() {
        for option in ChartOptionSupport.allCases {
            #expect(!option.kinds.isEmpty && option.refusal(for: option.kinds[0]) == nil)
        }
        #expect(ChartOptionSupport.markdownTable.split(separator: "\n").count == ChartOptionSupport.allCases.count + 2)
    }
}
