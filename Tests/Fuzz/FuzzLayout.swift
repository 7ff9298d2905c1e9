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
        trapUnlessSceneIsSound(scene)
    }
    return 0
}
