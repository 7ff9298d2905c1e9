import FamilyModel

/// Generation labels in the margins of a chart that sends its reader to "see generation N":
/// each row of each part gets "Gen N" (the number a reference names), with the span of its
/// persons' birth years where any are dated ("Gen 12 · 1840–1875"), left of the part's
/// boxes, and right of them too when the part is wider than `bothSidesWidth`. The layout
/// makes room for them: a family chart's parts grow by the label column before they are
/// packed; other charts move right by it.
enum RowLabels {
    /// The room for a label's text (two short lines at the painter's label size).
    static let textWidth = 64.0
    /// Between the label and the part's first (or last) box.
    static let gap = 12.0
    /// What one side's labels add to a part's width.
    static var column: Double { textWidth + gap }
    /// A part wider than this is labelled on both sides (a wall chart is read from both ends).
    static let bothSidesWidth = 3000.0

    /// Whether a scene's references send the reader to a generation row.
    static func areNeeded(_ persons: [PersonBox]) -> Bool {
        persons.contains { $0.isReference && ($0.detail?.contains(SceneBuilder.referencePrefix) ?? false) }
    }

    /// The label's words for row `generation` whose dated births span `years`.
    static func text(generation: Int, years: ClosedRange<Int>?) -> String {
        let gen = "Gen \(generation + 1)"
        guard let years else { return gen }
        func year(_ y: Int) -> String { y < 0 ? "\(-y) BC" : "\(y)" }  // 990 BC is -990
        return years.lowerBound == years.upperBound ? "\(gen) · \(year(years.lowerBound))"
            : "\(gen) · \(year(years.lowerBound))–\(year(years.upperBound))"
    }

    /// One label per row of each part in `sides` (the x where its left label's room begins,
    /// and where its right one begins, if any): as tall as the row's boxes, with the birth
    /// years of its own (not reference) boxes; `birthYear` gives a scene box's.
    /// - Complexity: O(n log n) for n boxes.
    static func labels(persons: [PersonBox], sides: [Int: (left: Double, right: Double?)], skipping: Set<Int> = [],
                       birthYear: (Int) -> Int?) -> [RowLabel] {
        struct Row { var top = Double.infinity, bottom = -Double.infinity, first: Int?, last: Int? }
        var rows: [Int: [Int: Row]] = [:]
        for (b, box) in persons.enumerated() where sides[box.part] != nil {
            var row = rows[box.part, default: [:]][box.generation, default: Row()]
            if !skipping.contains(b) {  // a stacked box below its row still counts its birth year
                row.top = min(row.top, box.y)
                row.bottom = max(row.bottom, box.maxY)
            }
            if !box.isReference, let year = birthYear(b) {
                row.first = min(row.first ?? year, year)
                row.last = max(row.last ?? year, year)
            }
            rows[box.part, default: [:]][box.generation] = row
        }
        var labels: [RowLabel] = []
        for part in rows.keys.sorted() {
            let side = sides[part]!
            for (generation, row) in rows[part]!.sorted(by: { $0.key < $1.key }) {
                let years = row.first.map { $0...row.last! }
                let text = text(generation: generation, years: years)
                for x in [side.left] + (side.right.map { [$0] } ?? []) {
                    labels.append(RowLabel(part: part, generation: generation, text: text, x: x, y: row.top, width: textWidth,
                                           height: row.bottom - row.top))
                }
            }
        }
        return labels
    }
}

extension Scene {
    /// The scene with row labels, when its references name generations (see `RowLabels`):
    /// everything moves right by the label column, and the page grows by one column, or
    /// two when the chart is wider than `RowLabels.bothSidesWidth`. For a chart whose boxes
    /// of one part and generation share a row (descendant, ancestor and hourglass charts);
    /// the family chart makes room per part before packing instead.
    func labellingRows(graph: FamilyGraph, margin: Double) -> Scene {
        guard rowLabels.isEmpty, RowLabels.areNeeded(persons) else { return self }
        var rowY: [Int: [Int: Double]] = [:]
        for box in persons {
            if let y = rowY[box.part]?[box.generation] {
                guard y == box.y else { return self }  // rows not drawn as rows: nothing to label
            } else {
                rowY[box.part, default: [:]][box.generation] = box.y
            }
        }
        var scene = self
        let bothSides = width - 2 * margin > RowLabels.bothSidesWidth
        scene.shift(dx: RowLabels.column, dy: 0)
        let right = bothSides ? width + RowLabels.column - margin + RowLabels.gap : nil
        scene.width += RowLabels.column * (bothSides ? 2 : 1)
        var index: [String: Int] = [:]
        for (p, person) in graph.persons.enumerated() where index[person.id] == nil { index[person.id] = p }
        let sides = Dictionary(uniqueKeysWithValues: Set(persons.map(\.part)).map { ($0, (left: margin, right: right)) })
        scene.rowLabels = RowLabels.labels(persons: scene.persons, sides: sides) { b in
            index[scene.persons[b].id].flatMap { graph.persons[$0].birthDate?.year }
        }
        return scene
    }
}
