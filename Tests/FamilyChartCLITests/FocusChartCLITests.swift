import Foundation
import TestSupport
import Testing

/// `--chart ancestors|hourglass`, `--focus`, `--numbering`, `--siblings` and the generator's pedigrees.
@Suite struct FocusChartCLITests {
    private let royal = FixturePaths.gedcom("royal92")

    @Test func anAncestorChartOfAFocusWithSosaNumbers() throws {
        let result = try CLIRunner.run(["layout", royal, "--chart", "ancestors", "--focus", "@I1@", "--generations", "3", "--numbering", "sosa"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""chart":"ancestors""#) && result.stdout.contains(#""sosa":"7""#))
        #expect(result.stdout.contains(#""detail":"1 · 1819–1901""#), "the focus's second line starts with 1")
        let unknown = try CLIRunner.run(["layout", royal, "--chart", "ancestors", "--focus", "I99999"])
        #expect(unknown.status == 1 && unknown.stderr.contains("--focus \"I99999\": no person has this id"))
        let misspelt = try CLIRunner.run(["layout", FixturePaths.gedcom("hourglass"), "--chart", "ancestors", "--focus", "XX"])
        #expect(misspelt.status == 1 && misspelt.stderr.contains("did you mean"), "\(misspelt.stderr)")
    }

    @Test func optionsThatDoNotFitTheChartAreUsageErrors() throws {
        for (arguments, message) in [
            (["--siblings"], "--siblings and --numbering are for --chart ancestors or hourglass"),
            (["--chart", "pie"], "--chart must be family, descendants, ancestors, hourglass, relationship or fan"),
            (["--chart", "ancestors", "--numbering", "roman"], "--numbering must be none or sosa"),
            (["--chart", "ancestors", "--descendant-generations", "2"], "--descendant-generations is for --chart hourglass"),
        ] {
            let result = try CLIRunner.run(["layout", royal] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func anHourglassOnPaperIsTitledAfterItsFocus() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", FixturePaths.gedcom("hourglass"), "--chart", "hourglass", "--focus", "X", "--siblings",
                                        "--descendant-generations", "2", "-o", directory + "/h.pdf", "--paper", "A4"])
        #expect(result.status == 0, "\(result.stderr)")
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/h.pdf", "-"]) ?? ""
            #expect(text.contains("Hakon Vik — hourglass") && text.contains("Arne Vik") && text.contains("Ivar Vik"))
        }
        let demo = try CLIRunner.run(["demo", "--chart", "ancestors", "-o", directory + "/a.pdf", "--paper", "A5"])
        #expect(demo.status == 0)
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/a.pdf", "-"]) ?? ""
            #expect(text.contains("Ancestors of 王小明") && text.contains("王建国") && !text.contains("张伟"))
        }
    }

    @Test func theGeneratorMakesPedigreesWithCollapse() throws {
        let result = try CLIRunner.run(["generate", "200", "--shape", "pedigree", "--collapse", "0.2", "--seed", "3"])
        #expect(result.status == 0)
        let chart = try CLIRunner.run(["layout", "-", "--chart", "ancestors", "--statistics"], stdin: result.stdout)
        #expect(chart.status == 0 && chart.stdout.contains(#""reason":"pedigree-collapse""#))
        let bad = try CLIRunner.run(["generate", "20", "--collapse", "0.5"])
        #expect(bad.status == 2 && bad.stderr.contains("--collapse is for --shape pedigree"))
    }

    @Test func batchItemsCanBeAncestorAndHourglassCharts() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let manifest = """
            {"input": "\(FixturePaths.gedcom("hourglass"))", "output": "a.svg", "chart": "ancestors", "focus": "X"}
            {"input": "\(FixturePaths.gedcom("hourglass"))", "output": "h.svg", "chart": "hourglass", "focus": "@X@"}
            {"input": "\(FixturePaths.gedcom("hourglass"))", "output": "n.svg", "chart": "ancestors", "focus": "NOBODY"}
            {"input": "\(FixturePaths.gedcom("hourglass"))", "output": "b.svg", "chart": "radial"}
            """
        try manifest.write(toFile: directory + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", directory + "/jobs.jsonl", "--report", directory + "/report.json"])
        #expect(result.status == 1, "two items fail")
        #expect(result.stderr.contains("\"focus\" \"NOBODY\": no person has this id") && result.stderr.contains("\"chart\" must be family"), "\(result.stderr)")
        let ancestors = try String(contentsOfFile: directory + "/a.svg", encoding: .utf8)
        #expect(ancestors.contains("Arne Vik") && !ancestors.contains("Lars Vik"), "ancestors only")
        let hourglass = try String(contentsOfFile: directory + "/h.svg", encoding: .utf8)
        #expect(hourglass.contains("Arne Vik") && hourglass.contains("Lars Vik"))
    }
}
