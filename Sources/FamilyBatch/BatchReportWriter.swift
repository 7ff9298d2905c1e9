import FamilyModel
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams per-item results into a JSON report as they arrive, so the report never holds
/// the whole batch in memory. It is written like every other output (`AtomicFile`): a
/// regular file goes to a temporary moved into place by `finish`, `-` is standard output.
///
///     {"items": [{"index": 0, "id": "…", "input": "…", "output": "…", "status": "ok",
///                 "persons": 57, "warnings": 0, "seconds": 0.012}, …],
///      "summary": {"ok": 998, "skipped": 0, "failed": 2, "seconds": 12.3}}
///
/// `items` are in completion order; `index` is the position in the source. An
/// interrupted batch's summary also has `"interrupted": "SIGTERM"` (or `SIGINT`).
public final class BatchReportWriter: @unchecked Sendable {  // every mutation holds `lock`
    private let lock = Lock()
    public let path: String
    private let output: PendingOutput
    private var count = 0
    private var finished = false
    /// The first write error; reported by `finish`.
    private var failure: OutputError?

    public init(path: String) throws(BatchError) {
        self.path = path
        // The report's folder is swept of stale temporaries like every output folder (a
        // batch killed with SIGKILL leaves its report's behind).
        if StaleTemporarySweep.isPlainPath(path) { StaleTemporarySweep.removeOnce(forOutput: path) }
        do { output = try PendingOutput(path: path) } catch {
            throw .cannotWriteReport(path: path, reason: Self.reason(error))
        }
        append(#"{"items": ["#)
    }

    public func add(_ result: BatchResult) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
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
        entry.append(#""seconds": \#(printfFormatted("%.4f", result.seconds))"#)
        append((count == 0 ? "\n" : ",\n") + "  {" + entry.joined(separator: ", ") + "}")
        count += 1
    }

    /// Writes the summary and moves the report into place. `interruptedBy` names the
    /// signal that stopped the batch early, if one did. Later calls do nothing.
    public func finish(_ summary: BatchSummary, interruptedBy signal: String? = nil) throws(BatchError) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        var tail = "\n], \"summary\": {\"ok\": \(summary.ok), \"skipped\": \(summary.skipped), \"failed\": \(summary.failed), "
            + "\"seconds\": \(printfFormatted("%.3f", summary.seconds))"
        if let signal { tail += ", \"interrupted\": \(jsonString(signal))" }
        append(tail + "}}\n")
        do throws(OutputError) {
            if let failure { throw failure }
            try output.commit()
        } catch {
            output.discard()
            throw .cannotWriteReport(path: path, reason: Self.reason(error))
        }
    }

    private func append(_ text: String) {
        guard failure == nil else { return }
        do throws(OutputError) { try output.write(Array(text.utf8)) } catch { failure = error }
    }

    /// The part of an output error after the path (the report's own error names it).
    private static func reason(_ error: OutputError) -> String {
        switch error {
        case .cannotCreate(_, let reason), .cannotWrite(_, let reason), .cannotReplace(_, let reason), .refused(_, let reason):
            return reason
        }
    }

    private func jsonString(_ text: String) -> String { JSONString.quote(text) }
}
