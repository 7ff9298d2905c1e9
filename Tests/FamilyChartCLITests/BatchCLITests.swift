import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func familiesFolder(_ count: Int) throws -> String {
    let folder = try CLIRunner.temporaryDirectory()
    for i in 0..<count {
        let text = SeedJSONWriter().write(SyntheticFamily(persons: 20 + (i * 53) % 181, seed: UInt64(100 + i)).generate())
        try text.write(toFile: folder + "/f\(String(format: "%03d", i)).json", atomically: true, encoding: .utf8)
    }
    return folder
}

private func contents(_ folder: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for name in CLIRunner.files(in: folder) { result[name] = FileManager.default.contents(atPath: folder + "/" + name) }
    return result
}

@Suite struct BatchCLITests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func aKilledThenResumedBatchEqualsAnUninterruptedOne() throws {
        let input = try familiesFolder(80)
        let reference = input + "/reference"
        let whole = try CLIRunner.run(["batch", input, "--output-dir", reference, "--jobs", "2", "--quiet"] + fonts)
        #expect(whole.status == 0, "\(whole.stderr)")

        let resumed = input + "/resumed"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["batch", input, "--output-dir", resumed, "--jobs", "1", "--quiet"] + fonts
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while CLIRunner.files(in: resumed).filter({ $0.hasSuffix(".png") }).count < 10 && Date() < deadline {
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let before = CLIRunner.files(in: resumed).filter { $0.hasSuffix(".png") }.count
        #expect(before >= 10 && before < 80, "killed part-way (\(before) of 80 done)")
        // The killed run's temporary is removed once it is old enough (a live writer's is never touched).
        let leftovers = CLIRunner.files(in: resumed).filter { TemporaryName(parsing: $0) != nil }
        for name in leftovers {
            let then = timespec(tv_sec: time(nil) - 600, tv_nsec: 0)
            var times = [then, then]
            #expect(utimensat(AT_FDCWD, resumed + "/" + name, &times, 0) == 0)
        }

        let rest = try CLIRunner.run(["batch", input, "--output-dir", resumed, "--skip-existing", "--report", input + "/report.json"] + fonts)
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stderr.contains("\(before) skipped"), "\(rest.stderr)")
        #expect(contents(resumed) == contents(reference), "same files, same bytes, no temporary files left")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: input + "/report.json"))) as! [String: Any]
        let summary = report["summary"] as! [String: Any]
        #expect(summary["skipped"] as? Int == before)
        #expect((report["items"] as! [Any]).count == 80)
    }

    @Test func shardsFromFlagsAndFromTheEnvironmentSplitTheWork() throws {
        let input = try familiesFolder(7)
        var union: [String] = []
        for k in 0..<3 {
            let output = input + "/shard\(k)"
            let result = try CLIRunner.run(["batch", input, "--output-dir", output, "--shard", "\(k)/3", "--quiet"] + fonts)
            #expect(result.status == 0)
            union += CLIRunner.files(in: output)
        }
        #expect(union.sorted() == (0..<7).map { "f00\($0).png" })

        // Kubernetes Indexed Job style: index from the environment.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["batch", input, "--output-dir", input + "/k8s", "--shard-count", "3", "--quiet"] + fonts
        process.environment = ProcessInfo.processInfo.environment.merging(["JOB_COMPLETION_INDEX": "1"]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(CLIRunner.files(in: input + "/k8s") == ["f001.png", "f004.png"])

        let missing = try CLIRunner.run(["batch", input, "--output-dir", input + "/x", "--shard-count", "3"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("JOB_COMPLETION_INDEX"))
    }

    @Test func progressIsPlainLinesOffATerminalAndQuietHidesIt() throws {
        let input = try familiesFolder(3)
        try "{broken".write(toFile: input + "/zz.json", atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["batch", input, "--output-dir", input + "/a"] + fonts)
        #expect(plain.status == 1, "a failed item makes the exit status 1")
        #expect(plain.stderr.contains("failed: zz.json ("))
        #expect(plain.stderr.contains("batch: 4/4 (100%), 1 failed,"))
        #expect(plain.stderr.contains("batch: 3 ok, 0 skipped, 1 failed of 4"))
        #expect(!plain.stderr.contains("\u{1B}["), "no terminal escapes in logs")

        let quiet = try CLIRunner.run(["batch", input, "--output-dir", input + "/b", "--quiet"] + fonts)
        #expect(quiet.status == 1)
        #expect(quiet.stderr.contains("failed: zz.json"))
        #expect(!quiet.stderr.contains("batch: 4/4"))
    }

    @Test func batchUsageErrors() throws {
        let input = try familiesFolder(1)
        for (arguments, message) in [
            (["batch", input], "a folder source needs --output-dir DIR"),
            (["batch", input, "--output-dir", "o", "--size", "big"], "--size must be WxH"),
            (["batch", input, "--output-dir", "o", "--shard", "3/3"], "--shard must be K/N"),
            (["batch", input, "--output-dir", "o", "--size", "10x10", "--scale", "1"], "give --size or --scale, not both"),
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
