import FamilyBatch
import FamilyLayout
import FamilyPainter
import Foundation
import TestSupport
import Testing

private let fonts = FontConfiguration.file(FixturePaths.fontConfig)

@Suite struct ShardTests {
    @Test func parsesAndRefuses() {
        #expect(Shard("2/5") == Shard(index: 2, count: 5))
        #expect(Shard("5/5") == nil)
        #expect(Shard("-1/3") == nil)
        #expect(Shard("1/0") == nil)
        #expect(Shard("x") == nil)
    }

    @Test func readsTheJobEnginesIndex() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3"], count: 4) == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "0"], count: 2) == Shard(index: 0, count: 2))
        #expect(try Shard.fromEnvironment([:], count: 2) == nil)
        #expect(throws: BatchError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "4"], count: 4) }
    }

    @Test(arguments: [1, 2, 3, 7, 30])
    func shardsOfAManifestAreDisjointAndCoverIt(count: Int) throws {
        let folder = NSTemporaryDirectory() + "familychart-shards-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lines = (0..<23).map { #"{"input": "in\#($0).json", "output": "out\#($0).png"}"# }
        try (lines.joined(separator: "\n\n") + "\n").write(toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
        let source = BatchSource.manifest(path: folder + "/m.jsonl")
        #expect(try source.count() == 23)
        var seen: [String] = []
        for k in 0..<count {
            let shard = Shard(index: k, count: count)
            for item in IteratorSequence(try source.items()) where shard.contains(item.index) {
                seen.append(item.output)
            }
        }
        #expect(seen.count == 23, "every item in exactly one shard")
        #expect(Set(seen).count == 23)
    }
}

@Suite struct BatchRunnerTests {
    @Test func concurrentOutputEqualsSerialOutputByteForByte() throws {
        let input = try familiesFolder(count: 40)
        var outputs: [[String: Data]] = []
        for jobs in [1, 4] {
            let output = NSTemporaryDirectory() + "familychart-out-\(UUID().uuidString)"
            let runner = BatchRunner(jobs: jobs, defaults: ItemOptions(size: PixelSize(width: 320, height: 200)), fonts: fonts)
            let summary = try runner.run(BatchSource.directory(path: input, outputDirectory: output, format: .png).items()) { _, _ in }
            #expect(summary.ok == 40 && summary.failed == 0)
            outputs.append(files(in: output))
        }
        #expect(outputs[0].count == 40)
        #expect(outputs[0] == outputs[1], "4 threads draw exactly what 1 thread draws")
    }

    @Test func aBadItemIsReportedWhileTheRestSucceed() throws {
        let input = try familiesFolder(count: 3)
        try #"[[{"id": "a", "name": "A", "childrenIDs": ["nobody"]}]]"#.write(toFile: input + "/invalid.json", atomically: true, encoding: .utf8)
        let manifest = """
            {"input": "family-000.json", "output": "out/a.png"}
            {"input": "missing.json", "output": "out/b.png"}
            {"input": "invalid.json", "output": "out/c.png", "id": "family C"}
            not json at all
            {"input": "family-001.json"}
            {"input": "family-002.json", "output": "out/d.png", "size": "64x48"}
            """
        try manifest.write(toFile: input + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let collected = Collected()
        let summary = try BatchRunner(jobs: 2, fonts: fonts).run(BatchSource.manifest(path: input + "/jobs.jsonl").items()) { result, _ in
            collected.append(result)
        }
        #expect(summary.ok == 2 && summary.failed == 4)
        let byIndex = Dictionary(uniqueKeysWithValues: collected.results.map { ($0.item.index, $0) })
        #expect(byIndex[1]?.message?.contains("missing.json: cannot read: No such file or directory") == true)
        #expect(byIndex[2]?.item.id == "family C")
        #expect(byIndex[2]?.message?.contains("child \"nobody\" is not in the data") == true)
        // Issue 23: no character of a line that is not JSON is quoted (a manifest may be any file).
        #expect(byIndex[3]?.message?.hasSuffix("jobs.jsonl:4: not a JSON object (the line is not shown; is this file a manifest?)") == true,
                "\(byIndex[3]?.message ?? "")")
        #expect(byIndex[4]?.message?.contains("jobs.jsonl:5: missing \"output\" path") == true)
        let small = try RasterImage(contentsOfPNG: input + "/out/d.png")
        #expect(small.width == 64 && small.height == 48, "per-line size wins")
        #expect(!FileManager.default.fileExists(atPath: input + "/out/b.png"))
        #expect(!FileManager.default.fileExists(atPath: input + "/out/c.png"))
    }

    /// Paths and ids past what the system opens, or through hundreds of folders, fail their
    /// own line at once with a short message; the rest of the batch is drawn (a 120 KB output
    /// path took gigabytes creating its folders, a 600 KB input path stalled the worker
    /// until the item's timeout).
    @Test func overlongPathsAndIdsFailTheirLineShortly() throws {
        let input = try familiesFolder(count: 1)
        let lines = [
            #"{"input": "family-000.json", "output": "\#(String(repeating: "cd/", count: 40_000))v.png"}"#,
            #"{"input": "\#(String(repeating: "x", count: 600_000)).json", "output": "out/b.png"}"#,
            #"{"input": "family-000.json", "output": "\#(String(repeating: "d/", count: 300))v.png"}"#,
            #"{"input": "family-000.json", "output": "out/d.png", "id": "\#(String(repeating: "i", count: 5_000))"}"#,
            #"{"input": "family-000.json", "output": "\#(String(repeating: "e/", count: 200))ok.png"}"#,
        ]
        try lines.joined(separator: "\n").write(toFile: input + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let collected = Collected()
        let summary = try BatchRunner(jobs: 1, fonts: fonts).run(BatchSource.manifest(path: input + "/jobs.jsonl").items()) { result, _ in
            collected.append(result)
        }
        #expect(summary.ok == 1 && summary.failed == 4)
        let byIndex = Dictionary(uniqueKeysWithValues: collected.results.map { ($0.item.index, $0.message ?? "") })
        #expect(byIndex[0]?.hasSuffix("jobs.jsonl:1: \"output\" is 120005 bytes long, more than 4096") == true, "\(byIndex[0]?.prefix(200) ?? "")")
        #expect(byIndex[1]?.hasSuffix("jobs.jsonl:2: \"input\" is 600005 bytes long, more than 4096") == true)
        #expect(byIndex[2]?.hasSuffix("jobs.jsonl:3: \"output\" goes through 300 folders, more than 256") == true)
        #expect(byIndex[3]?.hasSuffix("jobs.jsonl:4: \"id\" is 5000 bytes long, more than 4096") == true)
        #expect(collected.results.allSatisfy { ($0.message ?? "").utf8.count < 200 })
        #expect(FileManager.default.fileExists(atPath: input + "/" + String(repeating: "e/", count: 200) + "ok.png"))
    }

    @Test func skipExistingTrustsOnlyCompleteFiles() throws {
        let input = try familiesFolder(count: 2)
        let output = input + "/out"
        let source = BatchSource.directory(path: input, outputDirectory: output, format: .png)
        let first = try BatchRunner(jobs: 1, fonts: fonts).run(source.items()) { _, _ in }
        #expect(first.ok == 2)
        let good = try Data(contentsOf: URL(fileURLWithPath: output + "/family-000.png"))
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: output + "/family-001.png"))  // cut short
        let again = try BatchRunner(jobs: 1, skipExisting: true, fonts: fonts).run(source.items()) { _, _ in }
        #expect(again.skipped == 1 && again.ok == 1)
        #expect(throws: Never.self, "the cut-short file was drawn again in full") {
            _ = try RasterImage(contentsOfPNG: output + "/family-001.png")
        }
    }

    @Test func thumbnailsFitInsideTheSizeCentred() throws {
        let painter = try ChartPainter(fonts: fonts)
        let scene = Scene(width: 400, height: 100, persons: [], coupleBars: [], connectors: [])
        let image = try painter.rasterize(scene, fitting: PixelSize(width: 200, height: 200))
        #expect(image.width == 200 && image.height == 200)
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [BatchResult] = []

    func append(_ result: BatchResult) {
        lock.lock()
        storage.append(result)
        lock.unlock()
    }

    var results: [BatchResult] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

@Suite struct DirectorySourceTests {
    @Test func aFolderSourceTakesJSONAndGEDCOMAndKeepsOutputNamesApart() throws {
        let folder = NSTemporaryDirectory() + "familychart-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let gedcom = try String(contentsOfFile: FixturePaths.gedcom("multi-partner"), encoding: .utf8)
        try gedcom.write(toFile: folder + "/a.ged", atomically: true, encoding: .utf8)
        try gedcom.write(toFile: folder + "/b.GED", atomically: true, encoding: .utf8)
        try #"[[{"id": "x", "name": "X"}]]"#.write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        try "notes".write(toFile: folder + "/readme.txt", atomically: true, encoding: .utf8)
        let source = BatchSource.directory(path: folder, outputDirectory: "/out", format: .png)
        let items = Array(try source.items())
        #expect(items.map(\.id) == ["a.ged", "a.json", "b.GED"])
        #expect(items.map(\.output) == ["/out/a.ged.png", "/out/a.json.png", "/out/b.png"])
        #expect(try source.count() == 3)
    }
}
