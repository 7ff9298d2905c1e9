import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func batchReport(_ path: String) throws -> (items: [[String: Any]], summary: [String: Any]) {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    return (json["items"] as! [[String: Any]], json["summary"] as! [String: Any])
}

/// A seed file whose first person has `id` as id, spouse and four children, and whose
/// second names it as spouse (seven places that quote it).
private func seedQuoting(_ id: String) -> String {
    let quoted = JSONString.quote(id)
    return "{\"generations\": [[{\"id\": \(quoted), \"name\": \"P\", \"coupleID\": \(quoted), \"childrenIDs\": [\(quoted), \(quoted), \(quoted), \(quoted)]},"
        + " {\"id\": \"q\", \"name\": \"Q\", \"coupleID\": \(quoted)}]]}"
}

/// Issue 23 (safe on uploads, round two), run as a thumbnail service would.
@Suite struct UploadSafetyTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]
    let recommended = ["--photos", "local", "--max-bytes", "16M", "--max-persons", "50000"]

    @Test func a15MBSeedFileWithA2MBIdExits1WithAShortMessage() throws {
        let folder = try CLIRunner.temporaryDirectory()
        for (name, id) in [("plain", String(repeating: "i", count: 2 << 20)), ("overrides", String(repeating: "\u{202E}", count: 700_000))] {
            let input = folder + "/\(name).json"
            try seedQuoting(id).write(toFile: input, atomically: false, encoding: .utf8)
            #expect(try FileManager.default.attributesOfItem(atPath: input)[.size] as! Int > 14_000_000)
            let result = try CLIRunner.run(["render", input, "-o", folder + "/out.png"] + recommended + fonts)
            #expect(result.status == 1)
            #expect(result.stderr.utf8.count < 2_000, "\(name): \(result.stderr.utf8.count) bytes of messages")
            #expect(result.stderr.contains("generations[0][0].id: an id of \(id.utf8.count) bytes, longer than the limit of 256 bytes"))
        }
    }

    @Test func aBatchReportKeepsTheRealMessageOfAnItemWithHugeIds() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try seedQuoting(String(repeating: "i", count: 300_000)).write(toFile: folder + "/in/big.json", atomically: false, encoding: .utf8)
        let result = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/out", "--report", folder + "/report.json", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.utf8.count < 4_000, "\(result.stderr.utf8.count) bytes")
        let (items, _) = try batchReport(folder + "/report.json")
        let message = items.first?["message"] as? String ?? ""
        #expect(message.contains("an id of 300000 bytes, longer than the limit of 256 bytes"), "\(message.prefix(300))")
        #expect(message.utf8.count <= MessageText.maximumMessageBytes + 200)
    }
}

/// Issue 23, section 3: no output is written through a symlink the upload side could plant.
@Suite struct SymlinkedOutputTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    /// A file of ours under /tmp that a planted link points to, and its bytes.
    private func victim(in folder: String) throws -> (path: String, bytes: Data) {
        let path = folder + "/victim.txt"
        let bytes = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    @Test func aBatchFolderRefusesASymlinkedOutputBesideTheUploadsAndLeavesItsTargetAlone() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let (target, bytes) = try victim(in: folder)
        let uploads = folder + "/uploads"
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FixturePaths.family("two-roots"), toPath: uploads + "/fam.json")
        try FileManager.default.copyItem(atPath: FixturePaths.family("two-roots"), toPath: uploads + "/other.json")
        #expect(symlink(target, uploads + "/fam.png") == 0)
        let result = try CLIRunner.run(["batch", uploads, "--output-dir", uploads, "--report", folder + "/report.json", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.contains("fam.png: refusing to write output: it is a symbolic link"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: target) == bytes, "the link's target is untouched")
        var info = stat()
        #expect(lstat(uploads + "/fam.png", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link itself stays")
        #expect(FileManager.default.fileExists(atPath: uploads + "/other.png"), "the other item is drawn")
        #expect(!CLIRunner.files(in: uploads).contains { $0.hasPrefix(".") }, "no temporary left")
    }

    @Test func aManifestOutputOrAReportThatIsASymlinkIsRefused() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let (target, bytes) = try victim(in: folder)
        #expect(symlink(target, folder + "/a.png") == 0)
        #expect(symlink(target, folder + "/report.json") == 0)
        let manifest = "{\"input\": \"\(FixturePaths.family("two-roots"))\", \"output\": \"a.png\"}\n"
            + "{\"input\": \"\(FixturePaths.family("two-roots"))\", \"output\": \"b.png\"}\n"
        try manifest.write(toFile: folder + "/jobs.jsonl", atomically: false, encoding: .utf8)
        let items = try CLIRunner.run(["batch", folder + "/jobs.jsonl", "--report", folder + "/out.json", "--quiet"] + fonts)
        #expect(items.status == 1)
        #expect(items.stderr.contains("a.png: refusing to write output: it is a symbolic link"), "\(items.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/b.png"))
        let report = try CLIRunner.run(["batch", folder + "/jobs.jsonl", "--report", folder + "/report.json", "--quiet"] + fonts)
        #expect(report.status != 0)
        #expect(report.stderr.contains("report.json: cannot write the report: it is a symbolic link"), "\(report.stderr)")
        #expect(FileManager.default.contents(atPath: target) == bytes, "the links' target is untouched")
        #expect(!CLIRunner.files(in: folder).contains { $0.hasPrefix(".") }, "no temporary left")
    }

    @Test func renderRefusesASymlinkedOutputUnlessTheFlagNamesIt() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let (target, bytes) = try victim(in: folder)
        #expect(symlink(target, folder + "/chart.png") == 0)
        let refused = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", folder + "/chart.png"] + fonts)
        #expect(refused.status == 1 && refused.stderr.contains("--follow-output-symlink"), "\(refused.stderr)")
        #expect(FileManager.default.contents(atPath: target) == bytes)
        let followed = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", folder + "/chart.png", "--follow-output-symlink"] + fonts)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(FileManager.default.contents(atPath: target)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "written through the named link")
    }
}
