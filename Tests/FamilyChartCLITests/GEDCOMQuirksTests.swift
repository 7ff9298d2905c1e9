import Foundation
import TestSupport
import Testing

/// The names, dates and encodings real exports write, one fixture per case in
/// `Fixtures/quirks`: what the file says is what the scene's text says and what the
/// PDF's extractable text says (poppler's `pdftotext`).
@Suite struct GEDCOMQuirksTests {
    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        /// Every one of these is a person's `name` or `detail` in the scene.
        var sceneTexts: [String]
        /// Every one of these is in the PDF's text (line breaks read as spaces).
        var pdfTexts: [String]
        /// None of these is in the scene's names and details, nor in the PDF's text.
        var forbidden: [String] = []
        /// A fragment of the warning on stderr; empty: no warning at all.
        var warning = ""
        var description: String { fixture }
    }

    static let cases: [Case] = [
        Case(fixture: "surname-never-initial",
             sceneTexts: ["Наталья Николаевна Гончарова (Пушкина, Ланская)", "1812–1863"],
             pdfTexts: ["Гончарова", "(Пушкина, Ланская)", "1812–1863"], forbidden: ["Г.", "Н. Н. Г."]),
        Case(fixture: "suffix-after-surname",
             sceneTexts: ["Uthman Ibn Affan Umayyad, Caliph Of Islam 3rd", "d. 656"],
             pdfTexts: ["Umayyad, Caliph Of Islam 3rd", "d. 656"], forbidden: [" ,", "U. I. A.", "C. O. I.", "Umayyad Caliph"]),
        Case(fixture: "cjk-surname-first", sceneTexts: ["王小明", "山田太郎"], pdfTexts: ["王小明", "山田太郎"],
             forbidden: ["王 小明", "山田 太郎", "小明王"]),
        Case(fixture: "hyphen-before-surname", sceneTexts: ["Jean-Dupont"], pdfTexts: ["Jean-Dupont"], forbidden: ["Jean- Dupont"]),
        Case(fixture: "about-birth", sceneTexts: ["Anna Berg", "b. c. 1872"], pdfTexts: ["b. c. 1872"], forbidden: ["b. 1872"]),
        Case(fixture: "qualified-deaths",
             sceneTexts: ["d. aft. 1347", "d. bef. 1461", "d. 598–601", "d. c. 1640", "d. est. 1700", "d. 1900–1910"],
             pdfTexts: ["d. aft. 1347", "d. bef. 1461", "d. 598–601", "d. c. 1640", "d. est. 1700", "d. 1900–1910"],
             forbidden: ["d. 1347", "d. 1461", "d. 601", "d. 1640", "d. 1700", "d. 1910"]),
        Case(fixture: "dual-year", sceneTexts: ["632–631/32"], pdfTexts: ["632–631/32"]),
        Case(fixture: "hebrew-calendar", sceneTexts: ["Miriam Levi", "b. 1939"], pdfTexts: ["b. 1939"], forbidden: ["5700"]),
        Case(fixture: "french-republican-calendar", sceneTexts: ["Liberté Martin", "b. 1793"], pdfTexts: ["b. 1793"]),
        Case(fixture: "julian-calendar", sceneTexts: ["Isaac Newton", "1643–1727", "b. c. 1623"], pdfTexts: ["1643–1727", "b. c. 1623"],
             forbidden: ["@#", "JULIAN"]),
        Case(fixture: "ansel-declared-cyrillic-1251",
             sceneTexts: ["Александр Сергеевич Пушкин", "Наталья Николаевна Гончарова", "Мария Александровна Пушкина", "Тарас Григорович Шевченко"],
             pdfTexts: ["Пушкин", "Наталья Николаевна", "Гончарова", "Шевченко"], forbidden: ["\u{FFFD}", "ß"],
             warning: "the header declares ANSEL, but 90 bytes are not valid ANSEL; read as Windows-1251, which the text fits"),
        Case(fixture: "note-nested-too-deep", sceneTexts: ["Deeply Nested", "b. 1900"], pdfTexts: ["Deeply Nested", "b. 1900"],
             warning: "note-nested-too-deep.ged: line 15: level 5 follows level 3; a line may go at most one level deeper; skipped with the line under it"),
    ]

    @Test(arguments: cases)
    func theChartSaysWhatTheFileSays(_ quirk: Case) throws {
        let input = FixturePaths.fixtures + "/quirks/\(quirk.fixture).ged"
        let layout = try CLIRunner.run(["layout", input])
        #expect(layout.status == 0, "\(layout.stderr)")
        if quirk.warning.isEmpty {
            #expect(layout.stderr.isEmpty, "\(layout.stderr)")
        } else {
            #expect(layout.stderr.contains(quirk.warning), "\(layout.stderr)")
        }
        let scene = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as! [String: Any]
        let persons = scene["persons"] as! [[String: Any]]
        let texts = persons.flatMap { [$0["name"] as? String, $0["detail"] as? String].compactMap { $0 } }
        for text in quirk.sceneTexts { #expect(texts.contains(text), "scene: \(text) not in \(texts)") }
        for text in quirk.forbidden { #expect(!texts.contains { $0.contains(text) }, "scene: \(text) in \(texts)") }

        try #require(ExternalTool.available("pdftotext"), "pdftotext (poppler-utils, installed by scripts/setup) is needed")
        let directory = try CLIRunner.temporaryDirectory()
        let render = try CLIRunner.run(["render", input, "-o", directory + "/chart.pdf", "--font-config", FixturePaths.fontConfig])
        #expect(render.status == 0, "\(render.stderr)")
        let pdf = (ExternalTool.run("pdftotext", [directory + "/chart.pdf", "-"]) ?? "").replacingOccurrences(of: "\n", with: " ")
        for text in quirk.pdfTexts { #expect(pdf.contains(text), "PDF: \(text) not in \(pdf)") }
        for text in quirk.forbidden { #expect(!pdf.contains(text), "PDF: \(text) in \(pdf)") }
    }

    /// No output of ours shows a calendar escape or a GEDCOM 7 calendar word: the scene
    /// (boxes, marriage labels), the semantic SVG, the PDF's text and `relate` in text and
    /// JSON, for every calendar fixture with every box field.
    @Test(arguments: ["julian-calendar", "hebrew-calendar", "french-republican-calendar"])
    func calendarEscapesNeverShow(_ fixture: String) throws {
        let input = FixturePaths.fixtures + "/quirks/\(fixture).ged"
        let directory = try CLIRunner.temporaryDirectory()
        let fields = ["--box", "name,dates,age,place,marriage,id", "--font-config", FixturePaths.fontConfig]
        var outputs: [(String, String)] = []
        let layout = try CLIRunner.run(["layout", input] + fields)
        outputs.append(("scene", layout.stdout))
        for format in ["svg", "pdf"] {
            let render = try CLIRunner.run(["render", input, "-o", directory + "/chart.\(format)"] + fields)
            #expect(render.status == 0, "\(render.stderr)")
            let text = format == "pdf" ? ExternalTool.run("pdftotext", [directory + "/chart.pdf", "-"]) ?? ""
                : (try? String(contentsOfFile: directory + "/chart.svg", encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "\(format) written")
            outputs.append((format, text))
        }
        if fixture == "julian-calendar" {
            for format in ["text", "json"] { outputs.append(("relate \(format)", try CLIRunner.run(["relate", input, "I1", "I3", "--format", format]).stdout)) }
        }
        for (what, text) in outputs {
            for escape in ["@#D", "JULIAN", "HEBREW", "FRENCH R", "FRENCH_R"] { #expect(!text.contains(escape), "\(fixture): \(what) shows \(escape)") }
        }
    }
}
