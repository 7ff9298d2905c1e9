import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
}

private func read(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
}

private let family = SeedJSONWriter().write(SyntheticFamily(persons: 12, seed: 3).generate())

/// An output is never the same file as an input, the manifest or another output.
@Suite struct SameOutputTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func anOutputThatIsTheInputIsRefusedUnderAnyName() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/family.json"
        try write(family, to: input)
        #expect(symlink(input, folder + "/link.json") == 0)
        #expect(link(input, folder + "/hard.json") == 0)
        for output in [input, folder + "/link.json", folder + "/hard.json", folder + "/../" + (folder as NSString).lastPathComponent + "/family.json"] {
            for arguments in [["layout", input, "-o", output], ["render", input, "--format", "svg", "-o", output] + fonts] {
                let result = try CLIRunner.run(arguments)
                #expect(result.status == 1, "\(arguments)")
                #expect(result.stderr.contains("\(output): refusing to write output: it is the same file as the input \(input)"), "\(result.stderr)")
            }
        }
        #expect(read(input) == family, "the input is untouched")
        let theme = folder + "/theme.json"
        try write(#"{"name": "mine"}"#, to: theme)
        let overTheme = try CLIRunner.run(["render", input, "--theme", theme, "-o", theme, "--format", "png"] + fonts)
        #expect(overTheme.status == 1 && overTheme.stderr.contains("it is the same file as the theme"), "\(overTheme.stderr)")
        #expect(read(theme) == #"{"name": "mine"}"#)
    }

    @Test func aBatchNeverWritesOverItsManifestOrAnItemsInput() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(family, to: folder + "/a.json")
        try write(family, to: folder + "/b.json")
        let manifest = folder + "/jobs.jsonl"
        let lines = [
            #"{"input": "a.json", "output": "a.json", "format": "png"}"#,
            #"{"input": "b.json", "output": "jobs.jsonl", "format": "png"}"#,
            #"{"input": "b.json", "output": "b.png"}"#,
        ]
        try write(lines.joined(separator: "\n") + "\n", to: manifest)
        let result = try CLIRunner.run(["batch", manifest, "--report", folder + "/report.json"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a.json: refusing to write output: it is the same file as the input"), "\(result.stderr)")
        #expect(result.stderr.contains("jobs.jsonl: refusing to write output: it is the same file as the manifest"), "\(result.stderr)")
        #expect(read(folder + "/a.json") == family && read(manifest) == lines.joined(separator: "\n") + "\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/b.png"), "the good item is drawn")

        let overManifest = try CLIRunner.run(["batch", manifest, "--report", manifest] + fonts)
        #expect(overManifest.status == 1)
        #expect(overManifest.stderr.contains("refusing to write output: it is the same file as the manifest"), "\(overManifest.stderr)")
        #expect(read(manifest) == lines.joined(separator: "\n") + "\n")
    }

    @Test func twoManifestLinesNamingOneOutputFailTheSecond() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(family, to: folder + "/a.json")
        try write(SeedJSONWriter().write(SyntheticFamily(persons: 30, seed: 4).generate()), to: folder + "/b.json")
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        #expect(symlink(folder + "/out", folder + "/alias") == 0)
        let manifest = folder + "/jobs.jsonl"
        try write([#"{"input": "a.json", "output": "out/x.png"}"#,
                   #"{"input": "b.json", "output": "out/./x.png"}"#,
                   #"{"input": "b.json", "output": "alias/x.png"}"#,
                   #"{"input": "b.json", "output": "new/../out/x.png"}"#,
                   #"{"input": "b.json", "output": "report.json"}"#].joined(separator: "\n"), to: manifest)
        let result = try CLIRunner.run(["batch", manifest, "--jobs", "2", "--report", folder + "/report.json"] + fonts)
        #expect(result.status == 1)
        for line in 2...4 {
            #expect(result.stderr.contains("jobs.jsonl:\(line): output "), "line \(line): \(result.stderr)")
        }
        #expect(result.stderr.contains("is already the output of line 1"))
        #expect(result.stderr.contains("jobs.jsonl:5: output \(folder)/report.json is the batch's report"), "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))) as! [String: Any]
        #expect((report["summary"] as! [String: Any])["ok"] as? Int == 1)
        // The one output is line 1's drawing (12 persons), whatever order the workers ran in.
        let drawn = (report["items"] as! [[String: Any]]).first { $0["status"] as? String == "ok" }
        #expect(drawn?["index"] as? Int == 0 && drawn?["persons"] as? Int == 12)
    }

    @Test func folderModeGivesEveryFileItsOwnOutput() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for name in ["a.json", "a.json.json", "b.json", "c.json.json"] { try write(family, to: input + "/" + name) }
        try write("0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n0 TRLR\n", to: input + "/a.ged")
        let result = try CLIRunner.run(["batch", input, "--output-dir", folder + "/out", "--quiet"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLIRunner.files(in: folder + "/out") == ["a.ged.png", "a.json.json.png", "a.json.png", "b.png", "c.json.png"])
    }

    @Test func theSweepLeavesFoldersAndTemporariesItCannotProveAbandoned() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let output = folder + "/out"
        try FileManager.default.createDirectory(atPath: output + "/.a.png.tmp-999999-1", withIntermediateDirectories: true)
        try write("keep", to: output + "/.a.png.tmp-999999-1/inside")
        try write("older scheme, writer unknown", to: output + "/.b.png.tmp-999999-2")
        var young = TemporaryName(forTarget: "c.png")
        young.process = 999_999
        try write("a writer on this kernel, too young to judge", to: output + "/" + young.name)
        try write(family, to: folder + "/c.json")
        let result = try CLIRunner.run(["batch", folder, "--output-dir", output, "--skip-existing", "--quiet"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(read(output + "/.a.png.tmp-999999-1/inside") == "keep")
        #expect(FileManager.default.fileExists(atPath: output + "/.b.png.tmp-999999-2"))
        #expect(FileManager.default.fileExists(atPath: output + "/" + young.name))
    }
}
