import FamilyModel

/// Figures that say whether a chart prints well, measured on its scene: how compact each
/// part is, how much of the page the boxes cover, whether full siblings stand in birth
/// order, whether lines of different families keep apart, and whether separate parts
/// read as separate. `familychart layout --statistics` prints them; the scene tests
/// assert them on every shared data set.
public struct ChartMetrics: Sendable {
    /// The widest part's width divided by the width its widest row needs (that row's boxes
    /// side by side with the chart's smallest gap): 1 is as narrow as the rows allow.
    public var widthRatio: Double
    /// The part with that ratio.
    public var widestPart: Int
    /// Each part's ratio, by part number (parts of one box count 1).
    public var partWidthRatios: [Int: Double]
    /// Share of the page covered by boxes (0…1).
    public var coverage: Double
    /// Pairs of dated full siblings (children of one union, born on different dates)
    /// whose boxes stand right to left against their births, and all such pairs.
    public var siblingPairsOutOfOrder: Int
    public var datedSiblingPairs: Int
    /// A few of the families with siblings out of order, as "parents: children as drawn".
    public var siblingOrderExamples: [String]
    /// Places where lines of two different families come nearer than `separation`.
    public var closeLines: [CloseLines]
    /// Pairs of parts stacked with less than a row pitch between them.
    public var closeParts: [(upper: Int, lower: Int, gap: Double)]

    /// The clear distance two families' lines keep (the line's own width not counted).
    public static let separation = 5.0

    /// Two pieces of line of different families (their parents' boxes) too near each other.
    public struct CloseLines: Sendable, Equatable, CustomStringConvertible {
        /// The two families, as the ids of their parents.
        public var families: [[String]]
        public var at: Point
        /// Clear distance between the two pieces, in points.
        public var distance: Double
        public var description: String {
            "lines of \(families[0].joined(separator: "+")) and \(families[1].joined(separator: "+")) "
                + "\(distance < 0.005 ? "touch" : "are \((distance * 10).rounded() / 10) pt apart") at (\(Int(at.x)), \(Int(at.y)))"
        }
    }

    /// Measures `scene`, drawn from `graph` (for birth dates and unions), with `style`'s gaps
    /// and a line `lineWidth` wide.
    public init(scene: Scene, graph: FamilyGraph?, style: LayoutStyle = LayoutStyle(), lineWidth: Double = 1) {
        let persons = scene.persons
        let ratios = Self.partWidthRatios(scene: scene, style: style)
        partWidthRatios = ratios
        let widest = ratios.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        widthRatio = widest?.value ?? 1
        widestPart = widest?.key ?? 0
        let area = scene.width * scene.height
        coverage = area > 0 ? persons.reduce(0) { $0 + $1.width * $1.height } / area : 0
        (siblingPairsOutOfOrder, datedSiblingPairs, siblingOrderExamples) = graph.map { Self.siblingOrder(scene: scene, graph: $0) } ?? (0, 0, [])
        closeLines = LineSeparation(scene: scene, minimum: Self.separation + lineWidth, verticalReach: style.rowGap).violations()
        closeParts = Self.closeParts(scene: scene, minimumGap: style.rowGap + style.boxHeight - 0.01)
    }

    /// Each part's width divided by the width its widest row needs (that row's boxes side
    /// by side with `style`'s smallest gap), by part number.
    public static func partWidthRatios(scene: Scene, style: LayoutStyle = LayoutStyle()) -> [Int: Double] {
        let persons = scene.persons
        var ratios: [Int: Double] = [:]
        let smallestGap = min(style.coupleGap, style.siblingGap)
        for (part, members) in Dictionary(grouping: persons.indices, by: { persons[$0].part }) {
            let rows = Dictionary(grouping: members, by: { persons[$0].y })
            let needed = rows.values.map { row in row.reduce(0) { $0 + persons[$1].width } + Double(row.count - 1) * smallestGap }.max() ?? 0
            let low = members.map { persons[$0].x }.min() ?? 0, high = members.map { persons[$0].maxX }.max() ?? 0
            ratios[part] = needed > 0 ? (high - low) / needed : 1
        }
        return ratios
    }

    /// Inversions of birth order among the boxes each union's lines reach.
    static func siblingOrder(scene: Scene, graph: FamilyGraph) -> (outOfOrder: Int, pairs: Int, examples: [String]) {
        var index: [String: Int] = [:]
        for (i, person) in graph.persons.enumerated() { index[person.id] = i }
        // Where the box each (parents, child) line ends at stands, in reading order: x, then
        // y (a leaf stack's boxes share their x, top first).
        var childX: [[Int]: [Int: (x: Double, y: Double)]] = [:]
        for connector in scene.connectors {
            let parents = connector.parents.compactMap { index[$0] }.sorted()
            guard let child = index[connector.child], scene.persons.indices.contains(connector.childBox) else { continue }
            childX[parents, default: [:]][child] = (scene.persons[connector.childBox].centerX, scene.persons[connector.childBox].y)
        }
        var outOfOrder = 0, pairs = 0, examples: [String] = []
        for union in graph.unions where union.children.count > 1 && !union.partners.isEmpty {
            guard let xs = childX[union.partners.sorted()] else { continue }
            var dated: [(date: Int, x: (Double, Double), child: Int)] = []
            for child in union.children {
                if let date = graph.persons[child].birthDate?.value, let x = xs[child] { dated.append((date, x, child)) }
            }
            guard dated.count > 1 else { continue }
            dated.sort { ($0.date, $0.x.0, $0.x.1) < ($1.date, $1.x.0, $1.x.1) }
            // Pairs with different dates, and of those the ones whose x runs backwards.
            var sameDate = 0, run = 1
            for k in 1..<dated.count {
                if dated[k].date == dated[k - 1].date { run += 1 } else { sameDate += run * (run - 1) / 2; run = 1 }
            }
            sameDate += run * (run - 1) / 2
            pairs += dated.count * (dated.count - 1) / 2 - sameDate
            var rank = [Double](repeating: 0, count: dated.count)
            for (k, i) in dated.indices.sorted(by: { dated[$0].x < dated[$1].x }).enumerated() { rank[i] = Double(k) }
            let inverted = Self.inversions(rank)
            outOfOrder += inverted
            if inverted > 0 && examples.count < 5 {
                let drawn = dated.sorted { $0.x < $1.x }.map { "\(graph.persons[$0.child].id) (\($0.date))" }
                examples.append(union.partners.map { graph.persons[$0].id }.joined(separator: "+") + ": " + drawn.joined(separator: ", "))
            }
        }
        return (outOfOrder, pairs, examples)
    }

    /// Pairs i < j with values[i] > values[j], by merge sort.
    static func inversions(_ values: [Double]) -> Int {
        var a = values, buffer = values, count = 0, width = 1
        while width < a.count {
            var start = 0
            while start < a.count {
                let middle = min(start + width, a.count), end = min(start + 2 * width, a.count)
                var (i, j, k) = (start, middle, start)
                while i < middle || j < end {
                    if j >= end || (i < middle && a[i] <= a[j]) { buffer[k] = a[i]; i += 1 } else { buffer[k] = a[j]; j += 1; count += middle - i }
                    k += 1
                }
                start += 2 * width
            }
            swap(&a, &buffer)
            width *= 2
        }
        return count
    }

    /// Parts one of whose rows of boxes stands under a row of another's, overlapping it in x,
    /// closer than `minimumGap` (a row: the boxes of one part at one height, from the first
    /// to the last, a leaf stack's boxes under its first each a row of its own; `--compact`
    /// may stand a small part in the empty corner of a larger one, inside its bounding box
    /// but never under its boxes). Each pair of parts is named once,
    /// with the smallest gap; at most 20,000 rows are compared.
    /// - Complexity: O(r log r + p) for r rows and p pairs of rows less than `minimumGap` +
    ///   a row's height apart.
    static func closeParts(scene: Scene, minimumGap: Double) -> [(upper: Int, lower: Int, gap: Double)] {
        struct Row { var part: Int; var minX, maxX, minY, maxY: Double }
        struct Key: Hashable { var part: Int; var y: Double; var stack: Int }
        var rows: [Key: Row] = [:]
        var boxes: [Int: Int] = [:]
        // A leaf stack's boxes under its first are a column, not a row: each stands alone.
        var stackOf: [Int: Int] = [:]
        for (k, stack) in scene.leafStacks.enumerated() { for box in stack.boxes.dropFirst() { stackOf[box] = k } }
        for (index, box) in scene.persons.enumerated() {
            boxes[box.part, default: 0] += 1
            let key = Key(part: box.part, y: box.y, stack: stackOf[index] ?? -1)
            if var r = rows[key] {
                r.minX = min(r.minX, box.x); r.maxX = max(r.maxX, box.maxX); r.maxY = max(r.maxY, box.maxY)
                rows[key] = r
            } else {
                rows[key] = Row(part: box.part, minX: box.x, maxX: box.maxX, minY: box.y, maxY: box.maxY)
            }
        }
        var found: [(upper: Int, lower: Int, gap: Double)] = []
        guard rows.count <= 20_000 else { return found }
        // Rows by top edge: each against the rows above it whose top is near enough.
        let sorted = rows.values.sorted { ($0.minY, $0.part, $0.minX) < ($1.minY, $1.part, $1.minX) }
        let tallest = sorted.map { $0.maxY - $0.minY }.max() ?? 0
        var closest: [[Int]: Double] = [:]
        var first = 0
        for lower in sorted {
            while sorted[first].minY < lower.minY - minimumGap - tallest { first += 1 }
            for upper in sorted[first...] {
                guard upper.minY < lower.minY else { break }
                // Two persons without family (no lines) cannot seem to be parent and child.
                guard upper.part != lower.part, upper.minX < lower.maxX, lower.minX < upper.maxX,
                      boxes[upper.part]! > 1 || boxes[lower.part]! > 1 else { continue }
                let gap = lower.minY - upper.maxY
                if gap >= 0 && gap < minimumGap { closest[[upper.part, lower.part]] = min(closest[[upper.part, lower.part]] ?? gap, gap) }
            }
        }
        for (pair, gap) in closest.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) { found.append((pair[0], pair[1], gap)) }
        return found
    }
}

extension ChartMetrics {
    /// One line for `--statistics`: the printability figures.
    public var summary: String {
        func fixed(_ value: Double, _ digits: Int) -> String {
            let scale = Double([1, 10, 100, 1000][digits])
            return String((value * scale).rounded() / scale)
        }
        let order = datedSiblingPairs == 0 ? "no dated sibling pairs"
            : "\(siblingPairsOutOfOrder) of \(datedSiblingPairs) dated sibling pairs out of birth order"
        return "print: widest part \(fixed(widthRatio, 2))× its widest row (part \(widestPart)), boxes cover \(fixed(coverage * 100, 1)) % of the page, "
            + "\(order), \(closeLines.count) places where two families' lines come within \(Int(Self.separation)) pt, "
            + "\(closeParts.count) parts less than a row apart"
            + siblingOrderExamples.map { "\n  siblings out of birth order, as drawn: " + $0 }.joined()
            + closeLines.prefix(5).map { "\n  " + $0.description }.joined()
    }
}
