/// The geometric rules every chart must obey, checked on the scene graph. Each returned
/// string describes one violation; an empty result means the scene is correct.
public struct SceneInvariants {
    public let scene: Scene
    public let style: LayoutStyle
    /// Allowed error for "centred" and "ends at", in points.
    public var tolerance = 0.01
    /// Where a parent stands over its children: exactly over their middle (the default
    /// charts), or anywhere over their span, first to last child, widened on each side by
    /// the scene's `hangReach` (`--compact`). Parts the scene lists in `squeezedParts` are
    /// always held to the span rule.
    public var centring = Centring.exact

    public enum Centring: Sendable { case exact, withinSpan }

    public init(scene: Scene, style: LayoutStyle = LayoutStyle()) {
        self.scene = scene
        self.style = style
    }

    public func violations() -> [String] {
        var found: [String] = []
        let persons = scene.persons
        let rows = Dictionary(grouping: persons.indices, by: { RowKey(part: persons[$0].part, y: persons[$0].y) })
            .mapValues { $0.sorted { persons[$0].x < persons[$1].x } }
        let minimumGap = min(style.coupleGap, style.siblingGap)
        let index = rowIndex()

        // One primary box per person; every reference box names a drawn person.
        var primary: [String: Int] = [:]
        for (b, box) in persons.enumerated() where !box.isReference {
            if primary[box.id] != nil { found.append("person \(box.id) has two primary boxes") }
            primary[box.id] = b
        }
        for box in persons where box.isReference && primary[box.id] == nil {
            found.append("reference box \(box.id) refers to nobody drawn")
        }
        // A reference names the generation its person's own box stands in ("see generation N", from 1).
        for box in persons where box.isReference {
            guard let own = primary[box.id], let detail = box.detail, let said = detail.firstRange(of: "see generation ") else { continue }
            if Int(detail[said.upperBound...].prefix(while: \.isNumber)) != persons[own].generation + 1 {
                found.append("reference \(box.id) says \"\(detail)\" but their own box stands in generation \(persons[own].generation + 1)")
            }
        }
        // Inside the page.
        for box in persons where box.x < -tolerance || box.y < -tolerance
            || box.maxX > scene.width + tolerance || box.maxY > scene.height + tolerance {
            found.append("box \(box.id) lies outside the \(scene.width)×\(scene.height) page")
        }
        // Leaf stacks: their boxes below the first stand outside their generation's row.
        var stackOf: [Int: (stack: Int, index: Int)] = [:]
        for (s, stack) in scene.leafStacks.enumerated() {
            for (k, b) in stack.boxes.enumerated() where persons.indices.contains(b) { stackOf[b] = (s, k) }
        }
        found += stackViolations(index)
        // One y per generation of each part, rows ordered by generation.
        for (part, boxes) in Dictionary(grouping: persons.indices.filter { (stackOf[$0]?.index ?? 0) == 0 }.map { persons[$0] }, by: \.part) {
            let generationY = Dictionary(grouping: boxes, by: \.generation).mapValues { Set($0.map(\.y)) }
            for (generation, ys) in generationY where ys.count != 1 {
                found.append("generation \(generation) of part \(part) spans \(ys.count) rows")
            }
            let ordered = generationY.sorted { $0.key < $1.key }.compactMap(\.value.first)
            if ordered != ordered.sorted() { found.append("generation rows of part \(part) are not in generation order") }
        }
        // Boxes of different parts never share a row's band (parts are packed apart). A part
        // without a frame among framed ones (`--compact`: the others stand in its empty
        // corners, `PartPacking.nested`) may hold them within its bounding box, never within
        // the span of one of its rows.
        let byPart = Dictionary(grouping: persons, by: \.part)
        let partBounds = byPart.mapValues { boxes in
            (minX: boxes.map(\.x).min()!, maxX: boxes.map(\.maxX).max()!, minY: boxes.map(\.y).min()!, maxY: boxes.map(\.maxY).max()!)
        }
        let framed = Set(scene.partFrames.map(\.part))
        let sortedParts = partBounds.sorted { $0.key < $1.key }
        if sortedParts.count <= 2_000 {
            for (i, a) in sortedParts.enumerated() {
                for b in sortedParts[(i + 1)...] where a.value.minX < b.value.maxX && b.value.minX < a.value.maxX
                    && a.value.minY < b.value.maxY && b.value.minY < a.value.maxY {
                    if framed.isEmpty || (framed.contains(a.key) && framed.contains(b.key)) {
                        found.append("parts \(a.key) and \(b.key) overlap")
                    } else if let (p, q) = overlappingRows(byPart[a.key]!, byPart[b.key]!) {
                        found.append("parts \(a.key) and \(b.key) overlap: the row at y \(p) and the row at y \(q)")
                    }
                }
            }
        }
        // No overlap, minimum gap.
        var position = [Int](repeating: 0, count: persons.count)
        for row in rows.values {
            for (k, b) in row.enumerated() { position[b] = k }
            for (a, b) in zip(row, row.dropFirst()) where persons[b].x < persons[a].maxX + minimumGap - tolerance {
                found.append("boxes \(persons[a].id) and \(persons[b].id) are closer than \(minimumGap) pt (gap \(persons[b].x - persons[a].maxX))")
            }
        }
        // A bar that arches over other boxes comes down from its lane at the very point its
        // children hang from (a drop moved along the bar takes the arch's descent with it).
        for bar in scene.coupleBars where bar.points.count > 2 && !bar.points.contains(bar.hang) {
            found.append("the bar of \(bar.ids.joined(separator: "+")) does not come down at its hang point")
        }
        // Partners: the bar runs from the person with the partners to the partner's facing
        // edge at mid-height, orthogonally and through no box; only partners of the same
        // group (the person's other partners, and theirs) stand between them.
        var barGroupOf = Array(persons.indices)
        func barGroup(_ b: Int) -> Int {
            var r = b
            while barGroupOf[r] != r { r = barGroupOf[r] }
            return r
        }
        for bar in scene.coupleBars where bar.boxes.count == 2 && bar.boxes.allSatisfy(persons.indices.contains) {
            barGroupOf[barGroup(bar.boxes[0])] = barGroup(bar.boxes[1])
        }
        var hangOf: [[Int]: Point] = [:]
        for bar in scene.coupleBars {
            guard bar.boxes.count == 2, bar.boxes.allSatisfy(persons.indices.contains), let first = bar.points.first,
                  let last = bar.points.last else {
                found.append("couple bar \(bar.ids) names unknown boxes or has no points")
                continue
            }
            let left = persons[bar.boxes[0]], right = persons[bar.boxes[1]]
            hangOf[bar.boxes.sorted()] = bar.hang
            if left.y != right.y || left.part != right.part || left.x >= right.x {
                found.append("partners \(left.id) and \(right.id) are not left and right in one row")
                continue
            }
            let midY = left.y + left.height / 2
            let endsAtRight = abs(last.x - right.x) <= tolerance && abs(last.y - midY) <= tolerance
            let endsAtLeft = abs(last.x - left.maxX) <= tolerance && abs(last.y - midY) <= tolerance
            let (hub, partner) = endsAtRight ? (bar.boxes[0], bar.boxes[1]) : (bar.boxes[1], bar.boxes[0])
            if !endsAtRight && !endsAtLeft { found.append("couple bar \(bar.ids) does not end at a partner's facing edge") }
            let hubBox = persons[hub]
            let startsOnHub = (first.x >= hubBox.x - tolerance && first.x <= hubBox.maxX + tolerance)
                && (abs(first.y - hubBox.y) <= tolerance || abs(first.y - midY) <= tolerance)
            if !startsOnHub { found.append("couple bar \(bar.ids) does not start on \(hubBox.id)'s box") }
            if abs(bar.hang.y - midY) > tolerance { found.append("couple bar \(bar.ids) hangs its children off mid-height") }
            // Only boxes of the same group of partners (joined by bars) may stand between them.
            let between = rows[RowKey(part: left.part, y: left.y)]![(position[bar.boxes[0]] + 1)..<position[bar.boxes[1]]]
            if between.contains(where: { barGroup($0) != barGroup(hub) }) {
                found.append("partners \(left.id) and \(right.id) have someone else between them")
            }
            _ = partner
            found += path(bar.points, named: "couple bar \(bar.ids)", index)
        }
        // Connectors start at the parent unit, end at the child's top centre (or near it, or,
        // for a child of several families, on its top edge), stay orthogonal and never cross a box.
        var treeChildren: [[Int]: [Int]] = [:]
        var incomingCount: [Int: Int] = [:]
        for connector in scene.connectors { incomingCount[connector.childBox, default: 0] += 1 }
        for connector in scene.connectors {
            guard persons.indices.contains(connector.childBox), connector.parentBoxes.allSatisfy(persons.indices.contains),
                  let first = connector.points.first, let last = connector.points.last else {
                found.append("connector to \(connector.child) is empty or names an unknown box")
                continue
            }
            let child = persons[connector.childBox]
            let name = "connector \(connector.parents)→\(child.id)"
            let key = connector.parentBoxes.sorted()
            if key.count == 2, let hang = hangOf[key] {
                if distance(first, hang) > tolerance { found.append("\(name) does not start at the parent unit") }
            } else if key.count == 1 {
                // A single parent's children hang from the middle third of the box's bottom edge
                // (the centre, unless another family's line runs down too near it).
                let parent = persons[key[0]]
                if abs(first.y - parent.maxY) > tolerance || abs(first.x - parent.centerX) > parent.width / 6 + tolerance {
                    found.append("\(name) does not start at the parent unit")
                }
            } else {
                found.append("connector to \(connector.child) names parents \(connector.parents) that are no unit")
                continue
            }
            // A child of several families takes each family's line at a point of its own
            // along the top edge (`SharedChildDrops`); a child of one family on the middle
            // third of its top edge (the centre, unless another family's line stands too near
            // it above: `DropNudging`).
            if let place = stackOf[connector.childBox] {
                // A stacked leaf's line comes down its stack's spine and in at mid-height.
                let spine = scene.leafStacks[place.stack].spine, midY = child.y + child.height / 2, n = connector.points.count
                if n < 3 || abs(last.x - child.x) > tolerance || abs(last.y - midY) > tolerance
                    || abs(connector.points[n - 2].x - spine) > tolerance || abs(connector.points[n - 2].y - midY) > tolerance {
                    found.append("\(name) does not come in from its stack's spine at the child's mid-height")
                }
            } else if incomingCount[connector.childBox, default: 0] > 1 {
                if abs(last.y - child.y) > tolerance || last.x < child.x + 1 || last.x > child.maxX - 1 {
                    found.append("\(name) does not end on the child's top edge")
                }
            } else if abs(last.y - child.y) > tolerance || abs(last.x - child.centerX) > child.width / 6 + tolerance {
                found.append("\(name) does not end at the child's top centre")
            }
            found += path(connector.points, named: name, index)
            if child.generation != persons[key[0]].generation + 1 || child.part != persons[key[0]].part {
                found.append("\(name) skips a generation")
            }
            if !connector.crossLink { treeChildren[key, default: []].append(connector.childBox) }
        }
        // Horizontal runs of different parents never share a stretch of line (they would
        // read as one family); checked for the charts that route on tracks.
        if scene.chart != .descendants {
            var runs: [Double: [(low: Double, high: Double, parents: [Int])]] = [:]
            for connector in scene.connectors {
                for (p, q) in zip(connector.points, connector.points.dropFirst()) where abs(p.y - q.y) < 1e-9 && abs(p.x - q.x) > 1e-9 {
                    runs[p.y, default: []].append((min(p.x, q.x), max(p.x, q.x), connector.parentBoxes.sorted()))
                }
            }
            for (y, list) in runs {
                let sorted = list.sorted { $0.low < $1.low }
                var reach: (high: Double, parents: [Int])?
                for run in sorted {
                    if let current = reach, current.parents != run.parents, run.low < current.high - tolerance {
                        found.append("runs of \(current.parents.map { persons[$0].id }) and \(run.parents.map { persons[$0].id }) overlap at y \(y)")
                    }
                    if reach == nil || run.high > reach!.high || reach!.parents == run.parents { reach = (max(run.high, reach?.high ?? run.high), run.parents) }
                }
            }
        }
        // Centring, per unit (boxes joined by couple bars): the middle of the hang points of
        // its unions that have children stands over the middle of all those children — for
        // a unit of one union, its hang point over the midpoint of its first and last child;
        // for a person with several partners, the middle of the unions over all the
        // children. A unit any of whose children hangs by a cross link is not a tree there
        // and is left out. Each union's children stand together, in the unions' order.
        // A couple centres by the middle of the gap its children hang from (the hang point
        // itself may stand off the middle, clear of another family's line).
        func hangX(_ key: [Int]) -> Double {
            guard key.count == 2, let hang = hangOf[key] else { return key.count == 1 ? persons[key[0]].centerX : .nan }
            guard let row = rows[RowKey(part: persons[key[0]].part, y: persons[key[0]].y)] else { return hang.x }
            // The first box right of the hang point (rows are sorted by x), and the one before it.
            var low = 0, high = row.count
            while low < high {
                let mid = (low + high) / 2
                if persons[row[mid]].x < hang.x - tolerance { low = mid + 1 } else { high = mid }
            }
            guard low > 0, low < row.count else { return hang.x }
            return (persons[row[low - 1]].maxX + persons[row[low]].x) / 2
        }
        var unitOf = Array(persons.indices)
        func root(_ b: Int) -> Int {
            var r = b
            while unitOf[r] != r { r = unitOf[r] }
            var c = b
            while unitOf[c] != r { (c, unitOf[c]) = (unitOf[c], r) }
            return r
        }
        for bar in scene.coupleBars where bar.boxes.count == 2 && bar.boxes.allSatisfy(persons.indices.contains) {
            unitOf[root(bar.boxes[0])] = root(bar.boxes[1])
        }
        var crossed = Set<Int>()
        for connector in scene.connectors where connector.crossLink && connector.parentBoxes.allSatisfy(persons.indices.contains) {
            crossed.insert(root(connector.parentBoxes[0]))
        }
        var unionsOfUnit: [Int: [[Int]]] = [:]
        for key in treeChildren.keys { unionsOfUnit[root(key[0]), default: []].append(key) }
        // An ancestor block centres each couple between its parents' couples instead (see
        // AncestorInvariants); an hourglass's descendant block starts at the focus's row; a
        // relationship chart's marriage path is a staircase, a parent a column beside their
        // child (RelationshipChartTests checks its lines of descent).
        let focusRow = scene.persons.first { $0.sosa == "1" }?.generation ?? 0
        func inDescendantBlock(_ unit: Int) -> Bool {
            scene.chart == .hourglass ? persons[unit].generation >= focusRow : scene.chart != .ancestors && scene.chart != .relationship
        }
        // A part squeezed to the width limit (`Scene.squeezedParts`) is held to the span rule.
        let squeezed = Set(scene.squeezedParts)
        for (unit, keys) in unionsOfUnit where !crossed.contains(unit) && inDescendantBlock(unit) {
            let sorted = keys.sorted { hangX($0) < hangX($1) }
            let hangs = sorted.map(hangX)
            let centres = sorted.flatMap { treeChildren[$0]!.map { persons[$0].centerX } }
            let hangMiddle = (hangs.first! + hangs.last!) / 2
            if centring == .withinSpan || squeezed.contains(persons[unit].part) {
                let reach = scene.hangReach + tolerance
                if hangMiddle < centres.min()! - reach || hangMiddle > centres.max()! + reach {
                    found.append("parents \(sorted.map { $0.map { persons[$0].id } }) hang beyond their children's span by more than \(scene.hangReach) pt")
                }
            } else if case let offCentre = hangMiddle - (centres.min()! + centres.max()!) / 2, abs(offCentre) > tolerance {
                found.append("parents \(sorted.map { $0.map { persons[$0].id } }) are off centre by \(offCentre) pt over their children")
            }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let aMax = treeChildren[a]!.map { persons[$0].centerX }.max()!
                let bMin = treeChildren[b]!.map { persons[$0].centerX }.min()!
                if aMax >= bMin { found.append("\(sorted.map { $0.map { persons[$0].id } })'s unions' children are interleaved") }
            }
        }
        found += marginViolations()
        return found
    }

    /// Leaf stacks (`Scene.leafStacks`): two or more boxes of one part and generation, of one
    /// x and width, each below the one before with a gap less than the rows' (so none stands
    /// level with the row below), their spine just left of them; each is reached by exactly
    /// one line, all from the same parents, and none has a partner or a child drawn; no
    /// other box comes within the smallest gap of a stacked box.
    private func stackViolations(_ index: RowIndex) -> [String] {
        var found: [String] = []
        let persons = scene.persons
        var lines: [Int: [Connector]] = [:]
        for connector in scene.connectors { lines[connector.childBox, default: []].append(connector) }
        var linked = Set<Int>()
        for bar in scene.coupleBars { linked.formUnion(bar.boxes) }
        for connector in scene.connectors { linked.formUnion(connector.parentBoxes) }
        let minimumGap = min(style.coupleGap, style.siblingGap)
        for stack in scene.leafStacks {
            guard stack.boxes.count > 1, stack.boxes.allSatisfy(persons.indices.contains) else {
                found.append("leaf stack \(stack.boxes) has fewer than two boxes or names unknown boxes")
                continue
            }
            let top = persons[stack.boxes[0]]
            let parents = lines[stack.boxes[0]]?.first?.parentBoxes
            if top.x - stack.spine <= 0 || top.x - stack.spine > minimumGap / 2 + tolerance {
                found.append("the spine of \(top.id)'s stack stands \(top.x - stack.spine) pt left of it")
            }
            for (a, b) in zip(stack.boxes, stack.boxes.dropFirst()) {
                let (upper, lower) = (persons[a], persons[b])
                if lower.part != top.part || lower.generation != top.generation || abs(lower.x - top.x) > tolerance || lower.width != top.width {
                    found.append("stacked \(lower.id) does not stand in \(top.id)'s column and generation")
                }
                if lower.y < upper.maxY + 1 || lower.y - upper.maxY >= style.rowGap - tolerance {
                    found.append("stacked \(lower.id) stands \(lower.y - upper.maxY) pt under \(upper.id)")
                }
            }
            for b in stack.boxes {
                let box = persons[b]
                if lines[b]?.count != 1 || lines[b]?.first?.parentBoxes != parents {
                    found.append("stacked \(box.id) is not reached by one line from its stack's parents")
                }
                if linked.contains(b) { found.append("stacked \(box.id) has a partner or children drawn") }
                // No other box within the smallest gap (rows of other y are not compared by the row rule).
                for row in index where row.maxY > box.y - minimumGap && row.y < box.maxY + minimumGap {
                    for other in row.boxes where other.part == box.part && !(other.id == box.id && other.y == box.y)
                        && other.x < box.maxX + minimumGap - tolerance && box.x < other.maxX + minimumGap - tolerance
                        && other.y < box.maxY + 1 - tolerance && box.y < other.maxY + 1 - tolerance
                        && !(abs(other.x - box.x) < tolerance && other.width == box.width && stack.boxes.contains(where: { persons[$0].y == other.y && persons[$0].id == other.id })) {
                        found.append("stacked \(box.id) comes within \(minimumGap) pt of \(other.id)")
                    }
                }
            }
        }
        return found
    }

    /// Row labels and part frames: a reference that names a generation finds that row
    /// labelled in its part; a label stands beside its row, inside the page, clear of every
    /// box and line; a part's frame holds all its boxes, and no frame's edge crosses a
    /// box, a line or another frame.
    private func marginViolations() -> [String] {
        var found: [String] = []
        let persons = scene.persons
        var labelled = Set<[Int]>()
        let belowRows = Set(scene.leafStacks.flatMap { $0.boxes.dropFirst() })
        for label in scene.rowLabels {
            labelled.insert([label.part, label.generation])
            if !label.text.hasPrefix("Gen \(label.generation + 1)") { found.append("row label \(label.text) stands for generation \(label.generation + 1)") }
            if label.x < -tolerance || label.y < -tolerance || label.x + label.width > scene.width + tolerance
                || label.y + label.height > scene.height + tolerance {
                found.append("row label \(label.text) of part \(label.part) lies outside the page")
            }
            // (A leaf stack's boxes below its first stand under the row, not in it.)
            let row = persons.indices.filter { persons[$0].part == label.part && persons[$0].generation == label.generation && !belowRows.contains($0) }
                .map { persons[$0] }
            if row.isEmpty || row.contains(where: { $0.y < label.y - tolerance || $0.maxY > label.y + label.height + tolerance }) {
                found.append("row label \(label.text) of part \(label.part) is not beside its row")
            }
            let rect = (x0: label.x, y0: label.y, x1: label.x + label.width, y1: label.y + label.height)
            for box in persons where overlaps(rect, (box.x, box.y, box.maxX, box.maxY)) {
                found.append("row label \(label.text) of part \(label.part) covers box \(box.id)")
            }
            for (name, points) in lines() where segments(points).contains(where: { overlaps(rect, $0) }) {
                found.append("row label \(label.text) of part \(label.part) covers \(name)")
            }
        }
        var primary: [String: PersonBox] = [:]
        for box in persons where !box.isReference { primary[box.id] = box }
        for box in persons where box.isReference && (box.detail?.contains("see generation ") ?? false) {
            guard let own = primary[box.id], !labelled.contains([own.part, own.generation]) else { continue }
            found.append("reference \(box.id) names generation \(own.generation + 1), which has no row label in part \(own.part)")
        }
        let allLines = lines().map { ($0.name, segments($0.points)) }
        for (k, frame) in scene.partFrames.enumerated() {
            let rect = (x0: frame.x, y0: frame.y, x1: frame.x + frame.width, y1: frame.y + frame.height)
            func crossesEdge(_ r: (Double, Double, Double, Double)) -> Bool {
                overlaps(rect, r) && !(r.0 >= rect.x0 && r.2 <= rect.x1 && r.1 >= rect.y0 && r.3 <= rect.y1)
            }
            for box in persons where crossesEdge((box.x, box.y, box.maxX, box.maxY)) {
                found.append("the frame of part \(frame.part) crosses box \(box.id)")
            }
            for (name, list) in allLines where list.contains(where: crossesEdge) {
                found.append("the frame of part \(frame.part) crosses \(name)")
            }
            for other in scene.partFrames[(k + 1)...]
            where overlaps(rect, (other.x, other.y, other.x + other.width, other.y + other.height)) {
                found.append("the frames of parts \(frame.part) and \(other.part) overlap")
            }
        }
        if scene.partFrames.count > 1 {
            let framed = Set(scene.partFrames.map(\.part))
            for box in persons where framed.contains(box.part) {
                let frame = scene.partFrames.first { $0.part == box.part }!
                if box.x < frame.x || box.maxX > frame.x + frame.width || box.y < frame.y || box.maxY > frame.y + frame.height {
                    found.append("box \(box.id) stands outside its part's frame")
                }
            }
        }
        return found
    }

    /// The tops of a row of `a` and a row of `b` (the boxes of one height, first to last)
    /// that overlap, if any.
    private func overlappingRows(_ a: [PersonBox], _ b: [PersonBox]) -> (Double, Double)? {
        func rows(_ boxes: [PersonBox]) -> [(y: Double, maxY: Double, minX: Double, maxX: Double)] {
            Dictionary(grouping: boxes, by: \.y).map { y, row in (y, row.map(\.maxY).max()!, row.map(\.x).min()!, row.map(\.maxX).max()!) }
        }
        let other = rows(b)
        for r in rows(a) {
            if let s = other.first(where: { $0.minX < r.maxX && r.minX < $0.maxX && $0.y < r.maxY && r.y < $0.maxY }) { return (r.y, s.y) }
        }
        return nil
    }

    /// Every connector and couple bar as a named polyline.
    private func lines() -> [(name: String, points: [Point])] {
        scene.connectors.map { ("the line to \($0.child)", $0.points) } + scene.coupleBars.map { ("the bar of \($0.ids.joined(separator: " + "))", $0.points) }
    }

    /// A polyline's segments as their bounding rectangles (x0, y0, x1, y1).
    private func segments(_ points: [Point]) -> [(Double, Double, Double, Double)] {
        zip(points, points.dropFirst()).map { (min($0.x, $1.x), min($0.y, $1.y), max($0.x, $1.x), max($0.y, $1.y)) }
    }

    /// Whether two closed rectangles share a point.
    private func overlaps(_ a: (x0: Double, y0: Double, x1: Double, y1: Double), _ b: (Double, Double, Double, Double)) -> Bool {
        a.x0 <= b.2 && b.0 <= a.x1 && a.y0 <= b.3 && b.1 <= a.y1
    }

    private typealias RowIndex = [(y: Double, maxY: Double, boxes: [PersonBox])]

    /// Boxes by row (part and top y), each row sorted by x, to find the boxes near a segment quickly.
    private func rowIndex() -> RowIndex {
        Dictionary(grouping: scene.persons, by: { RowKey(part: $0.part, y: $0.y) }).map { key, boxes in
            (key.y, boxes.map(\.maxY).max()!, boxes.sorted { $0.x < $1.x })
        }
    }

    /// Violations of an orthogonal polyline that must not enter any box.
    private func path(_ points: [Point], named name: String, _ rowsByY: RowIndex) -> [String] {
        var found: [String] = []
        for (p, q) in zip(points, points.dropFirst()) {
            if abs(p.x - q.x) > 1e-9 && abs(p.y - q.y) > 1e-9 { found.append("\(name) has a diagonal segment") }
            let (y0, y1) = (min(p.y, q.y), max(p.y, q.y))
            let (x0, x1) = (min(p.x, q.x), max(p.x, q.x))
            for row in rowsByY where row.maxY > y0 && row.y < y1 {
                // First box whose right edge passes x0, then on while boxes start before x1.
                var low = 0, high = row.boxes.count
                while low < high {
                    let mid = (low + high) / 2
                    if row.boxes[mid].maxX <= x0 { low = mid + 1 } else { high = mid }
                }
                var k = low
                while k < row.boxes.count, row.boxes[k].x < x1 {
                    if segment(p, q, entersInteriorOf: row.boxes[k]) { found.append("\(name) passes through box \(row.boxes[k].id)") }
                    k += 1
                }
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

/// A row of boxes: a part's boxes at one y.
private struct RowKey: Hashable {
    let part: Int
    let y: Double
}
