import FamilyLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which boxes, couple bars, connectors, wedges and texts fall on each tile of a poster, so that each
/// sheet paints only its own part of the chart. Painting the whole chart on every sheet
/// cost sheets × persons (1,000 persons on A6: 581 sheets in 13 s).
///
/// Each mark is filed under every tile its bounds (padded for line widths) touch, found
/// from the regular tile grid, so building the index is linear in the marks and the
/// tiles they cover.
struct SheetIndex {
    private let columns: Int
    private var persons: [[Int]]
    private var bars: [[Int]]
    private var connectors: [[Int]]
    private var wedges: [[Int]]
    private var texts: [[Int]]

    /// How far a mark may reach beyond its points: line widths, round joins, divorce slashes.
    static let padding = 8.0

    /// Nil when `plan` is no poster.
    init?(scene: Scene, plan: PrintPlan) {
        guard plan.rows > 0, plan.columns > 0,
              let first = plan.pages.first(where: { if case .tile = $0.kind { true } else { false } }) else { return nil }
        self.init(scene: scene, rows: plan.rows, columns: plan.columns, tileWidth: first.chartRegion.width,
                  tileHeight: first.chartRegion.height, stepX: plan.tileStepX, stepY: plan.tileStepY)
    }

    /// The marks of `scene` on a grid of `rows` × `columns` tiles of `tileWidth` ×
    /// `tileHeight` points, `stepX` and `stepY` apart.
    init(scene: Scene, rows: Int, columns: Int, tileWidth width: Double, tileHeight height: Double, stepX: Double, stepY: Double) {
        self.columns = columns
        let tiles = rows * columns
        persons = Array(repeating: [], count: tiles)
        bars = Array(repeating: [], count: tiles)
        connectors = Array(repeating: [], count: tiles)
        wedges = Array(repeating: [], count: tiles)
        texts = Array(repeating: [], count: tiles)
        let columnCount = columns
        func file(_ index: Int, minX: Double, minY: Double, maxX: Double, maxY: Double, into lists: inout [[Int]]) {
            let x0 = minX - Self.padding, x1 = maxX + Self.padding, y0 = minY - Self.padding, y1 = maxY + Self.padding
            let firstColumn = max(0, Int(((x0 - width) / stepX).rounded(.down))), lastColumn = min(columnCount - 1, Int((x1 / stepX).rounded(.down)))
            let firstRow = max(0, Int(((y0 - height) / stepY).rounded(.down))), lastRow = min(rows - 1, Int((y1 / stepY).rounded(.down)))
            guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
            for row in firstRow...lastRow {
                let top = Double(row) * stepY
                guard top < y1, top + height > y0 else { continue }
                for column in firstColumn...lastColumn {
                    let left = Double(column) * stepX
                    if left < x1, left + width > x0 { lists[row * columnCount + column].append(index) }
                }
            }
        }
        func bounds(_ points: [Point]) -> (Double, Double, Double, Double)? {
            guard let p = points.first else { return nil }
            var b = (p.x, p.y, p.x, p.y)
            for q in points { b = (min(b.0, q.x), min(b.1, q.y), max(b.2, q.x), max(b.3, q.y)) }
            return b
        }
        for (i, box) in scene.persons.enumerated() {
            file(i, minX: box.x, minY: box.y, maxX: box.x + box.width, maxY: box.y + box.height, into: &persons)
        }
        for (i, bar) in scene.coupleBars.enumerated() {
            if let b = bounds(bar.points) { file(i, minX: b.0, minY: b.1, maxX: b.2, maxY: b.3, into: &bars) }
        }
        for (i, connector) in scene.connectors.enumerated() {
            if let b = bounds(connector.points) { file(i, minX: b.0, minY: b.1, maxX: b.2, maxY: b.3, into: &connectors) }
        }
        for (i, wedge) in scene.wedges.enumerated() {
            let b = wedge.bounds
            file(i, minX: b.x, minY: b.y, maxX: b.x + b.width, maxY: b.y + b.height, into: &wedges)
        }
        for (i, text) in scene.texts.enumerated() {
            let (middle, reach) = Self.reach(of: text)
            file(i, minX: middle.x - reach, minY: middle.y - reach, maxX: middle.x + reach, maxY: middle.y + reach, into: &texts)
        }
    }

    /// The middle of a text's baseline and how far the text may reach from it in any
    /// direction: half of a generous width (0.6 em a character) plus an em, whatever its angle.
    static func reach(of text: SceneText) -> (middle: Point, reach: Double) {
        let middle: Point
        switch text.path {
        case .line(let at, _): middle = at
        case .arc(let center, let radius, let angle, _):
            middle = Point(center.x + radius * cos(angle * Double.pi / 180), center.y + radius * sin(angle * Double.pi / 180))
        }
        return (middle, text.size * (0.3 * Double(text.text.count) + 1))
    }

    /// Whether tile `tile` (row × columns + column) shows nothing of the chart.
    func isBlank(tile: Int) -> Bool {
        persons[tile].isEmpty && bars[tile].isEmpty && connectors[tile].isEmpty && wedges[tile].isEmpty && texts[tile].isEmpty
    }

    /// What `page` shows of `scene`: a tile's own marks, in the same order, and every other
    /// field of the scene as it is; the whole scene on any other page (the overview).
    /// Indexes between the lists (a bar's boxes, a person's wedge) then no longer hold:
    /// painting does not read them.
    func part(of scene: Scene, on page: PrintPlan.Page) -> Scene {
        guard case .tile(let row, let column) = page.kind else { return scene }
        let tile = row * columns + column
        var shown = scene
        shown.persons = persons[tile].map { scene.persons[$0] }
        shown.coupleBars = bars[tile].map { scene.coupleBars[$0] }
        shown.connectors = connectors[tile].map { scene.connectors[$0] }
        shown.wedges = wedges[tile].map { scene.wedges[$0] }
        shown.texts = texts[tile].map { scene.texts[$0] }
        let region = page.chartRegion
        func touches(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Bool {
            x <= region.maxX && x + width >= region.x && y <= region.maxY && y + height >= region.y
        }
        shown.partFrames = scene.partFrames.filter { touches($0.x, $0.y, $0.width, $0.height) }
        let margin = page.chartClip.map { $0.x } ?? 0
        shown.rowLabels = scene.rowLabels.filter { touches($0.x, $0.y, $0.width, $0.height) }
            + Self.repeatedRowLabels(scene, region: region, margin: margin)
        return shown
    }

    /// The narrowest room a repeated row label needs ("1007–1050" at the label size).
    static let repeatedLabelWidth = 30.0
    /// A part reaching less than this into a sheet (its frame's padding) is not cut by it.
    static let minimumReach = 40.0

    /// The row labels a poster sheet showing `region` repeats in its left margin (the sheet's
    /// own, `margin` wide, outside the printed chart, so they never cover a box or a line):
    /// those of every labelled row the sheet cuts, that is whose part reaches from left of
    /// the sheet into it and whose own labels the sheet does not show. None when the margin
    /// is too narrow for them. They are the labels left of `region` (`x + width ≤ region.x`).
    static func repeatedRowLabels(_ scene: Scene, region: Box, margin: Double) -> [RowLabel] {
        guard !scene.rowLabels.isEmpty, margin - 4 >= repeatedLabelWidth else { return [] }
        // Each part's extent across: its frame, else from its left labels to its right ones
        // (or to the page's right margin when it has none).
        var extent: [Int: (min: Double, max: Double)] = [:]
        for label in scene.rowLabels {
            let e = extent[label.part] ?? (label.x, scene.width)
            extent[label.part] = (min(e.min, label.x), e.max)
        }
        var rightmost: [Int: Double] = [:]
        for label in scene.rowLabels where label.x > extent[label.part]!.min {
            rightmost[label.part] = max(rightmost[label.part] ?? 0, label.x + label.width)
        }
        for (part, right) in rightmost { extent[part]!.max = right }
        for frame in scene.partFrames where extent[frame.part] != nil { extent[frame.part] = (frame.x, frame.x + frame.width) }
        var seen = Set(scene.rowLabels.filter { $0.x >= region.x && $0.x + $0.width <= region.maxX }.map { [$0.part, $0.generation] })
        var repeated: [RowLabel] = []
        for label in scene.rowLabels where label.y < region.maxY && label.y + label.height > region.y {
            guard let e = extent[label.part], e.min < region.x, e.max > region.x + minimumReach,
                  seen.insert([label.part, label.generation]).inserted else { continue }  // shown here already, or repeated
            var copy = label
            copy.x = region.x - margin + 2
            copy.width = margin - 4
            repeated.append(copy)
        }
        return repeated
    }
}
