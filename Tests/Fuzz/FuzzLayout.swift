import FamilyLayout
import FamilyModel

/// libFuzzer entry point: whatever imports must lay out with one primary box per person
/// and hold the layout's rules (`trapUnlessTheLayoutHoldsItsRules`); a violation traps,
/// which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let family = try? FamilyImport(json: bytes, source: "<fuzz>"), family.graph.count <= 5_000 else { return 0 }
    for algorithm in [ChartRequest.family, .descendants(.init()), .descendants(.init(placement: .columns))] {
        let layout = ChartLayout(request: algorithm)
        let scene = layout.scene(for: family.graph)
        let primary = scene.persons.filter { !$0.isReference }
        let drawn = Set(primary.map(\.id))
        precondition(primary.count == family.graph.count && drawn.count == primary.count, "one primary box per person")
        precondition(scene.persons.allSatisfy { drawn.contains($0.id) }, "a reference names a person drawn elsewhere")
        trapUnlessTheLayoutHoldsItsRules(layout, scene)
    }
    // Ancestor and hourglass charts of the default focus and of the last person.
    for focus in [nil, family.graph.count - 1] {
        for request in [ChartRequest.ancestors(.init(focus: focus, showsSiblings: true)),
                        .hourglass(.init(focus: focus, showsSiblings: true))] {
            let layout = ChartLayout(request: request)
            trapUnlessTheLayoutHoldsItsRules(layout, layout.scene(for: family.graph))
        }
    }
    return 0
}
