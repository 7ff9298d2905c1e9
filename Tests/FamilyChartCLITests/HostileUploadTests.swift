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
}
