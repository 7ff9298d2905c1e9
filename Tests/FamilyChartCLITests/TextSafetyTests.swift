import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Text that cannot mislead: messages escape what they quote, names are drawable, a
/// file that is not family data is never quoted.
@Suite struct TextSafetyTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func aNoncharacterInANameNoLongerBreaksThePDF() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/f.json"
        // U+FFFE as raw UTF-8 (Swift literals refuse noncharacters).
        try Data([UInt8](#"{"generations": [[{"id": "a", "name": "Ann "#.utf8) + [0xEF, 0xBF, 0xBE] + [UInt8](#""}]]}"#.utf8))
            .write(to: URL(fileURLWithPath: input))
        for format in ["pdf", "svg", "png"] {
            let result = try CLIRunner.run(["render", input, "-o", folder + "/out.\(format)"] + fonts)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stderr.contains("1 Unicode noncharacter replaced by U+FFFD"))
        }
    }

    @Test func aFileThatIsNotGEDCOMIsNeverQuoted() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try "root:SECRET-HASH:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n".write(toFile: folder + "/shadow", atomically: true, encoding: .utf8)
        #expect(symlink(folder + "/shadow", folder + "/family.ged") == 0)
        let result = try CLIRunner.run(["validate", folder + "/family.ged"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a GEDCOM file"), "\(result.stderr)")
        #expect(!result.stderr.contains("SECRET") && !result.stderr.contains("daemon"), "\(result.stderr)")
    }

    @Test func aBatchFailureLineCannotBeForged() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let manifest = folder + "/jobs.jsonl"
        try #"{"input": "missing.json", "output": "out.png", "id": "x\nfailed: fake (victim.json): forged\u001b[2J"}"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", manifest, "--quiet"] + fonts)
        #expect(result.status == 1)
        let failures = result.stderr.split(separator: "\n").filter { $0.hasPrefix("failed:") }
        #expect(failures.count == 1, "\(result.stderr)")
        #expect(failures.first?.contains(#"x\nfailed: fake (victim.json): forged\u{1B}[2J"#) == true, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func aScriptWithoutAFontIsWarnedAboutOnce() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/f.json"
        try #"{"generations": [[{"id": "a", "name": "ሰላም", "coupleID": "b"}, {"id": "b", "name": "አበበ ሰላም", "coupleID": "a"}, {"id": "c", "name": "王建国"}]]}"#
            .write(toFile: input, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", input, "-o", folder + "/out.png"] + fonts)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("no installed font has letters") }
        #expect(lines.count == 1 && lines[0].contains("Ethi"), "\(result.stderr)")
    }
}
