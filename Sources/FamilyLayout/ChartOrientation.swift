/// Which way a chart's generations run (`--orientation`).
///
/// A turned chart is laid out top-down in a space where a box is as wide as it really is
/// tall and as tall as it really is wide (so a row's extent across generations is the real
/// box width), then the scene is transposed (x ↔ y) and mirrored as asked: boxes come back
/// to their real size, text stays horizontal, connectors and couple bars turn with the
/// geometry, and every rule of the top-down layout holds turned.
public enum ChartOrientation: String, Sendable, NamedCases {
    /// Generations are rows, the older above (an ancestor chart: the focus at the bottom).
    case topDown = "top-down"
    /// Generations are columns, the older on the left; an ancestor chart has the focus on
    /// the left and its ancestors to the right, as pedigree charts are printed.
    case leftRight = "left-right"
    /// Rows, the older below (an ancestor chart: the focus on top).
    case bottomUp = "bottom-up"
    /// Columns, the older on the right (an ancestor chart: the focus on the right).
    case rightLeft = "right-left"

    /// Whether generations are columns.
    public var isTurned: Bool { self == .leftRight || self == .rightLeft }

    /// Whether the scene is mirrored left to right after the transposition (or, for
    /// `bottomUp`, top to bottom without one).
    func mirrors(_ chart: ChartKind) -> Bool {
        switch self {
        case .topDown: false
        case .bottomUp: true
        case .leftRight: chart == .ancestors
        case .rightLeft: chart != .ancestors
        }
    }
}

extension LayoutStyle {
    /// The style to lay out a turned chart with: box width and height exchanged, boxes
    /// not grown to their names (that would grow their real height).
    public var turned: LayoutStyle {
        var style = self
        (style.boxWidth, style.boxHeight) = (boxHeight, boxWidth)
        style.maximumBoxWidth = style.boxWidth
        return style
    }
}

extension Scene {
    /// This top-down scene in `orientation` (see `ChartOrientation`). Marriage labels are
    /// left out of turned charts: their room above a couple has no turned counterpart.
    public func oriented(_ orientation: ChartOrientation) -> Scene {
        var scene = self
        if orientation.isTurned { scene = scene.transposed() }
        if orientation.mirrors(chart) { scene = orientation.isTurned ? scene.mirroredX() : scene.mirroredY() }
        return scene
    }

    /// A scene drawn in `orientation` brought back to the top-down frame it was laid out
    /// in (boxes at their laid-out size): the same checks apply to it as to any top-down scene.
    public func turnedBack(from orientation: ChartOrientation) -> Scene {
        var scene = self
        if orientation.mirrors(chart) { scene = orientation.isTurned ? scene.mirroredX() : scene.mirroredY() }
        if orientation.isTurned { scene = scene.transposed() }
        return scene
    }

    /// x ↔ y everywhere.
    func transposed() -> Scene {
        mapped(point: { Point($0.y, $0.x) }, rect: { ($0.y, $0.x, $0.height, $0.width) }, size: (height, width))
    }

    /// Left ↔ right.
    func mirroredX() -> Scene {
        mapped(point: { Point(self.width - $0.x, $0.y) }, rect: { (self.width - $0.x - $0.width, $0.y, $0.width, $0.height) }, size: (width, height))
    }

    /// Top ↔ bottom.
    func mirroredY() -> Scene {
        mapped(point: { Point($0.x, self.height - $0.y) }, rect: { ($0.x, self.height - $0.y - $0.height, $0.width, $0.height) }, size: (width, height))
    }

    private typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    /// Every coordinate of the scene through `point` (polylines) and `rect` (boxes, label
    /// rooms, frames), the page `size` given.
    private func mapped(point: (Point) -> Point, rect: (Rect) -> Rect, size: (Double, Double)) -> Scene {
        var scene = self
        (scene.width, scene.height) = size
        for b in scene.persons.indices {
            let box = scene.persons[b]
            (scene.persons[b].x, scene.persons[b].y, scene.persons[b].width, scene.persons[b].height) = rect((box.x, box.y, box.width, box.height))
        }
        for k in scene.coupleBars.indices {
            scene.coupleBars[k].points = scene.coupleBars[k].points.map(point)
            scene.coupleBars[k].hang = point(scene.coupleBars[k].hang)
            scene.coupleBars[k].label = nil
        }
        for k in scene.connectors.indices { scene.connectors[k].points = scene.connectors[k].points.map(point) }
        for k in scene.rowLabels.indices {
            let l = scene.rowLabels[k]
            (scene.rowLabels[k].x, scene.rowLabels[k].y, scene.rowLabels[k].width, scene.rowLabels[k].height) = rect((l.x, l.y, l.width, l.height))
        }
        for k in scene.partFrames.indices {
            let f = scene.partFrames[k]
            (scene.partFrames[k].x, scene.partFrames[k].y, scene.partFrames[k].width, scene.partFrames[k].height) = rect((f.x, f.y, f.width, f.height))
        }
        return scene
    }
}

extension Scene {
    /// Moves every box, bar and line by (dx, dy).
    mutating func shift(dx: Double, dy: Double) {
        for i in persons.indices {
            persons[i].x += dx
            persons[i].y += dy
        }
        for i in coupleBars.indices {
            coupleBars[i].points = coupleBars[i].points.map { Point($0.x + dx, $0.y + dy) }
            coupleBars[i].hang = Point(coupleBars[i].hang.x + dx, coupleBars[i].hang.y + dy)
        }
        for i in connectors.indices { connectors[i].points = connectors[i].points.map { Point($0.x + dx, $0.y + dy) } }
        for i in rowLabels.indices {
            rowLabels[i].x += dx
            rowLabels[i].y += dy
        }
        for i in partFrames.indices {
            partFrames[i].x += dx
            partFrames[i].y += dy
        }
    }
}
