import Foundation
import TestSupport
import Testing

/// `--box` and `--place-level` from the command line: in PDF text, refused when wrong.
@Suite struct BoxCLITests {
    @Test func unknownFieldsAndALoneLevelAreUsageErrors() throws {
        let facts = FixturePaths.gedcom("box-facts")
        for (arguments, message) in [
            (["--box", "name,birthplace"], "unknown field 'birthplace'; valid fields are name, second-name, dates, age, place, occupation, id, sosa, marriage"),
            (["--box", "dates"], "--box must list name"),
            (["--place-level", "2"], "--place-level needs --box"),
            (["--box", "name,place", "--place-level", "0"], "--place-level expects a whole number"),
        ] {
            let result = try CLIRunner.run(["layout", facts] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func placesOccupationsAndMarriagesReachThePDF() throws {
        guard ExternalTool.available("pdftotext") else { return }
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", FixturePaths.gedcom("box-facts"), "--box", "name,dates,place,occupation,marriage",
                                        "--place-level", "2", "-o", directory + "/k.pdf"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = ExternalTool.run("pdftotext", [directory + "/k.pdf", "-"]) ?? ""
        for words in ["b. MA, USA", "bur. VA, USA", "Ambassador", "m. 1914, MA, USA", "bp. 1915, bur. 1990"] {
            #expect(text.contains(words), "\(words) in \(text)")
        }
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent: skipped"))
    func theKennedyFileShowsItsPlacesAndOccupations() throws {
        guard ExternalTool.available("pdftotext") else { return }
        let kennedy = try #require(FixturePaths.sharedDatasets) + "/d-jeffrey-gedcom-samples/sample-kennedy/kennedy.ged"
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", kennedy, "--box", "name,dates,place,occupation", "--photos", "none", "-o", directory + "/k.pdf"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = ExternalTool.run("pdftotext", [directory + "/k.pdf", "-"]) ?? ""
        for words in ["Boston", "Hyannis Port", "Ambassador", "Actor"] { #expect(text.contains(words), "\(words)") }
    }
}

/// `--color-by` from the command line.
@Suite struct ColourByCLITests {
    @Test func anUnknownSchemeIsRefusedWithTheList() throws {
        let result = try CLIRunner.run(["layout", FixturePaths.gedcom("box-facts"), "--color-by", "rainbow"])
        #expect(result.status == 2 && result.stderr.contains("--color-by must be one of gender, lineage, branch, surname, generation, none"))
    }

    @Test func theLineageLegendNamesItsColoursInEveryFormat() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let royal = FixturePaths.gedcom("royal92")
        for format in ["pdf", "svg", "html", "png"] {
            let result = try CLIRunner.run(["render", royal, "--chart", "ancestors", "--focus", "I1", "--generations", "4",
                                            "--color-by", "lineage", "--theme", "print", "-o", directory + "/v." + format])
            #expect(result.status == 0, "\(format): \(result.stderr)")
        }
        let svg = try String(contentsOfFile: directory + "/v.svg", encoding: .utf8)
        #expect(svg.contains("father&apos;s father: George III Hanover") || svg.contains("father's father: George III Hanover"))
        #expect(svg.contains("class=\"mark\""))
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/v.pdf", "-"]) ?? ""
            #expect(text.contains("mother's mother: Augusta Reuss-Ebersdorf"), "\(text)")
        }
    }
}

/// `--subtitle`, `--note`, `--border` on paper.
@Suite struct PrintFurnitureCLITests {
    @Test func theCommandLinePrintsThem() throws {
        guard ExternalTool.available("pdftotext") else { return }
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", FixturePaths.gedcom("hourglass"), "--paper", "A5", "--poster", "--subtitle", "Vik and Strand",
                                        "--note", "Researched by the tests", "--border", "-o", directory + "/p.pdf"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = ExternalTool.run("pdftotext", [directory + "/p.pdf", "-"]) ?? ""
        #expect(text.contains("Vik and Strand") && text.contains("Researched by the tests") && text.contains("overview · sheet 1 of"), "\(text)")
    }
}

/// `--orientation` from the command line.
@Suite struct OrientationCLITests {
    @Test func anUnknownWayIsRefusedAndATurnedPosterPrints() throws {
        let royal = FixturePaths.gedcom("royal92")
        let bad = try CLIRunner.run(["layout", royal, "--orientation", "sideways"])
        #expect(bad.status == 2 && bad.stderr.contains("--orientation must be one of top-down, left-right, bottom-up, right-left"))
        let directory = try CLIRunner.temporaryDirectory()
        for format in ["pdf", "html"] {
            let result = try CLIRunner.run(["render", royal, "--chart", "ancestors", "--focus", "I1", "--generations", "5", "--orientation",
                                            "left-right", "--color-by", "lineage", "--box", "name,dates,place"]
                                           + (format == "pdf" ? ["--paper", "A5", "--poster"] : []) + ["-o", directory + "/v." + format])
            #expect(result.status == 0, "\(format): \(result.stderr)")
        }
    }
}
