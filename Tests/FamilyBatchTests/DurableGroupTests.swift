@testable import FamilyBatch
import FamilyLayout
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Outputs written without a sync each are flushed once per group, and an item is
/// reported only when its complete file is in place.
@Suite struct DurableGroupTests {
    @Test(arguments: [true, false])
    func everyReportedItemHasItsCompleteFileInPlace(groupsSyncs: Bool) throws {
        let input = try familiesFolder(count: 12)
        let output = input + "/out"
        var runner = BatchRunner(jobs: 2, defaults: ItemOptions(size: PixelSize(width: 128, height: 128)),
                                 fonts: .file(FixturePaths.fontConfig))
        runner.settings.groupsSyncs = groupsSyncs
        let incomplete = Incomplete()
        let summary = try runner.run(BatchSource.directory(path: input, outputDirectory: output, format: .png).items()) { result, _ in
            if result.status != .ok || !CompleteOutput.exists(at: result.item.output, format: .png, size: PixelSize(width: 128, height: 128)) {
                incomplete.add(result.item.output)
            }
        }
        #expect(summary.ok == 12)
        #expect(incomplete.paths.isEmpty, "reported before its file was complete: \(incomplete.paths)")
    }

    /// An output whose folder vanished before the group was flushed cannot be made
    /// durable: the item fails, saying so; the others of the group stay done.
    @Test func anItemWhoseOutputCannotBeFlushedFails() throws {
        let folder = NSTemporaryDirectory() + "familychart-durable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let kept = BatchResult(item: BatchItem(index: 0, id: "a", input: "a.json", output: folder + "/a.png"), status: .ok)
        let gone = BatchResult(item: BatchItem(index: 1, id: "b", input: "b.json", output: folder + "/gone/b.png"), status: .ok)
        let failed = BatchResult(item: BatchItem(index: 2, id: "c", input: "c.json", output: folder + "/gone/c.png"), status: .failed,
                                 message: "bad input")
        let flushed = DurableGroup.flush([kept, gone, failed])
        #expect(flushed.map(\.status) == [.ok, .failed, .failed])
        #expect(flushed[1].message?.contains("could not be made durable") == true, "\(flushed[1].message ?? "")")
        #expect(flushed[2].message == "bad input", "an item that had failed keeps its own reason")
    }
}

private final class Incomplete: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ path: String) {
        lock.lock()
        list.append(path)
        lock.unlock()
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
