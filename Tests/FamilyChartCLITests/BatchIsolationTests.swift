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

private func family(_ persons: Int, seed: UInt64 = 1) -> String {
    SeedJSONWriter().write(SyntheticFamily(persons: persons, seed: seed).generate())
}

private func report(_ path: String) throws -> (items: [[String: Any]], summary: [String: Any]) {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    return (json["items"] as! [[String: Any]], json["summary"] as! [String: Any])
}

/// A batch for untrusted files: items in watchdog'd worker processes, limits per item,
/// folders without symlinks or special files, manifests on pipes, strict resumption.
@Suite struct BatchIsolationTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func aSlowItemIsStoppedByTheTimeoutAndTheRestGoOn() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try write(family(40_000, seed: 3), to: folder + "/in/a-huge.json")
        for i in 0..<4 { try write(family(20, seed: UInt64(i)), to: folder + "/in/f\(i).json") }
        let started = Date()
        let result = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/out", "--jobs", "1", "--format", "pdf",
                                        "--item-timeout", "0.5", "--report", folder + "/report.json", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.stderr.contains("failed: a-huge.json") && result.stderr.contains("took longer than the item timeout of 0.5 s"),
                "\(result.stderr)")
        let (items, summary) = try report(folder + "/report.json")
        #expect(summary["ok"] as? Int == 4 && summary["failed"] as? Int == 1 && items.count == 5)
        #expect(CLIRunner.files(in: folder + "/out") == ["f0.pdf", "f1.pdf", "f2.pdf", "f3.pdf"], "the killed worker's temporary is gone")
    }

    @Test func aCrashingWorkerCostsOnlyItsItem() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try write(family(40_000, seed: 4), to: folder + "/in/a-huge.json")
        for i in 0..<4 { try write(family(20, seed: UInt64(i)), to: folder + "/in/f\(i).json") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["batch", folder + "/in", "--output-dir", folder + "/out", "--jobs", "1", "--format", "pdf",
                             "--report", folder + "/report.json", "--quiet"] + fonts
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the worker to start on the huge item, then crash it from outside.
        let deadline = Date().addingTimeInterval(60)
        var crashed = false
        while Date() < deadline, process.isRunning, !crashed {
            if CLIRunner.writesOutput(in: folder + "/out", process: process.processIdentifier),
               let worker = CLIRunner.childProcesses(of: process.processIdentifier).first {
                crashed = kill(worker, SIGSEGV) == 0
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        #expect(crashed, "the worker was caught mid-item")
        #expect(process.terminationStatus == 1)
        let (items, summary) = try report(folder + "/report.json")
        #expect(summary["ok"] as? Int == 4 && summary["failed"] as? Int == 1)
        let failure = items.first { $0["status"] as? String == "failed" }
        #expect((failure?["message"] as? String)?.contains("crashed on this item (SIGSEGV)") == true, "\(String(describing: failure))")
        #expect(!CLIRunner.files(in: folder + "/out").contains { $0.hasPrefix(".") }, "no temporary left by the crashed worker")
    }

    @Test func aFolderSkipsSymlinksFIFOsAndFolders() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/in"
        try FileManager.default.createDirectory(atPath: input + "/sub.json", withIntermediateDirectories: true)
        try write("root:SECRET:19000:0:99999:7:::\n", to: folder + "/shadow")
        #expect(symlink(folder + "/shadow", input + "/x.ged") == 0)
        #expect(symlink(folder + "/ok.json", input + "/linked.json") == 0)
        try write(family(10), to: folder + "/ok.json")
        #expect(mkfifo(input + "/pipe.json", 0o644) == 0)
        try write(family(12), to: input + "/real.json")
        let result = try CLIRunner.run(["batch", input, "--output-dir", folder + "/out", "--report", folder + "/report.json"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("SECRET"))
        #expect(try String(contentsOfFile: folder + "/report.json", encoding: .utf8).contains("SECRET") == false)
        #expect(CLIRunner.files(in: folder + "/out") == ["real.png"])
    }

    @Test func aManifestOnAPipeIsReadInOnePass() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(family(15), to: folder + "/a.json")
        try write(family(16), to: folder + "/b.json")
        let manifest = [#"{"input": "\#(folder)/a.json", "output": "\#(folder)/a.png"}"#,
                        #"{"input": "\#(folder)/b.json", "output": "\#(folder)/b.png"}"#].joined(separator: "\n") + "\n"
        for source in ["-", "/dev/stdin"] {
            let result = try CLIRunner.run(["batch", source] + fonts, stdin: manifest)
            #expect(result.status == 0, "\(source): \(result.stderr)")
            #expect(result.stderr.contains("batch: 2 ok, 0 skipped, 0 failed of 2"), "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder + "/a.png") && FileManager.default.fileExists(atPath: folder + "/b.png"))
            try? FileManager.default.removeItem(atPath: folder + "/a.png")
            try? FileManager.default.removeItem(atPath: folder + "/b.png")
        }
        let nul = try CLIRunner.run(["batch", "-"] + fonts, stdin: #"{"input": "a.json\u0000.png", "output": "x.png"}"# + "\n")
        #expect(nul.status == 1 && nul.stderr.contains("NUL"), "\(nul.stderr)")
    }

    @Test func skipExistingTrustsOnlyCompleteFilesOfTheRightKind() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for name in ["crc", "size", "tail", "good"] { try write(family(20), to: folder + "/in/\(name).json") }
        let out = folder + "/out"
        var first = try CLIRunner.run(["batch", folder + "/in", "--output-dir", out, "--size", "64x48", "--quiet"] + fonts)
        #expect(first.status == 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: out + "/good.png"))
        var crc = [UInt8](good)
        crc[40] ^= 0xFF  // inside IDAT: its CRC no longer matches
        try Data(crc).write(to: URL(fileURLWithPath: out + "/crc.png"))
        try Data(good).write(to: URL(fileURLWithPath: out + "/size.png"))  // a complete PNG of the right size: kept
        let cut = Array(good.prefix(good.count / 2)) + [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        try Data(cut).write(to: URL(fileURLWithPath: out + "/tail.png"))  // cut short, an IEND glued on
        first = try CLIRunner.run(["batch", folder + "/in", "--output-dir", out, "--size", "64x48", "--skip-existing",
                                   "--report", folder + "/r1.json", "--quiet"] + fonts)
        let (items, _) = try report(folder + "/r1.json")
        let status = Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as! String, $0["status"] as! String) })
        #expect(status == ["crc.json": "ok", "size.json": "skipped", "tail.json": "ok", "good.json": "skipped"], "\(status)")
        // Another thumbnail size: the old files are of the wrong size and are redrawn.
        let resized = try CLIRunner.run(["batch", folder + "/in", "--output-dir", out, "--size", "80x60", "--skip-existing",
                                         "--report", folder + "/r2.json", "--quiet"] + fonts)
        #expect(resized.status == 0)
        #expect(try report(folder + "/r2.json").summary["ok"] as? Int == 4)
        // PDF and SVG: a file ending in %%EOF or </svg> is not enough.
        for (format, fake) in [("pdf", "%PDF-1.5\nnothing here\n%%EOF\n"), ("svg", "<html></html>\n</svg>\n")] {
            try FileManager.default.createDirectory(atPath: folder + "/\(format)", withIntermediateDirectories: true)
            try write(fake, to: folder + "/\(format)/good.\(format)")
            let result = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/\(format)", "--format", format,
                                            "--skip-existing", "--report", folder + "/r-\(format).json", "--quiet"] + fonts)
            #expect(result.status == 0)
            #expect(try report(folder + "/r-\(format).json").summary["skipped"] as? Int == 0, "a fake \(format) is redrawn")
            let again = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/\(format)", "--format", format,
                                           "--skip-existing", "--report", folder + "/r-\(format).json", "--quiet"] + fonts)
            #expect(again.status == 0)
            #expect(try report(folder + "/r-\(format).json").summary["skipped"] as? Int == 4, "real \(format) files are kept")
        }
    }

    @Test func itemsHaveTheLimitsAndPrivacyOfRender() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try write(family(300), to: folder + "/in/big.json")
        try write(#"{"generations": [[{"id": "kid", "name": "Young Person", "age": 7}]]}"#, to: folder + "/in/small.json")
        let limited = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/a", "--max-persons", "100", "--quiet"] + fonts)
        #expect(limited.status == 1 && limited.stderr.contains("more than the limit of 100"), "\(limited.stderr)")
        let bytes = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/b", "--max-bytes", "1K", "--quiet"] + fonts)
        #expect(bytes.status == 1 && bytes.stderr.contains("failed: big.json") && bytes.stderr.contains("more than the limit of 1024 bytes"),
                "\(bytes.stderr)")
        let redacted = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/c", "--format", "svg", "--redact-living",
                                          "--living-label", "Hidden", "--quiet"] + fonts)
        #expect(redacted.status == 0)
        let svg = try String(contentsOfFile: folder + "/c/small.svg", encoding: .utf8)
        #expect(!svg.contains("Young"), "the living child's name is not drawn")
        let jobs = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/d", "--jobs", "64", "--quiet"] + fonts)
        #expect(jobs.status == 0 && jobs.stderr.contains("note: --jobs 64 is more than this machine's"))
    }

    @Test func aReportThatCannotBeWrittenIsAnErrorNotACrash() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try write(family(10), to: folder + "/in/a.json")
        let result = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/out", "--report", "/proc/familychart-report.json"] + fonts)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("/proc/familychart-report.json: cannot write the report:"), "\(result.stderr)")
        #expect(result.signal == nil)
        // A theme that is a FIFO nobody writes to is refused at once, not waited for.
        #expect(mkfifo(folder + "/theme.json", 0o644) == 0)
        let theme = try CLIRunner.run(["batch", folder + "/in", "--output-dir", folder + "/out", "--theme", folder + "/theme.json"] + fonts)
        #expect(theme.status == 1 && theme.stderr.contains("not a regular file"), "\(theme.stderr)")
    }
}
