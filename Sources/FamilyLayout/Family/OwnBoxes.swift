import FamilyModel

/// Every person's own box of a family chart, made before the chart is placed (a big chart
/// makes them on a second thread while its passes run, `FamilyChart`), for the first scene
/// built to take whole: box `p` is person `p`'s, named and with its life detail, as
/// `SceneWriter.addBox` makes it; its row, place, size, part and branch are set as the
/// scene is built (`PersonBox.place`).
///
/// A class, so that the boxes are handed over rather than shared: the scene that takes
/// them holds the only reference, and fills them in place without copying a box (a shared
/// array would be copied, each box's strings retained, on its first change).
final class OwnBoxes {
    private var boxes: [PersonBox]?

    /// Makes every person's own box of `graph` in `style`.
    /// - Complexity: O(n) for n persons.
    init(of graph: FamilyGraph, style: LayoutStyle) {
        var boxes: [PersonBox] = []
        boxes.reserveCapacity(graph.count)
        for p in 0..<graph.count {
            boxes.appendBox(person: p, of: graph, style: style, generation: 0, x: 0, y: 0, width: style.boxWidth,
                            detail: SceneBuilder.lifeDetail(of: p, graph: graph, style: style), isReference: false)
        }
        self.boxes = boxes
    }

    /// The boxes, if no one took them before and they are `graph`'s; afterwards nil.
    func take(graph: FamilyGraph) -> [PersonBox]? {
        guard let taken = boxes, taken.count == graph.count else { return nil }
        boxes = nil
        return taken
    }
}
