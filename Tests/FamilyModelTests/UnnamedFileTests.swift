import FamilyModel
import Foundation
import Glibc
import Testing

/// A new output is written into an unnamed file (`O_TMPFILE`) and linked into place when
/// complete: no temporary name ever shows in the folder, a discarded output leaves
/// nothing, and a target that appears meanwhile is replaced only when it is a regular file.
@Suite struct UnnamedFileTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "familychart-unnamed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aNewOutputShowsNoNameUntilItIsComplete() throws {
        let folder = try folder()
        let output = try PendingOutput(path: folder + "/chart.png")
        try output.write(Array("complete".utf8))
        #expect(names(in: folder) == [], "nothing in the folder while the file is written")
        try output.commit()
        #expect(names(in: folder) == ["chart.png"])
        #expect(try String(contentsOfFile: folder + "/chart.png", encoding: .utf8) == "complete")
    }

    @Test func aDiscardedNewOutputLeavesNothing() throws {
        let folder = try folder()
        let output = try PendingOutput(path: folder + "/chart.png")
        try output.write(Array("partial".utf8))
        output.discard()
        #expect(names(in: folder) == [])
    }

    @Test func aRegularFileThatAppearsMeanwhileIsReplaced() throws {
        let folder = try folder()
        let output = try PendingOutput(path: folder + "/chart.png")
        try output.write(Array("new".utf8))
        try "someone else's".write(toFile: folder + "/chart.png", atomically: false, encoding: .utf8)
        try output.commit()
        #expect(names(in: folder) == ["chart.png"], "no temporary left")
        #expect(try String(contentsOfFile: folder + "/chart.png", encoding: .utf8) == "new")
    }

    @Test func aFolderOrLinkThatAppearsMeanwhileIsRefused() throws {
        for kind in ["folder", "link"] {
            let folder = try folder()
            let output = try PendingOutput(path: folder + "/chart.png")
            try output.write(Array("new".utf8))
            if kind == "folder" {
                try FileManager.default.createDirectory(atPath: folder + "/chart.png", withIntermediateDirectories: false)
            } else {
                #expect(symlink("/etc/passwd", folder + "/chart.png") == 0)
            }
            #expect(throws: OutputError.self, "\(kind)") { try output.commit() }
            #expect(names(in: folder) == ["chart.png"], "\(kind): no temporary left")
            var info = stat()
            #expect(lstat(folder + "/chart.png", &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG, "\(kind) left as it was")
        }
    }
}
