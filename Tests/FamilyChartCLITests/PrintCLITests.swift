import Foundation
import TestSupport
import Testing

@Suite struct PrintCLITests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test(arguments: [
        (["demo", "-o", "x.pdf", "--poster"], "--poster and the orientation options need --paper"),
        (["demo", "-o", "x.pdf", "--paper", "B9"], "--paper must be A0–A6, Letter"),
        (["demo", "-o", "x.pdf", "--paper", "A4", "--margin", "wide"], "--margin must be a length"),
        (["demo", "-o", "x.pdf", "--paper", "A4", "--portrait", "--landscape"], "give one of --portrait, --landscape"),
        (["demo", "-o", "x.svg", "--paper", "A4", "--poster"], "a poster has several sheets"),
    ])
    func printUsageErrors(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func fitWarnsAboutUnreadableNamesAndPosterPagesCanBeDrawnAsPNG() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let big = try CLIRunner.run(["generate", "300", "--seed", "7", "-o", directory + "/big.json"])
        #expect(big.status == 0)
        let fit = try CLIRunner.run(["render", directory + "/big.json", "-o", directory + "/fit.pdf", "--paper", "A4"] + fonts)
        #expect(fit.status == 0)
        #expect(fit.stderr.contains("below the readable 4 pt; use --poster"), "\(fit.stderr)")

        let sheet = try CLIRunner.run(["demo", "-o", directory + "/sheet.png", "--paper", "A6", "--poster", "--page", "2", "--dpi", "72"] + fonts)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let header = try Data(contentsOf: URL(fileURLWithPath: directory + "/sheet.png")).prefix(24)
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 420 || width == 298, "an A6 sheet at 72 dpi")
        let missing = try CLIRunner.run(["demo", "-o", directory + "/none.png", "--paper", "A6", "--poster", "--page", "99"] + fonts)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is no page 99"))
    }

    /// One tree: "Family of" its root; several trees (one root would be arbitrary): the
    /// file's own title (GEDCOM `HEAD.FILE`, else `HEAD.NOTE`), else the file's name.
    @Test(.enabled(if: ExternalTool.available("pdftotext"), "needs pdftotext (poppler-utils)"))
    func theTitleComesFromTheDataOnPaper() throws {
        let directory = try CLIRunner.temporaryDirectory()
        func title(_ input: String) throws -> String {
            let result = try CLIRunner.run(["render", input, "-o", directory + "/c.pdf", "--paper", "Letter"] + fonts)
            #expect(result.status == 0, "\(result.stderr)")
            return (ExternalTool.run("pdftotext", [directory + "/c.pdf", "-"]) ?? "").split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(try title(FixturePaths.gedcom("multi-partner")) == "Family of Alex Morgan & Beth Lund")
        #expect(try title(FixturePaths.family("two-roots")) == "two-roots", "two trees: the file's name")
        let strangers = "0 @I1@ INDI\n1 NAME Ann /Lee/\n0 @I2@ INDI\n1 NAME Bo /Chan/\n0 TRLR\n"
        try ("0 HEAD\n1 FILE C:\\Data\\Lee_and_Chan.ged\n1 NOTE Two families\n" + strangers).write(toFile: directory + "/a.ged", atomically: true, encoding: .utf8)
        #expect(try title(directory + "/a.ged") == "Lee and Chan", "HEAD.FILE without folder and extension")
        try ("0 HEAD\n1 FILE Untitled_1.ged\n1 NOTE Two families of Kowloon\n2 CONT compiled 1990\n" + strangers).write(toFile: directory + "/b.ged", atomically: true, encoding: .utf8)
        #expect(try title(directory + "/b.ged") == "Two families of Kowloon", "an untitled FILE: the note's first line")
    }

    /// Narrowing a chart's wide parts to the width limit fills the blank places a diagonal
    /// band leaves on a poster grid, so it may print more sheets than the chart with every
    /// parent centred (royal92 on A3: 299 against 213; the Bible family tree on A4: 109
    /// against 94) or fewer (Japanese Imperial, kennedy).
    /// A poster of the default chart prints whichever needs fewer sheets and says when it
    /// chose the centred one; `--width-limit` chooses without asking.
    @Test(.enabled(if: ExternalTool.available("pdfinfo"), "needs pdfinfo (poppler-utils)"))
    func aPosterOfRoyal92PrintsTheLayoutNeedingFewerSheets() throws {
        try expectFewestSheets(FixturePaths.gedcom("royal92"), paper: "A3")
    }

    @Test(.enabled(if: ExternalTool.available("pdfinfo") && FixturePaths.sharedDatasets != nil,
                   "needs pdfinfo (poppler-utils) and ../shared/datasets"))
    func aPosterOfTheBibleFamilyTreePrintsTheCentredChart() throws {
        try expectFewestSheets(FixturePaths.sharedDatasets! + "/d-jeffrey-gedcom-samples/famous-family-trees/Bible+Family+Tree.ged", paper: "A4")
    }

    private func expectFewestSheets(_ path: String, paper: String) throws {
        let file = (path as NSString).lastPathComponent
        let directory = try CLIRunner.temporaryDirectory()
        func sheets(_ extra: [String]) throws -> (count: Int, stderr: String) {
            let result = try CLIRunner.run(["render", path, "-o", directory + "/p.pdf", "--paper", paper, "--poster"] + extra + fonts)
            #expect(result.status == 0, "\(result.stderr)")
            let info = ExternalTool.run("pdfinfo", [directory + "/p.pdf"]) ?? ""
            let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
            return (Int(line.split(separator: " ").last ?? "") ?? -1, result.stderr)
        }
        let (centred, narrowed, chosen) = (try sheets(["--width-limit", "none"]), try sheets(["--width-limit", "1.5"]), try sheets([]))
        #expect(centred.count > 0 && narrowed.count > 0 && centred.count != narrowed.count, "\(file): \(centred.count), \(narrowed.count)")
        #expect(chosen.count == min(centred.count, narrowed.count), "\(file)")
        let noted = chosen.stderr.contains("note: the poster prints \(centred.count) sheets with every parent centred")
        #expect(noted == (centred.count < narrowed.count), "\(file): \(chosen.stderr)")
        #expect(!narrowed.stderr.contains("note: the poster prints"))
    }
}
