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

    /// The refusal named `--follow-output-symlink` as the way out, and batch refuses that option.
    @Test func aBatchRefusalOffersNoOptionTheBatchRejects() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let (target, _) = try victim(in: folder)
        let uploads = folder + "/uploads"
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FixturePaths.family("two-roots"), toPath: uploads + "/fam.json")
        #expect(symlink(target, uploads + "/fam.png") == 0)
        let result = try CLIRunner.run(["batch", uploads, "--output-dir", uploads, "--quiet"] + fonts)
        #expect(result.status == 1)
        let flag = try CLIRunner.run(["batch", uploads, "--output-dir", uploads, "--quiet", "--follow-output-symlink"] + fonts)
        #expect(flag.status == 2, "batch takes no --follow-output-symlink")
        let message = result.stderr.split(separator: "\n").first { $0.contains("symbolic link") }.map(String.init) ?? ""
        #expect(!message.contains("(--follow-output-symlink writes"), "\(message)")
        #expect(message.contains("batch never does"), "\(message)")
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

/// Whether process `pid` still runs (not gone, not a zombie).
private func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(close, offsetBy: 2)...].first != "Z"
}

/// Bytes process `pid` has read so far (`rchar` of `/proc/PID/io`), or nil when gone.
private func bytesRead(by pid: pid_t) -> Int? {
    guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
          let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }) else { return nil }
    return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
}

/// Issue 23, section 6: batch workers never outlive their batch, nor their item's time.
@Suite(.serialized) struct BatchWorkerLifetimeTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    /// A folder of one huge family (`persons`; 40,000 takes a debug build seconds to
    /// draw as a PDF) and three small ones.
    private func slowBatch(persons: Int = 40_000) throws -> String {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try SeedJSONWriter().write(SyntheticFamily(persons: persons, seed: 5).generate())
            .write(toFile: folder + "/in/a-huge.json", atomically: false, encoding: .utf8)
        for i in 0..<3 {
            try SeedJSONWriter().write(SyntheticFamily(persons: 20, seed: UInt64(i)).generate())
                .write(toFile: folder + "/in/f\(i).json", atomically: false, encoding: .utf8)
        }
        return folder
    }

    /// Starts a batch and returns it with its worker once the worker is on the slow item.
    private func startOnSlowItem(_ folder: String, extra: [String] = [], waitForTemporary: Bool = true,
                                 workerGrace: Double? = nil) throws -> (Process, pid_t)? {
        let process = Process()
        if let workerGrace {
            process.environment = ProcessInfo.processInfo.environment.merging(["FAMILYCHART_WORKER_GRACE": "\(workerGrace)"]) { $1 }
        }
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["batch", folder + "/in", "--output-dir", folder + "/out", "--jobs", "1", "--format", "pdf",
                             "--report", folder + "/report.json", "--quiet"] + extra + fonts
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if !waitForTemporary || CLIRunner.writesOutput(in: folder + "/out", process: process.processIdentifier),
               let worker = CLIRunner.childProcesses(of: process.processIdentifier).first { return (process, worker) }
            usleep(2_000)
        }
        return nil
    }

    @Test func aBatchKilledWithSIGKILLTakesItsWorkerWithIt() throws {
        let folder = try slowBatch()
        // Caught at the start of the huge item, which takes seconds more.
        guard let (batch, worker) = try startOnSlowItem(folder, waitForTemporary: false) else {
            Issue.record("the worker was not caught on its item")
            return
        }
        usleep(500_000)  // the item has been sent (a worker whose input ends before it exits anyway)
        #expect(isRunning(worker))
        kill(batch.processIdentifier, SIGKILL)
        // Not `waitUntilExit` first: Foundation's waits for the worker too, which inherits
        // the descriptor it watches.
        let deadline = Date().addingTimeInterval(1.5)
        while Date() < deadline, isRunning(worker) { usleep(10_000) }
        #expect(!isRunning(worker), "the worker still ran after its batch was killed")
        if isRunning(worker) { kill(worker, SIGKILL) }
        batch.waitUntilExit()
    }

    @Test func aWorkerEndsItselfWhenItsItemOutlastsTheTimeoutWhileTheBatchIsStopped() throws {
        // The first item is the huge one: the worker is on it from its start. The item
        // must outlast the item timeout plus the worker's grace (1 + 0.5 s here) on a
        // fast machine too, or the worker finishes it and waits, rightly, on its stopped
        // batch: a 100,000-person PDF takes a debug build about 8 s here (a 40,000-person
        // one finished within 1 + 1 s on CI's machine, whose worker then waited).
        let folder = try slowBatch(persons: 100_000)
        guard let (batch, worker) = try startOnSlowItem(folder, extra: ["--item-timeout", "1"], waitForTemporary: false,
                                                        workerGrace: 0.5) else {
            Issue.record("the worker was not caught on its item")
            return
        }
        // Stopped only once the worker reads the huge file: a batch stopped before it
        // sends the item leaves its worker waiting for input, with no item to time.
        let hugeFileBytes = try FileManager.default.attributesOfItem(atPath: folder + "/in/a-huge.json")[.size] as! Int
        let reading = Date().addingTimeInterval(30)
        while Date() < reading, (bytesRead(by: worker) ?? .max) < hugeFileBytes / 2 { usleep(2_000) }
        #expect(isRunning(worker) && bytesRead(by: worker) ?? 0 >= hugeFileBytes / 2, "the worker never read its item")
        kill(batch.processIdentifier, SIGSTOP)
        defer {
            kill(batch.processIdentifier, SIGCONT)
            batch.waitUntilExit()
        }
        let stopped = Date()
        while Date().timeIntervalSince(stopped) < 15, isRunning(worker) { usleep(20_000) }
        #expect(!isRunning(worker), "the worker ran on, its batch stopped")
        #expect(Date().timeIntervalSince(stopped) < 1 + 0.5 + 3)
        if isRunning(worker) { kill(worker, SIGKILL) }
    }

    @Test func aWorkerKilledFromOutsideIsNotCalledOutOfMemory() throws {
        let folder = try slowBatch()
        guard let (batch, worker) = try startOnSlowItem(folder) else {
            Issue.record("the worker was not caught on its item")
            return
        }
        kill(worker, SIGKILL)
        batch.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))) as! [String: Any]
        let failure = (json["items"] as! [[String: Any]]).first { $0["status"] as? String == "failed" }
        let message = failure?["message"] as? String ?? ""
        #expect(message.contains("SIGKILL, not sent by this batch") && !message.contains("out of memory"), "\(message)")
    }

    @Test func moreJobsThanCoresRunAsManyWorkers() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = cores + 2
        for i in 0..<jobs {
            try SeedJSONWriter().write(SyntheticFamily(persons: 5_000, seed: UInt64(i)).generate())
                .write(toFile: folder + "/in/f\(i).json", atomically: false, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["batch", folder + "/in", "--output-dir", folder + "/out", "--jobs", "\(jobs)", "--format", "pdf", "--quiet"] + fonts
        process.standardError = FileHandle.nullDevice
        try process.run()
        var most = 0
        while process.isRunning {
            most = max(most, CLIRunner.childProcesses(of: process.processIdentifier).count)
            usleep(5_000)
        }
        #expect(most == jobs, "at most \(most) workers at once for --jobs \(jobs) on \(cores) cores")
    }

    @Test func anInterruptedBatchReportsItsSeconds() throws {
        let folder = try slowBatch()
        guard let (batch, _) = try startOnSlowItem(folder) else {
            Issue.record("the worker was not caught on its item")
            return
        }
        usleep(300_000)
        kill(batch.processIdentifier, SIGTERM)
        batch.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))) as! [String: Any]
        let summary = json["summary"] as! [String: Any]
        #expect(summary["interrupted"] as? String == "SIGTERM")
        #expect((summary["seconds"] as? Double ?? 0) >= 0.3, "\(summary)")
        #expect(!CLIRunner.files(in: folder + "/out").contains { $0.hasPrefix(".") }, "no temporary left")
    }
}

/// A valid 1-bit greyscale PNG `side` pixels square, all black (deflate stored blocks, so
/// no compressor is needed; decoding it costs `side²` pixels).
func blackPNG(side: Int) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    var table = [UInt32](repeating: 0, count: 256)
    for n in 0..<256 {
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        table[n] = c
    }
    func crc(_ bytes: [UInt8]) -> UInt32 { ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) } }
    func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] { be(UInt32(data.count)) + Array(kind.utf8) + data + be(crc(Array(kind.utf8) + data)) }
    let raw = [UInt8](repeating: 0, count: (1 + (side + 7) / 8) * side)
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    while offset < raw.count {
        let count = min(65_535, raw.count - offset)
        zlib += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        zlib += raw[offset..<(offset + count)]
        offset += count
    }
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
    zlib += be(b << 16 | a)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(UInt32(side)) + be(UInt32(side)) + [1, 0, 0, 0, 0])
        + chunk("IDAT", zlib) + chunk("IEND", [])
}

/// Issue 23, section 6: one chart decodes a bounded number of photo pixels.
@Suite struct PhotoBudgetTests {
    @Test func aChartDecodesAtMost200MegapixelsOfPhotos() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let png = Data(blackPNG(side: 6_320))  // 39.9 megapixels, under the per-photo limit
        var persons: [String] = []
        for i in 0..<7 {
            try png.write(to: URL(fileURLWithPath: dir + "/p\(i).png"))
            persons.append(#"{"id": "p\#(i)", "name": "P\#(i)", "photo": "p\#(i).png"}"#)
        }
        try ("[[" + persons.joined(separator: ", ") + "]]").write(toFile: dir + "/f.json", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", dir + "/f.json", "-o", dir + "/out.png", "--scale", "0.5", "--font-config", FixturePaths.fontConfig])
        #expect(result.status == 0, "\(result.stderr)")
        let spent = result.stderr.split(separator: "\n").filter { $0.contains("the chart's photo budget (200 megapixels, 5 s of decoding) is spent") }
        // At most five decoded (fewer when 5 s of decoding run out first on a loaded machine).
        #expect(spent.count >= 2, "five photos decoded, two left out: \(result.stderr)")
    }
}

@Suite struct ReportFolderSweepTests {
    /// Issue 23: a report killed with SIGKILL left its temporary, and report folders were never swept.
    @Test func aStaleTemporaryBesideTheReportIsRemoved() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        let stale = folder + "/reports/" + TemporaryName(forTarget: "report.json").name
        try "{\"items\": [".write(toFile: stale, atomically: false, encoding: .utf8)
        let then = timespec(tv_sec: time(nil) - 600, tv_nsec: 0)
        var times = [then, then]
        #expect(utimensat(AT_FDCWD, stale, &times, 0) == 0)
        let result = try CLIRunner.run(["batch", FixturePaths.families, "--output-dir", folder + "/out", "--report", folder + "/reports/report.json",
                                        "--quiet", "--font-config", FixturePaths.fontConfig])
        #expect(result.status == 0 || result.status == 1)
        #expect(CLIRunner.files(in: folder + "/reports") == ["report.json"], "the stale temporary is gone")
    }
}

/// Issue 23, the lower and still-open items: limits that count everything, devices as
/// input, and messages that say what is really wrong.
@Suite struct HonestMessageTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func everyGEDCOMRecordCountsAgainstTheLimit() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let notes = (0..<200).map { "0 @N\($0)@ NOTE x\n" }.joined()
        try ("0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n" + notes + "0 TRLR\n").write(toFile: dir + "/notes.ged", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", dir + "/notes.ged", "--max-persons", "10"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the file holds 203 records (persons, families, sources, notes…), more than the limit of 56"), "\(result.stderr)")
        #expect(try CLIRunner.run(["validate", dir + "/notes.ged", "--max-persons", "50"]).status == 0)
    }

    @Test func aDeviceIsRefusedAsInputWithoutReadingIt() throws {
        let started = Date()
        let result = try CLIRunner.run(["render", "/dev/zero", "-o", try CLIRunner.temporaryDirectory() + "/x.png"])
        #expect(result.status == 1 && result.stderr.contains("/dev/zero: cannot read: it is a character device, not a data file"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func scaleOverlapAndDamagedPNGMessagesSayWhatIsWrong() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let family = FixturePaths.family("two-roots")
        let tiny = try CLIRunner.run(["render", family, "-o", dir + "/x.png", "--scale", "1e-300"] + fonts)
        #expect(tiny.status == 2 && tiny.stderr.contains("the PNG scale must be at least 0.01"), "\(tiny.stderr)")
        let wide = try CLIRunner.run(["render", family, "-o", dir + "/x.pdf", "--paper", "A4", "--poster", "--overlap", "500mm"] + fonts)
        #expect(wide.status == 1 && wide.stderr.contains("an --overlap of 1417.32 pt leaves nothing between the overlaps of A4 sheets"), "\(wide.stderr)")
        let negative = try CLIRunner.run(["render", family, "-o", dir + "/x.pdf", "--paper", "A4", "--poster", "--overlap", "-5mm"] + fonts)
        #expect(negative.status == 2 && negative.stderr.contains("--overlap must not be negative, got '-5mm'"), "\(negative.stderr)")

        var png = blackPNG(side: 64)
        png[png.count - 20] ^= 0xFF  // inside IDAT's data: its CRC no longer matches
        try Data(png).write(to: URL(fileURLWithPath: dir + "/damaged.png"))
        try #"[[{"id": "a", "name": "A", "photo": "damaged.png"}]]"#.write(toFile: dir + "/f.json", atomically: true, encoding: .utf8)
        let damaged = try CLIRunner.run(["render", dir + "/f.json", "-o", dir + "/out.png"] + fonts)
        #expect(damaged.status == 0 && damaged.stderr.contains("photo damaged.png: cannot read the image: corrupt PNG (chunk IDAT fails its CRC check: the file is damaged)"),
                "\(damaged.stderr)")
    }

    @Test func aManifestLineThatIsNotJSONIsNeverQuoted() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try "root:SECRET:19000:0:99999:7:::\nsecond:x\n".write(toFile: dir + "/shadow", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", dir + "/shadow", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("shadow:1: not a JSON object (the line is not shown; is this file a manifest?)"), "\(result.stderr)")
        #expect(!result.stderr.contains("'r'") && !result.stderr.contains("'s'"), "\(result.stderr)")
    }
}
