// Compiled into the FamilyBatch module by scripts/fuzz (it uses the manifest reader's internals).
import FamilyModel
import Foundation

private let manifestPath = NSTemporaryDirectory() + "familychart-fuzz-manifest-\(getpid()).jsonl"

/// libFuzzer entry point: any bytes as a batch manifest must give items, each either
/// usable (an input and an output) or failed with a one-line message; the count pass
/// and the item pass must agree; a usable item must survive the trip to a worker
/// process unchanged; no message may carry a raw control character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard (try? data.write(to: URL(fileURLWithPath: manifestPath))) != nil else { return 0 }
    let source = BatchSource.manifest(path: manifestPath)
    guard let total = try? source.count(), let items = try? source.items(reserving: ["report.json"]) else { return 0 }
    var seen = 0
    for item in IteratorSequence(items) {
        if item.index != seen { fatalError("item \(seen) came with index \(item.index)") }
        seen += 1
        if let problem = item.problem {
            if problem.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                fatalError("a message with a raw control character: \(problem.debugDescription)")
            }
            continue
        }
        if item.input.isEmpty || item.output.isEmpty { fatalError("a usable item without input or output") }
        let line = WorkerProtocol.encode(item)
        guard let back = WorkerProtocol.decodeItem(Array(line.dropLast())) else { fatalError("a worker could not read \(item)") }
        if back.index != item.index || back.id != item.id || back.input != item.input || back.output != item.output
            || back.options.format != item.options.format || back.options.size != item.options.size
            || (back.options.scale ?? 0) != (item.options.scale ?? 0) {
            fatalError("the worker read \(back) for \(item)")
        }
    }
    if seen != total { fatalError("count() said \(total), the items were \(seen)") }
    return 0
}
