import FamilyLayout
import FamilyModel

/// libFuzzer entry point: whatever imports must lay out with no overlapping boxes in a
/// row and one box per person; a violation traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let family = try? FamilyImport(json: bytes, source: "<fuzz>"), family.graph.count <= 5_000 else { return 0 }
    for algorithm in PlacementAlgorithm.allCases {
        let scene = ChartLayout(algorithm: algorithm).scene(for: family.graph)
        precondition(scene.persons.count == family.graph.count, "one box per person")
        var rows: [Double: [PersonBox]] = [:]
        for box in scene.persons { rows[box.y, default: []].append(box) }
        for row in rows.values {
            let sorted = row.sorted { $0.x < $1.x }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                precondition(b.x >= a.maxX - 1e-6, "boxes \(a.id) and \(b.id) overlap")
            }
        }
        precondition(scene.width.isFinite && scene.height.isFinite && scene.width > 0, "finite page")
    }
    return 0
}
