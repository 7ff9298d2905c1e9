import Foundation
import TestSupport
import Testing

/// GEDCOM through the command line: detection, --root, --generations, --no-dates, messages.
@Suite struct GEDCOMCLITests {
    let gedcom = FixturePaths.gedcom("multi-partner")

    @Test func gedcomIsDetectedFromAFileAndFromStandardInput() throws {
        let fromFile = try CLIRunner.run(["layout", gedcom])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let text = try String(contentsOfFile: gedcom, encoding: .utf8)
        let fromStdin = try CLIRunner.run(["layout", "-"], stdin: text)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromFile.stdout == fromStdin.stdout && fromFile.stdout.contains("\"Alex Morgan\""))
        let validated = try CLIRunner.run(["validate", "-"], stdin: text)
        #expect(validated.stdout == "ok: 14 persons, 7 couples, 1 single-parent families, 1 persons with several partners, 1 trees\n")

        let directory = try CLIRunner.temporaryDirectory()
        let rendered = try CLIRunner.run(["render", gedcom, "-o", directory + "/chart.pdf", "--title-date", "2 Dec 2026"])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        #expect(CLIRunner.files(in: directory) == ["chart.pdf"])
    }

    @Test func rootGenerationsAndNoDatesChooseWhatIsDrawn() throws {
        let root = try CLIRunner.run(["layout", gedcom, "--root", "@I5@"])
        #expect(root.status == 0, "\(root.stderr)")
        let scene = try JSONSerialization.jsonObject(with: Data(root.stdout.utf8)) as! [String: Any]
        let ids = Set((scene["persons"] as! [[String: Any]]).map { $0["id"] as! String })
        #expect(ids == ["I5", "I11", "I9", "I10", "I13"])

        let oneRow = try CLIRunner.run(["layout", gedcom, "--generations", "1", "--no-dates"])
        let rows = try JSONSerialization.jsonObject(with: Data(oneRow.stdout.utf8)) as! [String: Any]
        let persons = rows["persons"] as! [[String: Any]]
        #expect(Set(persons.map { $0["generation"] as! Int }) == [0] && persons.count == 4)
        #expect(persons.allSatisfy { $0["detail"] == nil })
    }

    @Test func redactLivingHidesNamesIdsAndDatesInEveryOutput() throws {
        let env = ["SOURCE_DATE_EPOCH": "1764633600"]
        let result = try CLIRunner.run(["layout", gedcom, "--redact-living", "--living-label", "Private"], environment: env)
        #expect(result.status == 0)
        #expect(result.stderr == "note: \(gedcom): 9 living persons shown as \"Private\"\n")
        #expect(!result.stdout.contains("Max Morgan") && !result.stdout.contains("\"I13\"") && !result.stdout.contains("1980"))
        #expect(result.stdout.contains("\"Private\"") && result.stdout.contains("Alex Morgan"))
        let directory = try CLIRunner.temporaryDirectory()
        let pdf = try CLIRunner.run(["render", gedcom, "--redact-living", "-o", directory + "/chart.pdf", "--paper", "A4"], environment: env)
        #expect(pdf.status == 0)
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/chart.pdf", "-"]) ?? ""
            #expect(text.contains("Living") && text.contains("Alex Morgan") && !text.contains("Max Morgan") && !text.contains("1958"))
        }
    }

    @Test func onAPosterAReferenceNamesTheSheetOfThePrimaryBox() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", gedcom, "-o", directory + "/poster.pdf", "--paper", "A6", "--poster", "--layout", "tidy"])
        #expect(result.status == 0, "\(result.stderr)")
        guard ExternalTool.available("pdftotext") else { return }
        let text = ExternalTool.run("pdftotext", [directory + "/poster.pdf", "-"]) ?? ""
        #expect(text.range(of: #"see [A-Z]+[0-9]+ · generation 3"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("×2"), "the badge on Ivy's primary box")
    }

    @Test func themesChangeBoxSizesAndBadThemesAreErrors() throws {
        let themed = try CLIRunner.run(["layout", gedcom, "--theme", FixturePaths.fixtures + "/themes/heritage.json"])
        #expect(themed.status == 0 && themed.stdout.contains(#""width":128"#))
        let directory = try CLIRunner.temporaryDirectory()
        let bad = directory + "/bad.json"
        try #"{"box": {"width": "wide"}}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", gedcom, "-o", directory + "/x.png", "--theme", bad])
        #expect(result.status == 1 && result.stderr.contains("\(bad): invalid theme: box.width must be a number"))
        #expect(CLIRunner.files(in: directory) == ["bad.json"], "nothing written for a bad theme")
        let printed = try CLIRunner.run(["render", gedcom, "-o", directory + "/grey.png", "--theme", "print"])
        #expect(printed.status == 0)
        // Batch thumbnails take a theme too; the same item differs from the default look.
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: gedcom, toPath: directory + "/in/family.ged")
        for (folder, theme) in [("colour", "colour"), ("print", "print")] {
            let batch = try CLIRunner.run(["batch", directory + "/in", "--output-dir", directory + "/" + folder, "--theme", theme, "--quiet"])
            #expect(batch.status == 0, "\(batch.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/colour/family.png"))
                != Data(contentsOf: URL(fileURLWithPath: directory + "/print/family.png")))
        let badBatch = try CLIRunner.run(["batch", directory + "/in", "--output-dir", directory + "/x", "--theme", bad, "--quiet"])
        #expect(badBatch.status == 1 && badBatch.stderr.contains("invalid theme"))
    }

    @Test func photoPathsAreRelativeToTheInputAndAMissingOneIsAWarning() throws {
        let directory = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/data/img", withIntermediateDirectories: true)
        // Any PNG serves as a photo: draw one with familychart itself.
        let avatar = try CLIRunner.run(["render", FixturePaths.family("single-person"), "-o", directory + "/data/img/a.png", "--scale", "0.5"])
        #expect(avatar.status == 0)
        let family = #"[[{"id": "a", "name": "A", "photo": "img/a.png"}, {"id": "b", "name": "B", "photo": "img/gone.jpg"}]]"#
        try family.write(toFile: directory + "/data/family.json", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", "data/family.json"], in: directory)
        #expect(result.stdout.contains(#""photo":"data/img/a.png""#), "\(result.stdout)")
        let rendered = try CLIRunner.run(["render", "data/family.json", "-o", "chart.png"], in: directory)
        #expect(rendered.status == 0)
        // Named as the data file wrote it (issue 14), not as joined to its folder.
        #expect(rendered.stderr == "warning: photo img/gone.jpg: cannot read the image: no such file in the data file's folder; the box is drawn without it\n",
                "\(rendered.stderr)")
        // Batch items find their photos the same way; the missing one counts as the item's warning.
        let batch = try CLIRunner.run(["batch", "data", "--output-dir", "thumbs", "--scale", "1", "--jobs", "1", "--quiet",
                                       "--report", "report.json"], in: directory)
        #expect(batch.status == 0, "\(batch.stderr)")
        let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
        #expect(report.contains(#""warnings": 1"#), "\(report)")
    }

    @Test func aLegendExplainsSpecialLinesUnlessRefused() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let relationships = FixturePaths.gedcom("relationships")
        for (name, flags) in [("auto", [String]()), ("none", ["--no-legend"]), ("forced", ["--legend"])] {
            let result = try CLIRunner.run(["render", relationships, "-o", directory + "/\(name).svg"] + flags)
            #expect(result.status == 0, "\(result.stderr)")
        }
        func svg(_ name: String) throws -> String { try String(contentsOfFile: directory + "/\(name).svg", encoding: .utf8) }
        #expect(try svg("auto") == svg("forced"), "the chart has an adoption and a divorce: legend by itself")
        #expect(try svg("none").count < svg("auto").count)
        let plain = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", directory + "/plain.svg"])
        let forced = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", directory + "/plain-legend.svg", "--legend"])
        #expect(plain.status == 0 && forced.status == 0)
        #expect(try svg("plain").count < svg("plain-legend").count, "nothing special: no legend unless asked")
        let both = try CLIRunner.run(["render", relationships, "-o", directory + "/x.png", "--legend", "--no-legend"])
        #expect(both.status == 2 && both.stderr.contains("give --legend or --no-legend, not both"))
    }

    @Test func mistakesAreClearErrors() throws {
        let unknown = try CLIRunner.run(["layout", gedcom, "--root", "I55"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("\(gedcom): --root \"I55\": no person has this id; did you mean \"I5\"?"))
        let zero = try CLIRunner.run(["layout", gedcom, "--generations", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--generations"))
    }

    @Test func warningsEndWithACount() throws {
        let text = "0 HEAD\n0 @I1@ INDI\n1 NAME A\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I1@\n1 CHIL @I8@\n1 CHIL @I9@\n"
        let result = try CLIRunner.run(["layout", "-", "-o", try CLIRunner.temporaryDirectory() + "/scene.json"], stdin: text)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: <stdin>: line 5: @F1@ points to @I9@, which is not in the file; link ignored"))
        #expect(result.stderr.hasSuffix("warning: <stdin>: 3 warnings in all\n"), "\(result.stderr)")
    }
}

/// The same input and options give the same bytes, run after run.
@Suite struct ReproducibleOutputTests {
    @Test func pdfAndSVGAreByteIdenticalAcrossRunsWithThePDFDatePinned() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let environment = ["SOURCE_DATE_EPOCH": "1764633600"]
        for format in ["pdf", "svg", "html"] {
            var outputs: [Data] = []
            for run in 0..<2 {
                let path = directory + "/chart-\(run).\(format)"
                let result = try CLIRunner.run(["render", FixturePaths.gedcom("relationships"), "-o", path, "--paper", "A4",
                                                "--legend", "--font-config", FixturePaths.fontConfig], environment: environment)
                #expect(result.status == 0, "\(result.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
                if run == 0 { Thread.sleep(forTimeInterval: 1.1) }  // a clock-dependent date would now differ
            }
            #expect(outputs[0] == outputs[1], "\(format) differs between runs")
        }
        let pdf = try String(decoding: Data(contentsOf: URL(fileURLWithPath: directory + "/chart-0.pdf")), as: UTF8.self)
        #expect(pdf.contains("/CreationDate (20251202000000Z)"), "the pinned creation date")
        let bad = try CLIRunner.run(["render", FixturePaths.gedcom("relationships"), "-o", directory + "/x.pdf"],
                                    environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(bad.status == 2 && bad.stderr.contains("SOURCE_DATE_EPOCH"))
    }
}
