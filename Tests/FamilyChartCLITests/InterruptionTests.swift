import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Starts `familychart arguments`, waits until a temporary output (a hidden file: this
/// build's or an older one's) appears in `folder`,
/// sends `signal`, and returns how the process ended (or nil when no temporary appeared).
private func interrupt(_ arguments: [String], watching folder: String, with signal: Int32) throws -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, process.isRunning, !CLIRunner.files(in: folder).contains(where: { $0.hasPrefix(".") }),
          !CLIRunner.writesOutput(in: folder, process: process.processIdentifier) {
        usleep(1_000)
    }
    guard process.isRunning else { return nil }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process
}

private func bigFamily(in folder: String, name: String = "big.json") throws -> String {
    let path = folder + "/" + name
    try SeedJSONWriter().write(SyntheticFamily(persons: 30_000, seed: 9).generate()).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// SIGTERM and SIGINT end a command cleanly: no temporary left, the old output intact,
/// a batch's report written with what was done.
@Suite struct InterruptionTests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedRenderRemovesItsTemporaryAndKeepsTheOldFile(signal: Int32) throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = try bigFamily(in: folder)
        let output = folder + "/chart.pdf"
        try "the previous chart".write(toFile: output, atomically: false, encoding: .utf8)
        guard let process = try interrupt(["render", input, "-o", output] + fonts, watching: folder, with: signal) else {
            Issue.record("the render finished before it could be interrupted")
            return
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "dies of the signal it got")
        #expect(CLIRunner.files(in: folder) == ["big.json", "chart.pdf"], "no temporary left")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the previous chart")
    }

    @Test func anInterruptedBatchWritesItsReportWithWhatWasDone() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let input = folder + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        _ = try bigFamily(in: input, name: "a-big.json")
        let small = SeedJSONWriter().write(SyntheticFamily(persons: 20, seed: 2).generate())
        for i in 0..<40 { try small.write(toFile: input + "/f\(i).json", atomically: true, encoding: .utf8) }
        let output = folder + "/out"
        let report = folder + "/report.json"
        guard let process = try interrupt(["batch", input, "--output-dir", output, "--format", "pdf", "--jobs", "1",
                                           "--report", report, "--quiet"] + fonts, watching: output, with: SIGTERM) else {
            Issue.record("the batch finished before it could be interrupted")
            return
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let summary = json["summary"] as! [String: Any]
        #expect(summary["interrupted"] as? String == "SIGTERM")
        let items = json["items"] as! [[String: Any]]
        let drawn = CLIRunner.files(in: output)
        #expect(!drawn.contains { $0.hasPrefix(".") }, "no temporary left: \(drawn)")
        #expect(items.count < 41, "stopped early")
        // Items reported ok are exactly the files written (an item cut off by the end of the
        // grace period, as on a loaded machine, is reported failed and leaves no file).
        let written = items.filter { $0["status"] as? String == "ok" }
        #expect(Set(written.compactMap { ($0["output"] as? String).map { ($0 as NSString).lastPathComponent } }) == Set(drawn),
                "the report lists exactly the outputs that were written: \(items.map { "\($0["output"] ?? "") \($0["status"] ?? "")" })")
        #expect(items.allSatisfy { ["ok", "failed"].contains($0["status"] as? String) }, "every reported item done or failed")
    }
}
