import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

@Suite struct ThemeTests {
    static let heritage = FixturePaths.fixtures + "/themes/heritage.json"

    @Test func builtInsAndFilesAreFound() throws {
        #expect(try Theme.named("colour") == .colour && (try Theme.named("print")) == .print)
        let theme = try Theme.named(Self.heritage)
        #expect(theme.name == "heritage" && theme.colourBy == .lineage && theme.boxWidth == 128 && theme.cornerRadius == 3)
        #expect(theme.male == Theme.colour.male, "fields left out keep the default")
        #expect(theme.applied(to: LayoutStyle()).boxWidth == 128)
        #expect(theme.textStyle.family.hasPrefix("DejaVu Serif") && theme.textStyle.nameSize == 11)
    }

    @Test(arguments: [
        (#"{"colourBy": "age"}"#, "colourBy must be gender, generation or lineage, got \"age\""),
        (#"{"male": {"fill": "blue"}}"#, ##"male.fill must be a colour like "#3F72A6", got "blue""##),
        (#"{"box": {"width": 5}}"#, "box.width must be a number from 30.0 to 600.0"),
        (##"{"colour": "#FFFFFF"}"##, "unknown field \"colour\""),
        (#"{"generations": []}"#, "generations must be a non-empty array"),
        (#"[1, 2]"#, "expected an object, found an array"),
        (##"{"line": "#12345"##, "invalid theme: line 1"),
        (#"{"dates": {"about": "um"}}"#, "dates.about must hold one {} for the year, got \"um\""),
        (#"{"dates": {"between": "{} bis"}}"#, "dates.between must hold two {} for the years"),
        (#"{"dates": {"circa": "ca. {}"}}"#, "unknown field dates.circa (about, calculated"),
        (#"{"dates": {"born": 1}}"#, "dates.born must be a string, found a number"),
    ])
    func mistakesInAThemeFileAreNamed(json: String, message: String) throws {
        let path = NSTemporaryDirectory() + "theme-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ThemeError.self) { try Theme.named(path) }
        do { _ = try Theme.named(path) } catch { #expect(error.description.contains(message) && error.description.hasPrefix(path), "\(error)") }
        #expect(throws: ThemeError.unreadable(path: "nowhere", reason: "no such file (built-in themes: colour, print)")) {
            try Theme.named("nowhere")
        }
    }

    /// A theme's own words for dates reach the boxes' life lines.
    @Test func dateWordsComeFromTheTheme() throws {
        let path = NSTemporaryDirectory() + "theme-\(UUID().uuidString).json"
        try #"{"dates": {"about": "um {}", "born": "* {}", "died": "† {}", "before": "vor {}", "separator": "; "}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let theme = try Theme.named(path)
        #expect(theme.dates.about == "um {}" && theme.dates.after == DateWords.standard.after, "fields left out keep the default")
        let gedcom = """
            0 HEAD
            0 @I1@ INDI
            1 NAME Anna /Berg/
            1 BIRT
            2 DATE ABT 1872
            0 @I2@ INDI
            1 NAME Karl /Berg/
            1 BIRT
            2 DATE BET 1870 AND 1872
            1 DEAT
            2 DATE BEF 1940
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(gedcom.utf8), source: "t.ged").graph
        let scene = ChartLayout(style: theme.applied(to: LayoutStyle())).scene(for: graph)
        #expect(scene.persons.compactMap(\.detail).sorted() == ["* 1870–1872; † vor 1940", "* um 1872"])
        #expect(ChartLayout().scene(for: graph).persons.compactMap(\.detail).sorted() == ["b. 1870–1872, d. bef. 1940", "b. c. 1872"])
    }

    @Test func lineagesAreNumberedPerBranchOfTheRoot() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: "multi-partner"))
        let lineage = Dictionary(scene.persons.filter { !$0.isReference }.map { ($0.id, $0.lineage) }, uniquingKeysWith: { a, _ in a })
        #expect(lineage["I1"] == .some(nil) && lineage["I2"] == .some(nil), "the root couple has none")
        #expect(lineage["I7"] == 0 && lineage["I12"] == 0 && lineage["I10"] == 0, "Gus, his wife and his son")
        #expect(lineage["I5"] == 1 && lineage["I9"] == 1 && lineage["I6"] == 2 && lineage["I8"] == 2 && lineage["I14"] == 2)
        // Max descends from two branches (his parents are cousins): he takes the branch of the parent who hangs the couple.
        #expect(lineage["I13"] == lineage["I10"] || lineage["I13"] == lineage["I9"])
    }

    @Test(arguments: [("heritage", "multi-partner"), ("print", "relationships")])
    func themedChartsRenderLikeTheGolden(theme name: String, family: String) throws {
        let theme = name == "print" ? Theme.print : try Theme.named(Self.heritage)
        let layout = ChartLayout(style: theme.applied(to: LayoutStyle()))
        let scene = layout.scene(for: try TestFamilies.graph(gedcom: family))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig), theme: theme).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: "theme-\(name)")
    }
}
