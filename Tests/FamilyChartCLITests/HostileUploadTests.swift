import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 49: what uploads from strangers did in round three, each as a user would run it.
@Suite struct HostileUploadTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    /// R11: an upload that is a FIFO is refused at once (it waited for a writer forever);
    /// a pipe given as `-` or `/dev/fd/N` is still read.
    @Test func aFIFOInputIsRefusedAtOnceButDescriptorsAreRead() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let fifo = dir + "/upload.ged"
        #expect(mkfifo(fifo, 0o644) == 0)
        for command in ["render", "validate", "layout", "relate"] {
            var arguments = [command, fifo]
            if command == "relate" { arguments += ["I1", "I2"] }
            if command == "render" || command == "layout" { arguments += ["-o", dir + "/out.\(command == "render" ? "png" : "json")"] }
            let started = Date()
            let result = try CLIRunner.run(arguments + (command == "render" ? fonts : []), killedAfter: 20)
            #expect(result.status == 1, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("\(fifo): cannot read: it is a FIFO, not a regular file (give a pipe as - or /dev/fd/N)"),
                    "\(command): \(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 10)
        }
        let family = #"[[{"id": "a", "name": "Ann"}]]"#
        for path in ["-", "/dev/stdin", "/dev/fd/0"] {
            let read = try CLIRunner.run(["validate", path], stdin: family)
            #expect(read.status == 0, "\(path): \(read.stderr)")
        }
    }

    static let bad = FixturePaths.fixtures + "/bad"

    /// R3: a noncharacter in an occupation, a place, an id, a marriage place and the
    /// title, subtitle and note: every format draws (PDF failed "input string not valid
    /// UTF-8"), U+FFFD in its place.
    @Test func noncharactersInEveryDrawnStringStillDraw() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let input = Self.bad + "/ged-noncharacter-fields.ged"
        for format in ["pdf", "png", "svg", "html"] {
            let result = try CLIRunner.run(["render", input, "-o", dir + "/out.\(format)", "--box", "name,occupation,place,id,marriage",
                                            "--title", "Title\u{FFFE}", "--subtitle", "Sub\u{FFFE}", "--note", "Note\u{FFFE}"] + fonts)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            for field in ["OCCU value", "BIRT place", "id (where drawn)", "MARR place (family with"] {
                #expect(result.stderr.contains(field), "\(format): \(field) in \(result.stderr)")
            }
        }
        let svg = try String(contentsOfFile: dir + "/out.svg", encoding: .utf8)
        #expect(svg.contains("Bak\u{FFFD}er") && svg.contains("Chap\u{FFFD}el"), "U+FFFD drawn in the noncharacters' places")
    }

    /// R4: a right-to-left override in an occupation or a place is removed where drawn,
    /// with a warning naming the person and the field.
    @Test func bidiControlsAreRemovedFromEveryDrawnField() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", Self.bad + "/ged-bidi-occupation.ged", "-o", dir + "/out.svg", "--box", "name,occupation,place",
                                        "--title", "A\u{202E}B"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\"I1\": OCCU value changed for drawing: 1 bidi embedding, override or isolate control removed"), "\(result.stderr)")
        #expect(result.stderr.contains("\"I1\": BIRT place changed for drawing"), "\(result.stderr)")
        #expect(result.stderr.contains("--title changed for drawing: 1 bidi embedding, override or isolate control removed"), "\(result.stderr)")
        let svg = try String(contentsOfFile: dir + "/out.svg", encoding: .utf8)
        #expect(svg.contains("Baker gnp.exe"))
        #expect(!svg.contains("\u{202E}") && !svg.lowercased().contains("&#x202e;"), "no override left in the drawing")
    }

    /// R7: `relate` wrote a name's ESC and BEL raw to the terminal (setting its title,
    /// clearing the screen); now every control character is escaped as in messages, and
    /// the JSON answer escapes them as JSON.
    @Test func relateEscapesControlCharactersInEveryOutput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let family = #"[[{"id": "a\u001b[2J", "name": "Ann\u001b]0;pwned\u0007", "coupleID": "b", "childrenIDs": ["c"]},"#
            + #" {"id": "b", "name": "Bob", "coupleID": "a\u001b[2J", "childrenIDs": ["c"]}],"#
            + #" [{"id": "c", "name": "Cy\u009b31m\u202e"}]]"#
        try family.write(toFile: dir + "/f.json", atomically: true, encoding: .utf8)
        let text = try CLIRunner.run(["relate", dir + "/f.json", "a\u{1B}[2J", "c"])
        #expect(text.status == 0, "\(text.stderr)")
        for raw in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] { #expect(!text.stdout.contains(raw), "raw \(raw.debugDescription) in: \(text.stdout)") }
        #expect(text.stdout.contains("Ann\\u{1B}]0;pwned\\u{7}"), "\(text.stdout)")
        let json = try CLIRunner.run(["relate", dir + "/f.json", "a\u{1B}[2J", "c", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.contains("\u{1B}") && json.stdout.contains(#"\u001b[2J"#), "\(json.stdout)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(parsed?["a"] as? String == "a\u{1B}[2J", "the JSON still means the same")
    }

    /// R14: one scale rule for render and manifests, manifest failures in the manifest's
    /// words, and after 100 failures of one kind a summary instead of a line each.
    @Test func manifestsShareRendersRulesWordsAndSummariseFloods() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let family = FixturePaths.gedcom("royal92")
        let lines = [#"{"input": "\#(family)", "output": "tiny.png", "scale": 1e-9}"#,
                     #"{"input": "\#(family)", "output": "rel.png", "chart": "relationship", "focus": "I1"}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", dir + "/jobs.jsonl", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#""scale" must be a number from 0.01 (0.72 dpi) to 100"#), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/tiny.png"))
        #expect(result.stderr.contains(#""chart": "relationship" needs "focus" A and "to" B"#), "\(result.stderr)")
        #expect(!result.stderr.contains("--focus"), "\(result.stderr)")
        let cli = try CLIRunner.run(["batch", dir + "/jobs.jsonl", "--scale", "0.001"])
        #expect(cli.status == 2 && cli.stderr.contains("--scale must be from 0.01 (0.72 dpi) to 100, got 0.001"), "\(cli.stderr)")

        // A GEDCOM file given as the manifest: every line fails alike.
        let ged = "0 HEAD\n" + (0..<1_000).map { "1 NOTE line \($0)\n" }.joined() + "0 TRLR\n"
        try ged.write(toFile: dir + "/family.ged.jsonl", atomically: true, encoding: .utf8)
        let flood = try CLIRunner.run(["batch", dir + "/family.ged.jsonl", "--quiet"])
        #expect(flood.status == 1)
        let printed = flood.stderr.split(separator: "\n")
        #expect(printed.filter { $0.hasPrefix("failed: ") }.count == 100, "\(printed.count) lines")
        #expect(flood.stderr.contains("batch: … and 902 more failures like those shown (one kind, 1002 failures in all; --report lists every one)"),
                "\(flood.stderr.suffix(400))")
    }

    /// R1: a family of thousands of bare `1 MARR` lines and a partner with a long name made
    /// a page repeating the name once per line (7 MB of GEDCOM: a 1.04 GB page). Facts
    /// are capped per record (a warning), the partner named once per person.
    @Test func factsAreCappedAndAPartnersNameIsWrittenOnce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let longName = String(repeating: "Wilhelmina", count: 100)
        let ged = "0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Adam /A/\n1 SEX M\n1 FAMS @F1@\n0 @I2@ INDI\n1 NAME \(longName) /B/\n1 SEX F\n1 FAMS @F1@\n"
            + "0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n" + String(repeating: "1 MARR\n", count: 5_000) + "0 TRLR\n"
        try ged.write(toFile: dir + "/many.ged", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", dir + "/many.ged", "--chart", "ancestors", "--focus", "I1", "-o", dir + "/a.html"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("@F1@ has 5000 events and facts; the first 1000 are kept, the rest left out"), "\(result.stderr)")
        let page = try String(contentsOfFile: dir + "/a.html", encoding: .utf8)
        #expect(page.utf8.count < 1_000_000, "a page of \(page.utf8.count) bytes")
        // Once in the panel's data (the rest: the page's title, "Family of Adam A & …").
        #expect(page.components(separatedBy: "\"partnerNames\":[\"" + longName).count - 1 == 1)
        #expect(page.components(separatedBy: longName).count - 1 < 10, "the partner's name is written once per person who names them")
        #expect(page.components(separatedBy: "\"withName\":0").count - 1 == GEDCOMDocument.maximumFactsPerRecord)

        // Facts count against a limit of their own, like records.
        let limited = try CLIRunner.run(["validate", dir + "/many.ged", "--max-persons", "2"])
        #expect(limited.status == 0, "1,000 kept facts are within 32 a person + 1,000: \(limited.stderr)")
        let people = (0..<40).map { "0 @P\($0)@ INDI\n1 NAME P\($0)\n" + String(repeating: "1 RESI\n2 PLAC Town\n", count: 900) }.joined()
        try ("0 HEAD\n1 CHAR UTF-8\n" + people + "0 TRLR\n").write(toFile: dir + "/facts.ged", atomically: true, encoding: .utf8)
        let many = try CLIRunner.run(["validate", dir + "/facts.ged", "--max-persons", "100"])
        #expect(many.status == 1 && many.stderr.contains("the file holds 36000 events and facts, more than the limit of 4200"), "\(many.stderr)")
    }

    /// R6: an upload set that plants a folder link below the manifest's folder cannot make
    /// an output replace a file outside it; the output folder itself may be a link.
    @Test func batchOutputsNeverPassThroughAFolderLinkBelowTheOutputFolder() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/u1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/victim", withIntermediateDirectories: true)
        try "precious".write(toFile: dir + "/victim/fam.png", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/u1/thumbs", withDestinationPath: "../victim")
        try #"[[{"id": "a", "name": "Ann"}]]"#.write(toFile: dir + "/u1/fam.json", atomically: true, encoding: .utf8)
        let lines = [#"{"input": "u1/fam.json", "output": "u1/thumbs/fam.png"}"#, #"{"input": "u1/fam.json", "output": "u1/real/fam.png"}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", dir + "/jobs.jsonl", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the folder \(dir)/u1/thumbs on its way is a symbolic link"), "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/victim/fam.png", encoding: .utf8) == "precious")
        #expect(FileManager.default.fileExists(atPath: dir + "/u1/real/fam.png"), "an ordinary folder below is created and written")

        // The operator's own link as the manifest's folder is followed.
        try FileManager.default.createSymbolicLink(atPath: dir + "/jobs-link", withDestinationPath: dir + "/u1")
        try #"{"input": "fam.json", "output": "out/fam.png"}"#.write(toFile: dir + "/u1/own.jsonl", atomically: true, encoding: .utf8)
        let own = try CLIRunner.run(["batch", dir + "/jobs-link/own.jsonl", "--quiet"] + fonts)
        #expect(own.status == 0, "\(own.stderr)")
    }
}
