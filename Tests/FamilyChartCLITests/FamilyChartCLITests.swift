import Foundation
import TestSupport
import Testing

/// The family chart from the command line: the default for whole files, its options, the
/// Graphviz export, and the warning for pages too large for PDF.
@Suite struct FamilyChartCLITests {
    private let royal = FixturePaths.gedcom("royal92")

    @Test func wholeFilesAreFamilyChartsAndRootKeepsTheDescendantChart() throws {
        let family = try CLIRunner.run(["layout", FixturePaths.gedcom("both-families")])
        #expect(family.status == 0 && family.stdout.contains(#""chart":"family""#) && !family.stdout.contains(#""reference":true"#))
        let tree = try CLIRunner.run(["layout", FixturePaths.gedcom("both-families"), "--root", "FF"])
        #expect(tree.status == 0 && tree.stdout.contains(#""chart":"descendants""#))
        let clash = try CLIRunner.run(["layout", royal, "--root", "I828", "--layout", "family"])
        #expect(clash.status == 2 && clash.stderr.contains("--root and --generations draw descendant trees"))
        let bad = try CLIRunner.run(["layout", royal, "--arrange", "spiral"])
        #expect(bad.status == 2 && bad.stderr.contains("--arrange must be pack or row"))
    }

    /// `--width-limit`: royal92's main part is narrowed to the limit by default and listed in
    /// `squeezedParts`; `none` keeps every parent centred; a bad value or another chart kind
    /// is a usage error naming the option.
    @Test func theWidthLimitNarrowsWideParts() throws {
        let narrowed = try CLIRunner.run(["layout", royal])
        #expect(narrowed.status == 0 && narrowed.stdout.contains(#""squeezedParts":[0]"#), "\(narrowed.stderr)")
        #expect(narrowed.stdout.contains(#""hangReach":"#), "royal92's staircase needs lines reaching beside their children")
        let centred = try CLIRunner.run(["layout", royal, "--width-limit", "none"])
        #expect(centred.status == 0 && !centred.stdout.contains("squeezedParts") && !centred.stdout.contains("hangReach"))
        for value in ["0.5", "wide", "nan"] {
            let bad = try CLIRunner.run(["layout", royal, "--width-limit", value])
            #expect(bad.status == 2 && bad.stderr.contains("--width-limit must be a number of 1 or more"), "\(value): \(bad.stderr)")
        }
        let other = try CLIRunner.run(["layout", royal, "--chart", "ancestors", "--width-limit", "2"])
        #expect(other.status == 2 && other.stderr.contains("--width-limit is for the whole-family chart"), "\(other.stderr)")
    }

    @Test func statisticsGoToStandardError() throws {
        let result = try CLIRunner.run(["layout", FixturePaths.gedcom("two-marriages"), "--statistics", "-o", try CLIRunner.temporaryDirectory() + "/s.json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("statistics: 1 part, 0 reference boxes"), "\(result.stderr)")
    }

    @Test func theFamilyGraphExportsForGraphviz() throws {
        let result = try CLIRunner.run(["layout", FixturePaths.gedcom("both-families"), "--format", "dot"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("digraph family {") && result.stdout.contains("[label=\"Harald Berg\"]"))
        #expect(result.stdout.components(separatedBy: "shape=point").count - 1 == 3, "a point per union")
        #expect(result.stdout.contains("{rank=same; p4 -> u2 -> p5;}") && result.stdout.contains("u2 -> p6;"))
        if ExternalTool.available("dot") {
            let directory = try CLIRunner.temporaryDirectory()
            try result.stdout.write(toFile: directory + "/f.dot", atomically: true, encoding: .utf8)
            #expect(ExternalTool.run("dot", ["-Tplain", directory + "/f.dot"])?.hasPrefix("graph ") == true)
        }
    }

    @Test func aPageLargerThanPDFAllowsIsWrittenWithAHint() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", royal, "-o", directory + "/royal.pdf"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("larger than the 14,400 pt (200 in) many PDF viewers and printers accept; print it with --paper"))
        let fitted = try CLIRunner.run(["render", royal, "-o", directory + "/royal-a1.pdf", "--paper", "A1"])
        #expect(fitted.status == 0 && !fitted.stderr.contains("14,400"))
    }
}
