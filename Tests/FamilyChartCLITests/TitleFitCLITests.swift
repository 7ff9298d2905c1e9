import Foundation
import TestSupport
import Testing

/// Titles wrap, then shrink, then run over with a warning: never cut (issue 51).
@Suite struct TitleFitCLITests {
    /// Whether every word of `title` is in `text` as often (pdftotext mixes a wrapped
    /// title's lines with the date and the chart's names beside them).
    private func hasEveryWord(of title: String, in text: String) -> Bool {
        func counts(_ s: String) -> [Substring: Int] { s.split(whereSeparator: \.isWhitespace).reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        let have = counts(text)
        return counts(title).allSatisfy { have[$0.key, default: 0] >= $0.value }
    }

    static let long = "First cousin five times removed and half second cousin three times removed: Blanche of Artois to Joan Beaufort"

    @Test(arguments: ["A4", "A5", "A6", "A6-portrait"])
    func aLongTitleIsWrappedOrShrunkNotCut(paper: String) throws {
        guard ExternalTool.available("pdftotext") else { return }
        let directory = try CLIRunner.temporaryDirectory()
        let size = paper.hasSuffix("-portrait") ? String(paper.dropLast(9)) : paper
        let arguments = ["render", FixturePaths.gedcom("hourglass"), "--paper", size, "--title", Self.long, "-o", directory + "/t.pdf"]
        let result = try CLIRunner.run(arguments + (paper.hasSuffix("-portrait") ? ["--portrait"] : ["--landscape"]))
        #expect(result.status == 0, "\(result.stderr)")
        let text = ExternalTool.run("pdftotext", [directory + "/t.pdf", "-"]) ?? ""
        #expect(hasEveryWord(of: Self.long, in: text), "\(paper): \(text.prefix(400))")
        #expect(!text.contains("…"), "\(paper): nothing is cut")
        #expect(!result.stderr.contains("too long for its sheet"), "\(paper): \(result.stderr)")
    }

    @Test func aTitleTooLongEvenAtTheFloorIsDrawnWholeWithAWarning() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let title = Array(repeating: Self.long, count: 8).joined(separator: "; ")
        let result = try CLIRunner.run(["render", FixturePaths.gedcom("hourglass"), "--paper", "A6", "--title", title, "-o", directory + "/t.pdf"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("is too long for its sheet: drawn whole at 7 pt on "), "\(result.stderr)")
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/t.pdf", "-"]) ?? ""
            #expect(hasEveryWord(of: title, in: text))
        }
    }
}
