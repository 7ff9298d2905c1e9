import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--photos none|local|any` as a user runs it, and photos that used to crash the tool.
@Suite struct PhotoOptionTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    func folderWithPhotos() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/data/img", withIntermediateDirectories: true)
        let avatar = try CLIRunner.run(["render", FixturePaths.family("single-person"), "-o", dir + "/data/img/a.png", "--scale", "0.5"] + fonts)
        #expect(avatar.status == 0)
        try FileManager.default.copyItem(atPath: dir + "/data/img/a.png", toPath: dir + "/secret.png")
        try FileManager.default.createDirectory(atPath: dir + "/data/img/folder.png", withIntermediateDirectories: true)
        let family = #"[[{"id": "a", "name": "A", "photo": "img/a.png", "coupleID": "b"}, {"id": "b", "name": "B", "photo": "\#(dir)/secret.png", "coupleID": "a"}, {"id": "c", "name": "C", "photo": "img/folder.png"}, {"id": "d", "name": "D", "photo": "/proc/self/mem"}]]"#
        try family.write(toFile: dir + "/data/family.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// Issue 23: a hard link in the data folder can name a file from outside it.
    @Test func localPhotosRefuseHardLinks() throws {
        let dir = try folderWithPhotos()
        #expect(link(dir + "/secret.png", dir + "/data/img/linked.png") == 0)
        try #"[[{"id": "a", "name": "A", "photo": "img/a.png"}, {"id": "h", "name": "H", "photo": "img/linked.png"}]]"#
            .write(toFile: dir + "/data/family.json", atomically: true, encoding: .utf8)
        for photos in [["--photos", "local"], []] {
            let result = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/out.png"] + photos + fonts)
            #expect(result.status == 0)
            #expect(result.stderr == "warning: photo img/linked.png: cannot read the image: the file has 2 names (hard links); --photos local reads only files with one; the box is drawn without it\n",
                    "\(result.stderr)")
        }
        let any = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/out.png", "--photos", "any"] + fonts)
        #expect(any.status == 0 && any.stderr.isEmpty, "\(any.stderr)")
    }

    @Test func photosOptionChoosesWhichFilesAreRead() throws {
        let dir = try folderWithPhotos()
        let any = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/any.png", "--photos", "any"] + fonts)
        #expect(any.status == 0, "a folder or /proc/self/mem as photo is a warning, not a crash: \(any.stderr)")
        #expect(any.stderr.contains("photo img/folder.png: cannot read the image: it is a folder"))
        let local = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/local.png", "--photos", "local"] + fonts)
        #expect(local.status == 0)
        #expect(local.stderr.contains(#""b": photo "\#(dir)/secret.png" is not used: an absolute path"#), "\(local.stderr)")
        #expect(local.stderr.contains(#""d": photo "/proc/self/mem" is not used: an absolute path"#))
        // render's default is local, as batch's (issue 23): the same refusals without the option.
        let plain = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/default.png"] + fonts)
        #expect(plain.status == 0 && plain.stderr.contains(#""b": photo "\#(dir)/secret.png" is not used: an absolute path"#), "\(plain.stderr)")
        #expect(plain.stderr.contains(#""d": photo "/proc/self/mem" is not used: an absolute path"#))
        let none = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/none.png", "--photos", "none"] + fonts)
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")
        let scene = try CLIRunner.run(["layout", dir + "/data/family.json", "--photos", "none"])
        #expect(!scene.stdout.contains("\"photo\""))
        let bad = try CLIRunner.run(["render", dir + "/data/family.json", "-o", dir + "/x.png", "--photos", "some"])
        #expect(bad.status == 2 && bad.stderr.contains("--photos must be none, local or any"))
    }

    @Test func aBatchTakesOnlyLocalPhotosByDefault() throws {
        let dir = try folderWithPhotos()
        // The whole family drawn (a thumbnail's automatic view may leave persons out, and
        // reads only the photos it draws).
        let result = try CLIRunner.run(["batch", dir + "/data", "--output-dir", dir + "/thumbs", "--report", dir + "/report.json", "--quiet",
                                        "--view", "whole"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOfFile: dir + "/report.json", encoding: .utf8)
        #expect(report.contains(#""warnings": 3"#), "the absolute paths and the folder are warnings: \(report)")
    }

    @Test func aDecompressionBombIsRefusedBeforeDecoding() throws {
        let dir = try CLIRunner.temporaryDirectory()
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = Array("IHDR".utf8) + be(30_000) + be(30_000) + [8, 2, 0, 0, 0]
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + [0, 0, 0, 0]).write(to: URL(fileURLWithPath: dir + "/bomb.png"))
        try #"[[{"id": "a", "name": "A", "photo": "bomb.png"}]]"#.write(toFile: dir + "/f.json", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", dir + "/f.json", "-o", dir + "/out.pdf"] + fonts)
        #expect(result.status == 0)
        #expect(result.stderr.contains("photo bomb.png: cannot read the image: too large: 30000 × 30000 pixels"), "\(result.stderr)")
    }
}
