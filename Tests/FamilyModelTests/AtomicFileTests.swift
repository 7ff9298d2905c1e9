import FamilyModel
import Foundation
import Glibc
import Testing

private func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "familychart-atomic-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// Sets a file's (or link's) modification time `seconds` into the past.
private func age(_ path: String, seconds: Int) {
    let then = timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)
    var times = [then, then]
    #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
}

@Suite struct AtomicFileTests {
    @Test func temporaryNamesRoundTripAndNothingElseParses() {
        let name = TemporaryName(forTarget: "chart.v2.png")
        let parsed = TemporaryName(parsing: name.name)
        #expect(parsed == name)
        #expect(parsed?.process == getpid())
        #expect(parsed?.isFromThisKernel == true)
        #expect(TemporaryName(forTarget: String(repeating: "é", count: 300)).name.utf8.count < 200, "long names are shortened")
        for other in ["chart.png", ".hidden", ".chart.png.tmp-123-456", ".chart.png.fctmp-0123456789ab-12-1234567",
                      ".chart.png.fctmp-0123456789ab-x-12345678", ".fctmp-0123456789ab-12-12345678",
                      "chart.png.fctmp-0123456789ab-12-12345678", ".a.fctmp-0123456789ab-12-12345678-9"] {
            #expect(TemporaryName(parsing: other) == nil, "\(other)")
        }
        #expect(TemporaryName(parsing: ".a.png.fctmp-0123456789ab-12-1234abcd")?.isFromThisKernel == (TemporaryName.thisKernel == "0123456789ab"))
    }

    @Test func aFailedWriteLeavesNoTemporaryAndTheOldFile() throws {
        let folder = try temporaryFolder()
        let target = folder + "/out.txt"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try AtomicFile(path: target).write { output in
                try output.write(Array("partial".utf8))
                #expect(LiveTemporaries.shared.current.count == 1, "the temporary is known while it is written")
                throw Failure()
            }
        }
        #expect(names(in: folder) == ["out.txt"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(LiveTemporaries.shared.current.isEmpty)
    }

    @Test func theSweepRemovesOnlyAbandonedTemporariesOfThisTool() throws {
        let folder = try temporaryFolder()
        func temporary(_ target: String, kernel: String = TemporaryName.thisKernel) -> String {
            var name = TemporaryName(forTarget: target)
            name.kernel = kernel
            return folder + "/" + name.name
        }
        let abandoned = temporary("a.png")
        let young = temporary("b.png")
        let locked = temporary("c.png")
        let otherMachine = temporary("d.png", kernel: "0123456789ab")
        let folderLikeOne = temporary("e.png")
        let linkLikeOne = temporary("f.png")
        let oldScheme = folder + "/.g.png.tmp-999999-12345"
        for path in [abandoned, young, locked, otherMachine, oldScheme, folder + "/victim"] {
            try "x".write(toFile: path, atomically: false, encoding: .utf8)
        }
        #expect(mkdir(folderLikeOne, 0o755) == 0)
        #expect(symlink(folder + "/victim", linkLikeOne) == 0)
        for path in [abandoned, locked, otherMachine, folderLikeOne, linkLikeOne, oldScheme, folder + "/victim"] { age(path, seconds: 3600) }
        // A live writer holds its temporary locked (a separate open file, so the lock conflicts even in this process).
        let holder = open(locked, O_RDONLY)
        #expect(flock(holder, LOCK_EX) == 0)
        defer { close(holder) }

        let removed = StaleTemporaries.remove(inFolder: folder)
        #expect(removed == [String(abandoned.split(separator: "/").last!)])
        let left = Set(names(in: folder))
        for path in [young, locked, otherMachine, folderLikeOne, linkLikeOne, oldScheme, folder + "/victim"] {
            #expect(left.contains(String(path.split(separator: "/").last!)), "\(path) is kept")
        }
        #expect(StaleTemporaries.remove(inFolder: folder).isEmpty, "a second sweep finds nothing")
    }

    @Test func writingLocksTheTemporaryAgainstTheSweep() throws {
        let folder = try temporaryFolder()
        try AtomicFile(path: folder + "/out.txt").write { output in
            try output.write(Array("data".utf8))
            for name in names(in: folder) where TemporaryName(parsing: name) != nil { age(folder + "/" + name, seconds: 3600) }
            #expect(StaleTemporaries.remove(inFolder: folder).isEmpty, "a temporary being written is locked")
        }
        #expect(names(in: folder) == ["out.txt"])
    }
}
