import FamilyLayout
import FamilyModel

/// libFuzzer entry point: whatever imports must lay out with no overlapping boxes in a
/// row, one primary box per person and reference boxes only for persons drawn; a
/// violation traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let family = try? FamilyImport(json: bytes, source: "<fuzz>"), family.graph.count <= 5_000 else { return 0 }
    for algorithm in [ChartRequest.family, .descendants(.init()), .descendants(.init(placement: .columns))] {
        let scene = ChartLayout(request: algorithm).scene(for: family.graph)
        let primary = scene.persons.filter { !$0.isReference }
        let drawn = Set(primary.map(\.id))
        precondition(primary.count == family.graph.count && drawn.count == primary.count, "one primary box per person")
        precondition(scene.persons.allSatisfy { drawn.contains($0.id) }, "a reference names a person drawn elsewhere")
        trapUnlessSceneIsSound(scene)
    }
    // Ancestor and hourglass charts of the default focus and of the last person.
    for focus in [nil, family.graph.count - 1] {
        for request in [ChartRequest.ancestors(.init(focus: focus, showsSiblings: true)),
                        .hourglass(.init(focus: focus, showsSiblings: true))] {
            let scene = ChartLayout(request: request).scene(for: family.graph)
            trapUnlessSceneIsSound(scene)
            trapUnlessEveryoneStandsOnce(scene)
        }
    }
    return 0
}
