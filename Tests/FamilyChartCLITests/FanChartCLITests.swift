import Foundation
import TestSupport
import Testing

/// `--chart fan` on the command line: its options, messages, statistics, outputs and batch items.
@Suite struct FanChartCLITests {
    private let royal = FixturePaths.gedcom("royal92")

    @Test func aFansSceneListsEveryPersonWithTheirWedge() throws {
        let result = try CLIRunner.run(["layout", royal, "--chart", "fan", "--focus", "@I1@", "--generations", "4", "--fan-angle", "360",
                                        "--fan-colors", "lineage", "--statistics"])
        #expect(result.status == 0, "\(result.stderr)")
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(scene["chart"] as? String == "fan")
        let persons = try #require(scene["persons"] as? [[String: Any]])
        let wedges = try #require(scene["wedges"] as? [[String: Any]])
        #expect(persons.count == 15 && persons.allSatisfy { ($0["wedge"] as? Int).map { wedges[$0]["person"] as? String } == $0["id"] as? String })
        #expect(wedges.first?["start"] as? Double == 90 && wedges.first?["end"] as? Double == 450, "360° from the bottom round")
        #expect(result.stderr.contains("fan (persons/cells, type sizes per ring): ring 0: 1/1 16.0 pt; ring 1: 2/2"), "\(result.stderr)")
    }

    @Test func badFanInputGetsAClearMessage() throws {
        for (arguments, message) in [
            (["--chart", "fan", "--generations", "13"], "--generations of a fan must be 2 to 12"),
            (["--chart", "fan", "--fan-angle", "300"], "--fan-angle must be 180, 225, 270 or 360"),
            (["--chart", "fan", "--fan-empty", "grey"], "--fan-empty must be show, frontier or hide"),
            (["--chart", "ancestors", "--fan-colors", "lineage"], "are for --chart fan"),
        ] {
            let result = try CLIRunner.run(["layout", royal] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let unknown = try CLIRunner.run(["layout", FixturePaths.gedcom("hourglass"), "--chart", "fan", "--focus", "XX"])
        #expect(unknown.status == 1 && unknown.stderr.contains("--focus \"XX\": no person has this id") && unknown.stderr.contains("did you mean"),
                "\(unknown.stderr)")
        // A focus with no known parents: their cell, their parents' empty cells, and a note.
        let alone = try CLIRunner.run(["layout", FixturePaths.family("single-person"), "--chart", "fan", "--fan-empty", "frontier"])
        #expect(alone.status == 0 && alone.stderr.contains("has no known parents: the fan shows only them and their unknown ancestors' empty cells"),
                "\(alone.stderr)")
        #expect(alone.stdout.components(separatedBy: #""inner":"#).count - 1 == 3)
    }

    @Test func aFanPrintsOnPaperAtTheSizesItWasFittedAt() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", royal, "--chart", "fan", "--focus", "@I1@", "--paper", "A3", "--statistics",
                                        "-o", directory + "/fan.pdf"])
        #expect(result.status == 0 && !result.stderr.contains("below the readable"), "\(result.stderr)")
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/fan.pdf", "-"]) ?? ""
            // Vector text (level and radial lines come out whole; arc lines letter by letter).
            #expect(text.contains("Ancestors of Victoria Hanover") && text.contains("1819–1901") && text.contains("Victoria"), "\(text.prefix(300))")
        }
        let svg = try CLIRunner.run(["render", royal, "--chart", "fan", "--focus", "@I1@", "--generations", "3", "-o", directory + "/fan.svg"])
        #expect(svg.status == 0)
        let markup = try String(contentsOfFile: directory + "/fan.svg", encoding: .utf8)
        #expect(markup.contains(#"<g class="wedge-person" data-id="I1">"#) && markup.contains(#"data-chart="fan""#))
        // The demo's fan is about 小明, as its ancestor chart is.
        let demo = try CLIRunner.run(["demo", "--chart", "fan", "--generations", "3", "-o", directory + "/demo.svg"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let demoMarkup = try String(contentsOfFile: directory + "/demo.svg", encoding: .utf8)
        let firstWedge = demoMarkup.range(of: #"<g class="wedge-person" data-id=""#).map { demoMarkup[$0.upperBound...].prefix(3) }
        #expect(firstWedge == "b8\"", "the centre is 小明 (b8): \(String(describing: firstWedge))")
        let poster = try CLIRunner.run(["render", royal, "--chart", "fan", "--focus", "@I1@", "--generations", "7", "--paper", "A4", "--poster",
                                        "-o", directory + "/poster.pdf"])
        #expect(poster.status == 0, "\(poster.stderr)")
    }

    /// A fan on one sheet is laid out for that sheet's printable area (the command line
    /// used to lose the area when it found the focus): its ring sizes follow the paper,
    /// and on A6 it fits its type instead of printing names at 2.4 pt.
    @Test func aFanIsLaidOutForItsSheet() throws {
        let directory = try CLIRunner.temporaryDirectory()
        var sizes: [String: String] = [:]
        for paper in ["", "A6", "A3", "A0"] {
            let result = try CLIRunner.run(["render", royal, "--chart", "fan", "--focus", "@I1@", "--statistics", "-o", directory + "/fan.pdf"]
                                           + (paper.isEmpty ? [] : ["--paper", paper]))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("names would print"), "\(paper): \(result.stderr)")
            sizes[paper] = result.stderr.split(separator: "\n").first { $0.hasPrefix("statistics: fan") }.map(String.init)
        }
        #expect(Set(sizes.values).count == 4, "four sheets, four sets of ring sizes: \(sizes)")
        #expect(sizes["A6"]?.contains("ring 0: 1/1 16.0 pt") == false, "the centre's name is smaller on A6: \(sizes["A6"] ?? "")")
    }

    /// Box content and box colours are for charts with boxes: on a fan they are refused
    /// (they were silently ignored), as --orientation is, on the command line and in batches.
    @Test func boxOptionsAreRefusedOnFans() throws {
        let directory = try CLIRunner.temporaryDirectory()
        for (options, message) in [(["--color-by", "lineage"], "--color-by is for charts with boxes"), (["--box", "name,place"], "--box is for charts with boxes"),
                                   (["--orientation", "left-right"], "--orientation is for charts with rows")] {
            let render = try CLIRunner.run(["render", royal, "--chart", "fan", "-o", directory + "/fan.png"] + options)
            #expect(render.status == 2 && render.stderr.contains(message) && render.stderr.contains("not fans"), "\(options): \(render.stderr)")
            let batch = try CLIRunner.run(["batch", FixturePaths.root + "/Fixtures/families", "--output-dir", directory + "/out", "--chart", "fan"] + options)
            #expect(batch.status == 2 && batch.stderr.contains(message), "batch \(options): \(batch.stderr)")
        }
        #expect(try CLIRunner.run(["render", royal, "--chart", "fan", "--color-by", "gender", "-o", directory + "/fan.png"]).status == 0,
                "gender is what a fan's cells show anyway")
        // A manifest line's fan under a batch-wide --color-by fails with the message; the family item is drawn.
        let manifest = """
            {"input": "\(royal)", "output": "fan-item.png", "chart": "fan", "focus": "I1"}
            {"input": "\(royal)", "output": "family.png", "chart": "ancestors", "focus": "I1"}
            """
        try manifest.write(toFile: directory + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", directory + "/jobs.jsonl", "--color-by", "lineage"])
        #expect(result.status == 1 && result.stderr.contains("--color-by is for charts with boxes"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/fan-item.png") && FileManager.default.fileExists(atPath: directory + "/family.png"))
        // Batch's --chart help lists every kind.
        let help = try CLIRunner.run(["batch", "--help"])
        let chart = help.stdout.split(separator: "\n").first { $0.hasPrefix("  --chart") } ?? ""
        #expect(chart.contains("relationship") && chart.contains("fan"), "\(chart)")
    }

    @Test func batchItemsCanBeFans() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let manifest = """
            {"input": "\(FixturePaths.gedcom("royal92"))", "output": "fan.png", "chart": "fan", "focus": "I1", "size": "300x200"}
            {"input": "\(FixturePaths.gedcom("royal92"))", "output": "nobody.png", "chart": "fan", "focus": "I999999"}
            """
        try manifest.write(toFile: directory + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", directory + "/jobs.jsonl", "--report", directory + "/report.json"])
        #expect(result.status == 1 && result.stderr.contains("\"focus\" \"I999999\": no person has this id"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/fan.png"))
    }
}
