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
}
