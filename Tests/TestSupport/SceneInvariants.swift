import FamilyLayout

/// The geometric rules every chart must obey, checked on the scene graph. Each returned
/// string describes one violation; an empty result means the scene is correct.
public struct SceneInvariants {
    public let scene: Scene
    public let style: LayoutStyle
    /// Allowed error for "centred" and "ends at", in points.
    public var tolerance = 0.01

    public init(scene: Scene, style: LayoutStyle = LayoutStyle()) {
        self.scene = scene
        self.style = style
    }

    public func violations() -> [String] {
        var found: [String] = []
        let boxes = Dictionary(uniqueKeysWithValues: scene.persons.map { ($0.id, $0) })
        let rows = Dictionary(grouping: scene.persons, by: \.y).mapValues { $0.sorted { $0.x < $1.x } }
        let minimumGap = min(style.coupleGap, style.siblingGap)

        // Inside the page.
        for box in scene.persons where box.x < -tolerance || box.y < -tolerance
            || box.maxX > scene.width + tolerance || box.maxY > scene.height + tolerance {
            found.append("box \(box.id) lies outside the \(scene.width)×\(scene.height) page")
        }
        // One y per generation, rows ordered by generation.
        let generationY = Dictionary(grouping: scene.persons, by: \.generation).mapValues { Set($0.map(\.y)) }
        for (generation, ys) in generationY where ys.count != 1 {
            found.append("generation \(generation) spans \(ys.count) rows")
        }
        let ordered = generationY.sorted { $0.key < $1.key }.compactMap(\.value.first)
        if ordered != ordered.sorted() { found.append("generation rows are not in generation order") }
        // No overlap, minimum gap.
        for row in rows.values {
            for (a, b) in zip(row, row.dropFirst()) where b.x < a.maxX + minimumGap - tolerance {
                found.append("boxes \(a.id) and \(b.id) are closer than \(minimumGap) pt (gap \(b.x - a.maxX))")
            }
        }
        // Spouses adjacent, bar between the facing edges.
        for bar in scene.coupleBars {
            guard bar.ids.count == 2, let left = boxes[bar.ids[0]], let right = boxes[bar.ids[1]] else {
                found.append("couple bar \(bar.ids) names unknown boxes")
                continue
            }
            let row = rows[left.y] ?? []
            let position = row.firstIndex { $0.id == left.id }
            if left.y != right.y || position == nil || position! + 1 >= row.count || row[position! + 1].id != right.id {
                found.append("spouses \(left.id) and \(right.id) are not side by side")
            }
            if abs(bar.x1 - left.maxX) > tolerance || abs(bar.x2 - right.x) > tolerance
                || abs(bar.y - (left.y + left.height / 2)) > tolerance {
                found.append("couple bar \(bar.ids) does not join the facing box edges")
            }
        }
        let bars = Dictionary(scene.coupleBars.map { ($0.ids, $0) }, uniquingKeysWith: { a, _ in a })
        // Connectors start at the parent unit, end at the child's top centre, stay orthogonal
        // and never cross a box.
        var treeChildren: [[String]: [PersonBox]] = [:]
        for connector in scene.connectors {
            guard let child = boxes[connector.child], let first = connector.points.first, let last = connector.points.last else {
                found.append("connector to \(connector.child) is empty or names an unknown box")
                continue
            }
            let start: Point
            if connector.parents.count == 2, let bar = bars[connector.parents] {
                start = Point(bar.midX, bar.y)
            } else if connector.parents.count == 1, let parent = boxes[connector.parents[0]] {
                start = Point(parent.centerX, parent.maxY)
            } else {
                found.append("connector to \(connector.child) names parents \(connector.parents) that are no unit")
                continue
            }
            if distance(first, start) > tolerance { found.append("connector \(connector.parents)→\(child.id) does not start at the parent unit") }
            if distance(last, Point(child.centerX, child.y)) > tolerance {
                found.append("connector \(connector.parents)→\(child.id) does not end at the child's top centre")
            }
            for (p, q) in zip(connector.points, connector.points.dropFirst()) {
                if abs(p.x - q.x) > 1e-9 && abs(p.y - q.y) > 1e-9 {
                    found.append("connector \(connector.parents)→\(child.id) has a diagonal segment")
                }
                for box in scene.persons where segment(p, q, entersInteriorOf: box) {
                    found.append("connector \(connector.parents)→\(child.id) passes through box \(box.id)")
                }
            }
            if let parentBox = boxes[connector.parents[0]], child.generation != parentBox.generation + 1 {
                found.append("connector \(connector.parents)→\(child.id) skips a generation")
            }
            if !connector.crossLink { treeChildren[connector.parents, default: []].append(child) }
        }
        // Parent units centred over their first and last child boxes.
        for (parents, children) in treeChildren {
            let anchor: Double
            if parents.count == 2, let bar = bars[parents] { anchor = bar.midX } else if let parent = boxes[parents[0]] {
                anchor = parent.centerX
            } else { continue }
            let centres = children.map(\.centerX)
            let midpoint = (centres.min()! + centres.max()!) / 2
            if abs(anchor - midpoint) > tolerance {
                found.append("parents \(parents) are off centre by \(anchor - midpoint) pt over their children")
            }
        }
        return found
    }

    private func distance(_ a: Point, _ b: Point) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }

    /// Whether an axis-parallel segment enters the open interior of a box.
    private func segment(_ p: Point, _ q: Point, entersInteriorOf box: PersonBox) -> Bool {
        let e = 1e-6
        let (x0, x1) = (min(p.x, q.x), max(p.x, q.x))
        let (y0, y1) = (min(p.y, q.y), max(p.y, q.y))
        return x1 > box.x + e && x0 < box.maxX - e && y1 > box.y + e && y0 < box.maxY - e
    }
}
