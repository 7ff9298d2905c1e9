import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Special files in a private folder, so that no test ever points an output at the
/// machine's own `/dev/null`.
enum SpecialFiles {
    /// A character device equal to `/dev/null` (1, 3) at `path`; false when this machine
    /// does not allow making one (not root, or no CAP_MKNOD).
    static func makeNullDevice(_ path: String) -> Bool {
        mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
    }

    /// A listening Unix socket at `path` (closed when the returned descriptor is).
    static func makeSocket(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
        return fd
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Reads a FIFO to its end on another thread; `wait()` returns what was read.
    final class FIFOReader: @unchecked Sendable {
        private var bytes = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ path: String) {
            Thread.detachNewThread { [self] in
                if let handle = FileHandle(forReadingAtPath: path) { bytes = handle.readDataToEndOfFile() }
                done.signal()
            }
        }

        func wait() -> Data {
            _ = done.wait(timeout: .now() + 60)
            return bytes
        }
    }
}

/// `-o`, `--report`, `generate -o`, `layout -o`: what is not a regular file is written in
/// place or refused, never replaced; `-o -` is standard output for every command.
@Suite struct OutputTargetTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]
    /// Each command that writes one output, ending in `-o` (the target follows).
    static let commands: [(name: String, arguments: [String])] = [
        ("layout", ["layout", FixturePaths.family("two-roots"), "-o"]),
        ("render png", ["render", FixturePaths.family("two-roots"), "--font-config", FixturePaths.fontConfig, "--format", "png", "-o"]),
        ("render pdf", ["render", FixturePaths.family("two-roots"), "--font-config", FixturePaths.fontConfig, "--format", "pdf", "-o"]),
        ("render svg", ["render", FixturePaths.family("two-roots"), "--font-config", FixturePaths.fontConfig, "--format", "svg", "-o"]),
        ("demo", ["demo", "--font-config", FixturePaths.fontConfig, "--format", "png", "-o"]),
        ("generate", ["generate", "20", "-o"]),
    ]

    @Test func aCharacterDeviceIsWrittenInPlaceNeverReplaced() throws {
        let folder = try CLIRunner.temporaryDirectory()
        guard SpecialFiles.makeNullDevice(folder + "/null") else {
            print("note: cannot make a device node here (needs root); the device case was not run")
            return
        }
        #expect(symlink(folder + "/null", folder + "/link-to-null") == 0)
        for target in ["null", "link-to-null"] {
            for (name, arguments) in Self.commands {
                // A symlink is written through only when the user says so (issue 23).
                let follow = target == "link-to-null" ? ["--follow-output-symlink"] : []
                if target == "link-to-null" {
                    let refused = try CLIRunner.run(arguments + [folder + "/" + target])
                    #expect(refused.status == 1 && refused.stderr.contains("refusing to write output: it is a symbolic link"), "\(name): \(refused.stderr)")
                }
                let result = try CLIRunner.run(Array(arguments.prefix(1)) + follow + arguments.dropFirst() + [folder + "/" + target])
                #expect(result.status == 0, "\(name) -o \(target): \(result.stderr)")
                #expect(SpecialFiles.kind(folder + "/null") == S_IFCHR, "\(name) -o \(target) left a character device")
            }
            #expect(SpecialFiles.kind(folder + "/link-to-null") == S_IFLNK)
        }
        let batch = try CLIRunner.run(["batch", FixturePaths.families, "--output-dir", folder + "/out", "--report", folder + "/null",
                                       "--quiet"] + fonts)
        #expect(SpecialFiles.kind(folder + "/null") == S_IFCHR, "batch --report: \(batch.stderr)")
        #expect(CLIRunner.files(in: folder) == ["link-to-null", "null", "out"], "no temporaries left beside the device")

        // A block device (a loop device number that is never opened) is a disk: refused.
        #expect(mknod(folder + "/disk", S_IFBLK | 0o600, dev_t((7 << 8) | 250)) == 0)
        for (name, arguments) in Self.commands {
            let result = try CLIRunner.run(arguments + [folder + "/disk"])
            #expect(result.status == 1 && result.stderr.contains("disk: refusing to write output: it is a block device"), "\(name): \(result.stderr)")
            #expect(SpecialFiles.kind(folder + "/disk") == S_IFBLK)
        }
    }

    @Test func aFIFOReceivesTheWholeOutputAndStaysAFIFO() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        for (name, arguments) in Self.commands {
            let reader = SpecialFiles.FIFOReader(fifo)
            let result = try CLIRunner.run(arguments + [fifo])
            let bytes = reader.wait()
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(SpecialFiles.kind(fifo) == S_IFIFO, "\(name) left a FIFO")
            if name.hasSuffix("png") { #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.suffix(8).starts(with: Array("IEND".utf8))) }
            if name.hasSuffix("pdf") { #expect(String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF")) }
            if name == "layout" { #expect((try? JSONSerialization.jsonObject(with: bytes)) != nil, "complete scene JSON through the FIFO") }
        }
        #expect(CLIRunner.files(in: folder) == ["pipe"])
    }

    @Test func socketsFoldersAndDanglingLinksAreRefused() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let socketPath = folder + "/s.sock"
        let fd = SpecialFiles.makeSocket(socketPath)
        defer { close(fd) }
        #expect(symlink(folder + "/missing", folder + "/dangling.png") == 0)
        #expect(mkdir(folder + "/dir.png", 0o755) == 0)
        for (target, reason, follow) in [(socketPath, "it is a socket", false),
                                         (folder + "/dangling.png", "it is a symbolic link, and outputs are never written through one", false),
                                         (folder + "/dangling.png", "it is a symbolic link to a missing file", true),
                                         (folder + "/dir.png", "it is a directory", false)] {
            for (name, arguments) in Self.commands {
                let result = try CLIRunner.run(Array(arguments.prefix(1)) + (follow ? ["--follow-output-symlink"] : []) + arguments.dropFirst() + [target])
                #expect(result.status == 1, "\(name) -o \(target)")
                #expect(result.stderr.contains("\(target): refusing to write output: \(reason)"), "\(name): \(result.stderr)")
            }
        }
        #expect(SpecialFiles.kind(socketPath) == S_IFSOCK)
        #expect(SpecialFiles.kind(folder + "/dangling.png") == S_IFLNK)
        #expect(SpecialFiles.kind(folder + "/dir.png") == S_IFDIR)
        #expect(CLIRunner.files(in: folder) == ["dangling.png", "dir.png", "s.sock"], "nothing else was created")
    }

    @Test func dashIsStandardOutputForEveryCommandAndFormat() throws {
        for (name, arguments) in Self.commands {
            let result = try CLIRunner.run(arguments + ["-"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let bytes = result.stdoutData
            switch name {
            case "render png", "demo": #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.suffix(8).starts(with: Array("IEND".utf8)))
            case "render pdf": #expect(bytes.starts(with: Array("%PDF-".utf8)) && String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"))
            case "render svg": #expect(result.stdout.contains("<svg") && result.stdout.hasSuffix("</svg>\n"))
            default: #expect((try? JSONSerialization.jsonObject(with: bytes)) != nil, "\(name) writes JSON")
            }
        }
        let folder = try CLIRunner.temporaryDirectory()
        let batch = try CLIRunner.run(["batch", FixturePaths.families, "--output-dir", folder, "--report", "-", "--quiet"] + fonts)
        let report = try JSONSerialization.jsonObject(with: batch.stdoutData) as? [String: Any]
        #expect((report?["summary"] as? [String: Any])?["ok"] as? Int == CLIRunner.files(in: folder).count)
        let missingFormat = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", "-"])
        #expect(missingFormat.status == 2)
        #expect(missingFormat.stderr.contains("-o - (standard output) needs --format"))
    }

    @Test func devStdoutKeepsTheShellsRedirection() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let log = folder + "/all.json"
        try "first\n".write(toFile: log, atomically: true, encoding: .utf8)
        // The shell opens the log for appending; writing the descriptor's path must append,
        // not replace. (/proc/self/fd/1 takes the same path in the writer as /dev/stdout,
        // which OutputPathTests checks; a build without the fix replacing /dev/stdout
        // itself would break the machine, so the test never asks for it.)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" generate 3 -o /proc/self/fd/1 >> \"$1\"", CLIRunner.binary, log]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("first\n{"), "appended after the old line: \(text.prefix(40))")
    }

    @Test func aReplacedFileKeepsItsPermissionsAndOwner() throws {
        let folder = try CLIRunner.temporaryDirectory()
        for (name, arguments) in Self.commands {
            let target = folder + "/kept-\(name.replacingOccurrences(of: " ", with: "-"))"
            try "old".write(toFile: target, atomically: false, encoding: .utf8)
            #expect(chmod(target, 0o640) == 0)
            let root = geteuid() == 0
            if root { #expect(chown(target, 12345, 54321) == 0) }
            let result = try CLIRunner.run(arguments + [target])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            var info = stat()
            #expect(stat(target, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o640, "\(name): mode \(String(info.st_mode & 0o7777, radix: 8))")
            if root { #expect(info.st_uid == 12345 && info.st_gid == 54321, "\(name): owner kept when run as root") }
            #expect(info.st_size > 3, "\(name) replaced the contents")
        }
        // A new file gets the usual mode (0666 less the umask), as with `>`.
        let fresh = folder + "/fresh.json"
        #expect(try CLIRunner.run(["generate", "3", "-o", fresh]).status == 0)
        var info = stat()
        let mask = umask(0)
        umask(mask)
        #expect(stat(fresh, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
    }

    @Test func anOutputThroughASymlinkIsRefusedUnlessNamedThenReplacesTheFileAndKeepsTheLink() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try "old".write(toFile: folder + "/real/chart.json", atomically: false, encoding: .utf8)
        #expect(symlink("real/chart.json", folder + "/chart.json") == 0)
        // Refused unless named: the link's target keeps its bytes (issue 23).
        for (name, arguments) in Self.commands {
            let refused = try CLIRunner.run(arguments + [folder + "/chart.json"])
            #expect(refused.status == 1 && refused.stderr.contains("chart.json: refusing to write output: it is a symbolic link"), "\(name): \(refused.stderr)")
            #expect(try String(contentsOfFile: folder + "/real/chart.json", encoding: .utf8) == "old")
            #expect(CLIRunner.files(in: folder) == ["chart.json", "real"] && CLIRunner.files(in: folder + "/real") == ["chart.json"])
        }
        let result = try CLIRunner.run(["layout", FixturePaths.family("two-roots"), "--follow-output-symlink", "-o", folder + "/chart.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(SpecialFiles.kind(folder + "/chart.json") == S_IFLNK, "the link stays a link")
        let json = try Data(contentsOf: URL(fileURLWithPath: folder + "/real/chart.json"))
        #expect((try? JSONSerialization.jsonObject(with: json)) != nil, "the file it points to holds the scene")
        #expect(CLIRunner.files(in: folder + "/real") == ["chart.json"])
    }
}
