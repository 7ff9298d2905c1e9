import FamilyModel
import Foundation

/// Streams per-item results into a JSON report as they arrive, so the report never holds
/// the whole batch in memory. It is written to a temporary file and moved into place by
/// `finish`, like every other output:
///
///     {"items": [{"index": 0, "id": "…", "input": "…", "output": "…", "status": "ok",
///                 "persons": 57, "warnings": 0, "seconds": 0.012}, …],
///      "summary": {"ok": 998, "skipped": 0, "failed": 2, "seconds": 12.3}}
///
/// `items` are in completion order; `index` is the position in the source.
public final class BatchReportWriter: @unchecked Sendable {  // every mutation holds `lock`
    private let lock = NSLock()
    private let path: String
    private let temporary: String
    private let handle: FileHandle
    private var count = 0

    public init(path: String) throws(BatchError) {
        self.path = path
        temporary = AtomicFile(path: path).temporaryPath()
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw .cannotWriteReport(path: path, reason: "cannot create a file there")
        }
        self.handle = handle
        handle.write(Data(#"{"items": ["#.utf8))
    }

    deinit {
        try? handle.close()
        unlink(temporary)  // a no-op once finished (the file was renamed)
    }

    public func add(_ result: BatchResult) {
        lock.lock()
        defer { lock.unlock() }
        var entry: [String] = [
            #""index": \#(result.item.index)"#,
            #""id": \#(jsonString(result.item.id))"#,
            #""input": \#(jsonString(result.item.input))"#,
            #""output": \#(jsonString(result.item.output))"#,
            #""status": "\#(result.status.rawValue)""#,
        ]
        if let message = result.message { entry.append(#""message": \#(jsonString(message))"#) }
        if let persons = result.persons { entry.append(#""persons": \#(persons)"#) }
        entry.append(#""warnings": \#(result.warnings)"#)
        entry.append(#""seconds": \#(String(format: "%.4f", result.seconds))"#)
        handle.write(Data(((count == 0 ? "\n" : ",\n") + "  {" + entry.joined(separator: ", ") + "}").utf8))
        count += 1
    }

    /// Writes the summary and moves the report into place.
    public func finish(_ summary: BatchSummary) throws(BatchError) {
        lock.lock()
        defer { lock.unlock() }
        let tail = "\n], \"summary\": {\"ok\": \(summary.ok), \"skipped\": \(summary.skipped), \"failed\": \(summary.failed), "
            + "\"seconds\": \(String(format: "%.3f", summary.seconds))}}\n"
        handle.write(Data(tail.utf8))
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .cannotWriteReport(path: path, reason: "\(error)")
        }
        guard rename(temporary, path) == 0 else {
            throw .cannotWriteReport(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private func jsonString(_ text: String) -> String { JSONString.quote(text) }
}
