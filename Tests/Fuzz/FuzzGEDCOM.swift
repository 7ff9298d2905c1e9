import FamilyLayout
import FamilyModel

/// libFuzzer entry point: any bytes read as GEDCOM must import or fail with a message,
/// never crash or hang; what imports must lay out with one primary box per person and
/// hold the layout's rules (`trapUnlessTheLayoutHoldsItsRules`: whole, and from the person
/// with the most unions), and so must its ancestor and hourglass charts (of the default
/// focus and of that person).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGEDCOM(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let family: FamilyImport
    do {
        family = try FamilyImport(bytes: bytes, source: "fuzz.ged")
    } catch {
        _ = error.description
        return 0
    }
    for warning in family.warnings { _ = warning.description }
    let graph = family.graph
    guard graph.count <= 5_000 else { return 0 }
    let hub = graph.persons.indices.max { graph.unionsOf[$0].count < graph.unionsOf[$1].count }!
    for layout in [ChartLayout(), ChartLayout(request: .descendants(.init(root: hub, generations: 3)))] {
        let scene = layout.scene(for: graph)
        if layout.drawsWholeFamily {
            precondition(scene.persons.filter { !$0.isReference }.count == graph.count, "one primary box per person")
        }
        trapUnlessTheLayoutHoldsItsRules(layout, scene)
    }
    for focus in [nil, hub] {
        for request in [ChartRequest.ancestors(.init(focus: focus, showsSiblings: true, numbering: .sosa)),
                        .hourglass(.init(focus: focus, descendantGenerations: 4, showsSiblings: true))] {
            let layout = ChartLayout(request: request)
            trapUnlessTheLayoutHoldsItsRules(layout, layout.scene(for: graph))
        }
    }
    return 0
}
