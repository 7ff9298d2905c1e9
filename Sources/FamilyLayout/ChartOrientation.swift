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
    /// This top-down scene in `orientation` (see `ChartOrientation`), through
    /// `mapGeometry`. Marriage labels are left out of every chart not drawn top-down: their
    /// room above a couple has no counterpart there.
    public func oriented(_ orientation: ChartOrientation) -> Scene {
        guard orientation != .topDown else { return self }
        let mirrors = orientation.mirrors(chart)
        return mapGeometry(SceneGeometryMap(transposes: orientation.isTurned, mirrorsX: mirrors && orientation.isTurned,
                                            mirrorsY: mirrors && !orientation.isTurned)).withoutBarLabels
    }

    /// A scene drawn in `orientation` brought back to the top-down frame it was laid out
    /// in (boxes at their laid-out size): the same checks apply to it as to any top-down scene.
    public func turnedBack(from orientation: ChartOrientation) -> Scene {
        guard orientation != .topDown else { return self }
        // Mirrored left to right before transposing is mirrored top to bottom after it.
        return mapGeometry(SceneGeometryMap(transposes: orientation.isTurned, mirrorsY: orientation.mirrors(chart))).withoutBarLabels
    }

    private var withoutBarLabels: Scene {
        var scene = self
        for k in scene.coupleBars.indices { scene.coupleBars[k].label = nil }
        return scene
    }

    /// Moves everything on the page by (dx, dy) (`mapGeometry`); the page keeps its size.
    mutating func shift(dx: Double, dy: Double) {
        self = mapGeometry(.shift(dx: dx, dy: dy))
    }
}
