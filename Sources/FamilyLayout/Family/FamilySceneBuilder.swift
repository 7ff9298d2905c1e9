import FamilyModel

/// Phase 8 of the family layout: routes each part's connectors, packs the parts (and the
/// persons with no family, in one grid block) on the page, and hands the boxes, couple
/// bars and connectors to `SceneWriter`.
struct FamilySceneBuilder {
    let graph: FamilyGraph
    let units: FamilyUnits
    let forest: FamilyForest
    let placement: FamilyPlacement
    let order: FamilyOrder
    let style: LayoutStyle
    let partCount: Int
    /// Leaf stacks (`--compact`, `LeafStacks`): their boxes stand one under another, their
    /// lines come down a spine left of them.
    var stacks: [LeafStackPlan] = []
    /// Space between a row's boxes and its gap's nearest track (`FamilyGeometry.pad`).
    var trackPad = FamilyGeometry.trackPad
    /// Whether a run's pieces may step between tracks (`--compact`, `SteppedRuns`).
    var stepsRuns = false
    /// Every person's own box, when made beforehand (a big chart makes them while it is
    /// placed): the build takes them, if no build took them before it. Nil or taken: each
    /// box is made as it is built.
    var ownBoxes: OwnBoxes?
    /// Whether independent pieces of the build run on two threads at once (a big chart).
    var usesSecondThread = false
    /// Whether the build gives each box its branch (`lineages(units:forest:placement:order:)`);
    /// false when the caller finds them on another thread and gives them to the scene itself.
    var assignsLineages = true

    /// A part's routing and extent, in its own coordinates (x as placed, y from its top).
    private struct PartLayout {
        var geometry: FamilyGeometry
        /// Empty rows above the part's first row (seed generations before it).
        var top: Double
        var minX: Double
        var width: Double
    }

    func build(boxX: [Double], packing: PartPacking, arrangement: PartArrangement) -> Scene {
        // Each stacked box's place in its stack and its spine's x (as placed).
        var stacked: [Int: (index: Int, spine: Double)] = [:]
        for plan in stacks {
            let top = units.units[plan.units[0]].boxes[0]
            let spine = boxX[top] - placement.boxWidth(row: plan.row) / 2 - LeafStacks.spineInset
            for (k, u) in plan.units.enumerated() { stacked[units.units[u].boxes[0]] = (k, spine) }
        }
        var unitsOfPart = [[Int]](repeating: [], count: partCount)
        for u in units.units.indices { unitsOfPart[units.units[u].part].append(u) }
        // Seed JSON gives the generations: a part keeps its first generation's row (a later
        // generation's orphan stands in its own generation), and persons without family stay
        // in their rows instead of joining the block of loose persons.
        var firstRow = [Int](repeating: 0, count: partCount)
        if graph.hasFixedGenerations {
            for unit in units.units {
                firstRow[unit.part] = graph.persons[units.boxes[unit.boxes[0]].person].generation - unit.row
            }
        }
        let isLoose = unitsOfPart.map { list in
            !graph.hasFixedGenerations && arrangement == .pack && list.count == 1 && units.units[list[0]].boxes.count == 1
                && units.units[list[0]].unions.isEmpty && units.units[list[0]].upLinks.isEmpty
        }
        // Each part's routing and extent, and the boxes' branches (unless the caller gives them).
        var layouts = [PartLayout?](repeating: nil, count: partCount)
        // The track of each union's run, by union (0 where it has none), filled part by part.
        var runTrack = [Int](repeating: 0, count: graph.unions.count)
        // The runs that step between tracks, by union (`stepsRuns`).
        var runShape: [Int: SteppedRuns.Shape] = [:]
        for part in 0..<partCount where !isLoose[part] && !unitsOfPart[part].isEmpty {
            layouts[part] = layoutPart(unitsOfPart[part], firstRow: firstRow[part], boxX: boxX, stacked: stacked, runTrack: &runTrack,
                                       runShape: &runShape)
        }
        let lineage = assignsLineages ? Self.lineages(units: units, forest: forest, placement: placement, order: order) : []
        // Seed generations are one row across all parts: the parts stand side by side, the
        // first generation (the trees' roots) on top, each row as tall as its busiest part needs.
        let arrangement = graph.hasFixedGenerations ? .row : arrangement
        if graph.hasFixedGenerations {
            let parts = (0..<partCount).filter { layouts[$0] != nil }
            let shared = FamilyGeometry.shared(parts.map { (firstRow[$0], layouts[$0]!.geometry) },
                                               boxHeight: style.boxHeight, rowGap: style.rowGap)
            for part in parts {
                (layouts[part]!.geometry, layouts[part]!.top) = shared.rows(from: firstRow[part], count: layouts[part]!.geometry.rowTop.count)
            }
        }

        // Pack: the connected parts in part order, then the block of persons without family.
        // A chart with references labels each part's rows in its margin (both margins when
        // the part is wide): the part is packed with its label columns.
        let placed = (0..<partCount).filter { layouts[$0] != nil }
        let loose = (0..<partCount).filter { isLoose[$0] }.map { units.units[unitsOfPart[$0][0]].boxes[0] }
        let labelled = units.boxes.contains { $0.reference != nil }
        var labelColumns = [(left: Double, right: Double)](repeating: (0, 0), count: partCount)
        for part in placed where labelled {
            labelColumns[part] = (RowLabels.column, layouts[part]!.width > RowLabels.bothSidesWidth ? RowLabels.column : 0)
        }
        var sizes = placed.map { (width: labelColumns[$0].left + layouts[$0]!.width + labelColumns[$0].right,
                                  height: layouts[$0]!.top + layouts[$0]!.geometry.height) }
        let grid = packing.gridBlock(count: loose.count, cellWidth: placement.boxWidth(row: 0), cellHeight: style.boxHeight,
                                     gapX: style.cousinGap, gapY: style.siblingGap + 10)
        if !loose.isEmpty { sizes.append((grid.width, grid.height)) }
        // `--compact`: the largest part may take the others into the empty corners of its rows.
        var host: (index: Int, outline: PartPacking.Outline)?
        if packing.fillsGaps && arrangement == .pack && sizes.count > 1 && sizes.count <= PartPacking.nestingLimit,
           let k = placed.indices.max(by: { sizes[$0].width * sizes[$0].height < sizes[$1].width * sizes[$1].height }) {
            let part = placed[k]
            host = (k, outline(of: layouts[part]!, units: unitsOfPart[part], boxX: boxX, stacked: stacked,
                               labels: labelColumns[part], size: sizes[k]))
        }
        let packed = packing.pack(sizes, arrangement: arrangement, host: host)
        var origin = [(x: Double, y: Double)](repeating: (0, 0), count: partCount)
        for (k, part) in placed.enumerated() { origin[part] = packed.origins[k] }
        let margin = style.margin

        // Boxes.
        var lines = 0  // one connector per child box of a placement
        for u in units.units.indices { for k in units.units[u].unions.indices { lines += units.units[u].unions[k].childBoxes.count } }
        var writer = SceneWriter(graph: graph, style: style, capacity: units.boxes.count, barCapacity: graph.unions.count,
                                 connectorCapacity: lines)
        // Own boxes made beforehand are the writer's first boxes (the units' boxes start with
        // every person's own, in person order); the rest are made below.
        var made = 0
        if let ownBoxes, units.hasOwnBoxesFirst, let own = ownBoxes.take(graph: graph) {
            made = own.count
            writer.persons = consume own  // taken whole: the writer's is the only reference, so nothing is copied
            writer.persons.reserveCapacity(units.boxes.count)
        }
        var looseCell = [Int: (x: Double, y: Double)]()
        if !loose.isEmpty {
            let block = packed.origins[placed.count]
            for (k, box) in loose.enumerated() { looseCell[box] = (block.x + grid.origins[k].x, block.y + grid.origins[k].y) }
        }
        // Each placed part's left (before the box's x) and top, and its rows' tops, read
        // once per part rather than copied out of its layout for every box.
        var partLeft = [Double](repeating: 0, count: partCount), partMinX = partLeft, partTop = partLeft
        var partRowTop = [[Double]](repeating: [], count: partCount)
        // Each placed part's track heights per row, and its empty rows' height above them.
        var partTrackY = [[[Double]]](repeating: [], count: partCount), partLayoutTop = partLeft
        for part in placed {
            let layout = layouts[part]!
            partLeft[part] = margin + origin[part].x + labelColumns[part].left
            partMinX[part] = layout.minX
            partTop[part] = margin + origin[part].y + layout.top
            partRowTop[part] = layout.geometry.rowTop
            partTrackY[part] = layout.geometry.trackY
            partLayoutTop[part] = layout.top
        }
        for b in units.boxes.indices {
            let box = units.boxes[b]
            let row = units.units[box.unit].row, part = units.units[box.unit].part
            let width = placement.boxWidth(row: row)
            let x: Double, y: Double
            if !looseCell.isEmpty, let cell = looseCell[b] {  // (an empty table is not hashed into, box after box)
                (x, y) = (margin + cell.x, margin + cell.y)
            } else {
                x = partLeft[part] + boxX[b] - width / 2 - partMinX[part]
                y = partTop[part] + partRowTop[part][row]
            }
            if b < made {
                writer.persons[b].place(generation: row + firstRow[part], x: x, y: y, width: width)
            } else {
                writer.addBox(person: box.person, generation: row + firstRow[part], x: x, y: y, width: width,
                              detail: detail(box, firstRow: firstRow), reference: box.reference)
            }
            writer.persons[b].part = part
            if !stacked.isEmpty, let place = stacked[b], place.index > 0 {
                writer.persons[b].y += LeafStacks.offset(of: place.index, boxHeight: writer.persons[b].height)
            }
            if assignsLineages { writer.persons[b].lineage = lineage[b] }
        }
        for box in units.boxes where box.reference != nil { writer.countReference(to: units.primaryBox[box.person]) }

        // Bars and connectors (a spine's x as placed, moved where its part stands on the page).
        var shift = [Double](repeating: 0, count: partCount)
        for part in placed { shift[part] = partLeft[part] - partMinX[part] }
        let trackYOf = partTrackY, layoutTopOf = partLayoutTop, shiftOf = shift, shapeOf = runShape
        /// The bars and lines of the units in `range`, unit after unit, into `writer`.
        func writeLines(of range: Range<Int>, into writer: inout SceneWriter) {
            // Only units with unions draw lines (most have none: read in place, they are not copied).
            for u in range where !units.units[u].unions.isEmpty && !isLoose[units.units[u].part] {
                // The unit and its unions read in place, field by field: a copy of either
                // retained and released each of its lists.
                let part = units.units[u].part
                let trackYs = trackYOf[part][units.units[u].row], layoutTop = layoutTopOf[part]
                let hasArch = units.units[u].unions.contains { $0.archDepth > 0 }
                let arches = hasArch ? archRanks(u) : []
                // Each box of the unit by its place in the row, made once per unit with an arch
                // (finding an arch's neighbour by scanning the unit was quadratic in partners).
                let boxAt = hasArch
                    ? Dictionary(units.units[u].boxes.map { (placement.position(of: $0, order: order), $0) }, uniquingKeysWith: { first, _ in first }) : [:]
                for k in units.units[u].unions.indices {
                    let hang = !units.units[u].unions[k].isCouple ? writer.hangBelow(units.units[u].unions[k].boxes[0])
                        : coupleBar(units.units[u].unions[k], boxAt: boxAt, rank: hasArch ? arches[k] : (0, 0), writer: &writer)
                    let childCount = units.units[u].unions[k].childBoxes.count
                    guard childCount > 0 else { continue }
                    let union = units.units[u].unions[k].union
                    let parents = writer.parents(units.units[u].unions[k].boxes)
                    func trackHeight(_ track: Int) -> Double { trackYs[track] + margin + origin[part].y + layoutTop }
                    let trackY = trackHeight(runTrack[union])
                    let shape = shapeOf.isEmpty ? nil : shapeOf[union]
                    let top = shape == nil ? 0 : placement.hangX(of: union, order: order, boxX: boxX)
                    for c in 0..<childCount {
                        let child = units.units[u].unions[k].childBoxes[c], link = units.units[u].unions[k].childLinks[c]
                        // A couple whose partners both have parents hangs from one family; the
                        // line from the other is marked as a cross link.
                        let childUnit = units.boxes[child].unit
                        let isCross = !(forest.treeUnion[childUnit] == union && forest.anchorBox[childUnit] == child)
                        if let shape {
                            let place = stacked.isEmpty ? nil : stacked[child]
                            let shiftX = shiftOf[part], drop = place?.spine ?? boxX[child]
                            let across = shape.path(from: top, to: drop, y: trackHeight)
                                .map { Point($0.x + shiftX, $0.y) }
                            if across.count >= 2 {
                                writer.addConnector(from: hang, parents: parents, child: child, across: across,
                                                    spine: place.map { $0.spine + shiftX }, crossLink: place == nil && isCross, link: link)
                                continue
                            }
                        }
                        if !stacked.isEmpty, let place = stacked[child] {
                            writer.addConnector(from: hang, parents: parents, child: child, acrossY: trackY, spine: place.spine + shiftOf[part], link: link)
                        } else {
                            writer.addConnector(from: hang, parents: parents, child: child, acrossY: trackY, crossLink: isCross, link: link)
                        }
                    }
                }
            }
        }
        // A big chart writes the second half of its units' lines on another thread (the
        // boxes are only read), then appends them: the same bars and lines, in the same order.
        let splitAt = usesSecondThread ? Self.lineSplit(units, lines: lines) : units.units.count
        if splitAt < units.units.count {
            // Its lists' room taken here, at the size they reach (the second thread would grow
            // them in a heap of its own, which keeps the room they leave when they are appended).
            var secondBars = 0
            for u in splitAt..<units.units.count { for k in units.units[u].unions.indices where units.units[u].unions[k].isCouple { secondBars += 1 } }
            var second = SceneWriter(graph: graph, style: style, barCapacity: secondBars, connectorCapacity: lines / 2)
            second.persons = writer.persons  // shared, never changed while both write
            _ = sideBySide({ writeLines(of: 0..<splitAt, into: &writer) }, { writeLines(of: splitAt..<units.units.count, into: &second) })
            second.persons = []
            writer.appendLines(of: second)
        } else {
            writeLines(of: 0..<units.units.count, into: &writer)
        }
        var scene = writer.scene(width: packed.width + 2 * margin, height: packed.height + 2 * margin, chart: .family)
        if labelled {
            var sides: [Int: (left: Double, right: Double?)] = [:]
            for part in placed {
                let left = margin + origin[part].x
                sides[part] = (left, labelColumns[part].right > 0 ? left + sizes[placed.firstIndex(of: part)!].width - RowLabels.textWidth : nil)
            }
            let below = Set(stacked.filter { $0.value.index > 0 }.keys)
            scene.rowLabels = RowLabels.labels(persons: scene.persons, sides: sides, skipping: below) {
                graph.persons[units.boxes[$0].person].birthDate?.year
            }
        }
        scene.leafStacks = stacks.map { plan in
            let boxes = plan.units.map { units.units[$0].boxes[0] }
            return LeafStack(boxes: boxes, spine: scene.persons[boxes[0]].x - LeafStacks.spineInset)
        }
        // Several parts (the block of persons without family counts as one): a faint frame
        // around each, in the gap that packing leaves around it.
        // A part that others stand in the corners of has no frame (theirs set them apart).
        if sizes.count > 1 {
            let pad = Self.framePadding(packing)
            for (k, part) in placed.enumerated() where k != packed.host {
                let top = layouts[part]!.top
                scene.partFrames.append(PartFrame(part: part, x: margin + origin[part].x - pad, y: margin + origin[part].y + top - pad,
                                                  width: sizes[k].width + 2 * pad, height: sizes[k].height - top + 2 * pad))
            }
            if let first = loose.first {
                let block = packed.origins[placed.count]
                scene.partFrames.append(PartFrame(part: units.units[units.boxes[first].unit].part, x: margin + block.x - pad,
                                                  y: margin + block.y - pad, width: grid.width + 2 * pad, height: grid.height + 2 * pad))
            }
        }
        return scene
    }

    /// The first unit of the second half of `units`' lines (`lines` in all; one per child
    /// box of a placement), where a big chart's second thread starts writing them.
    static func lineSplit(_ units: FamilyUnits, lines: Int) -> Int {
        var written = 0
        for u in units.units.indices {
            if 2 * written >= lines { return u }
            for k in units.units[u].unions.indices { written += units.units[u].unions[k].childBoxes.count }
        }
        return units.units.count
    }

    /// The families of the lines `build` draws for `units` (its connectors, each family's
    /// child by child, then its couple bars), numbered as `LineFamilies(of:)` numbers them in
    /// the scene: known before the scene is built, whatever the boxes' places.
    static func lineFamilies(of units: FamilyUnits) -> LineFamilies {
        // One pass by index over the units' unions (a lazy flattening copied every unit's
        // list and every union with its lists: two thirds of this at 100,000 persons).
        var lines = 0, families = 0  // (each union makes one family at most)
        var connectorParents: [(boxes: [Int], lines: Int)] = [], barBoxes: [[Int]] = []
        for u in units.units.indices {
            for k in units.units[u].unions.indices {
                let count = units.units[u].unions[k].childBoxes.count, isCouple = units.units[u].unions[k].isCouple
                lines += count
                if isCouple { barBoxes.append(units.units[u].unions[k].boxes) }
                if isCouple || count > 0 { families += 1 }
                if count > 0 { connectorParents.append((units.units[u].unions[k].boxes, count)) }
            }
        }
        return LineFamilies(connectorParents: connectorParents, barBoxes: barBoxes, capacity: (lines, barBoxes.count, families))
    }

    /// How far a part's frame stands outside its boxes and lines: a quarter of the
    /// narrower gap packing leaves between parts, so neighbouring frames stay apart.
    static func framePadding(_ packing: PartPacking) -> Double { min(packing.gap, packing.shelfGap) / 4 }

    /// Where a part's boxes, lines and row labels stand, in its packed rectangle's own
    /// coordinates (`PartPacking.Outline`): each row's boxes, first to last; the gap under
    /// each row (its lines, and the next row's arches) as wide as the boxes of both rows;
    /// each leaf stack from the row above its top to its last box; and the label columns
    /// the part's whole height.
    /// - Complexity: O(b) for b boxes of the part.
    private func outline(of layout: PartLayout, units partUnits: [Int], boxX: [Double], stacked: [Int: (index: Int, spine: Double)],
                         labels: (left: Double, right: Double), size: (width: Double, height: Double)) -> PartPacking.Outline {
        let rowTop = layout.geometry.rowTop.map { $0 + layout.top }
        var low = [Double](repeating: .infinity, count: rowTop.count), high = [Double](repeating: -.infinity, count: rowTop.count)
        var result: PartPacking.Outline = []
        for u in partUnits {
            let row = units.units[u].row, half = placement.boxWidth(row: row) / 2
            for b in units.units[u].boxes {
                let x0 = labels.left + boxX[b] - half - layout.minX, x1 = x0 + 2 * half
                if let place = stacked[b] {
                    let bottom = rowTop[row] + Double(place.index + 1) * style.boxHeight + Double(place.index) * LeafStacks.gap
                    result.append((labels.left + place.spine - layout.minX - 1, row > 0 ? rowTop[row - 1] : 0, x1, bottom, false))
                }
                low[row] = min(low[row], x0)
                high[row] = max(high[row], x1)
            }
        }
        for row in rowTop.indices {
            let bottom = rowTop[row] + style.boxHeight
            if low[row] <= high[row] { result.append((low[row], row == 0 ? 0 : rowTop[row], high[row], bottom, false)) }
            guard row + 1 < rowTop.count else { continue }
            let (x0, x1) = (min(low[row], low[row + 1]), max(high[row], high[row + 1]))
            if x0 <= x1 { result.append((x0, bottom, x1, rowTop[row + 1], true)) }
        }
        if labels.left > 0 { result.append((0, 0, labels.left, size.height, false)) }
        if labels.right > 0 { result.append((size.width - labels.right, 0, size.width, size.height, false)) }
        return result
    }

    /// Routing and extent of one part.
    /// - Parameter firstRow: the row the part's top row stands in (its first seed
    ///   generation): the empty rows above take their plain height, computed, not laid out,
    ///   so a part far down costs no more than one at the top.
    /// - Parameter runTrack: by union, where the track of each of the part's runs is written.
    private func layoutPart(_ partUnits: [Int], firstRow: Int, boxX: [Double], stacked: [Int: (index: Int, spine: Double)],
                            runTrack: inout [Int], runShape: inout [Int: SteppedRuns.Shape]) -> PartLayout {
        var rows = (partUnits.map { units.units[$0].row }.max() ?? 0) + 1
        // A stack may reach below the part's last row: the rows it needs are added, empty.
        if !stacked.isEmpty, let part = partUnits.first.map({ units.units[$0].part }) {
            for plan in stacks where units.units[plan.units[0]].part == part { rows = max(rows, plan.row + plan.extraRows + 1) }
        }
        var archDepth = [Int](repeating: 0, count: rows)
        // Each gap's runs, and the union of each (two lists: the router reads the runs alone).
        var runs = [[ConnectorRouting.Run]](repeating: [], count: rows)
        var runUnions = [[Int]](repeating: [], count: rows)
        // Where a run in the gap above each row may not step (`SteppedRuns`).
        var blocked = [[(low: Double, high: Double)]](repeating: [], count: stepsRuns ? rows : 0)
        var minX = Double.infinity, maxX = -Double.infinity
        // Units and their unions read in place, by index: a copy of each would retain its lists.
        for u in partUnits {
            let row = units.units[u].row
            let half = placement.boxWidth(row: row) / 2
            for box in units.units[u].boxes {
                minX = min(minX, boxX[box] - half)
                maxX = max(maxX, boxX[box] + half)
            }
            for k in units.units[u].unions.indices {
                let depth = units.units[u].unions[k].archDepth, isCouple = units.units[u].unions[k].isCouple
                let children = units.units[u].unions[k].childBoxes.count, union = units.units[u].unions[k].union
                archDepth[row] = max(archDepth[row], depth)
                let blocksSteps = stepsRuns && isCouple
                guard children > 0 || blocksSteps else { continue }
                let top = placement.hangX(of: union, order: order, boxX: boxX)
                if blocksSteps {
                    let clear = ConnectorRouting.clearance
                    blocked[row].append((top - clear, top + clear))
                    if depth > 0 {
                        for box in units.units[u].unions[k].boxes { blocked[row].append((boxX[box] - half - clear, boxX[box] + half + clear)) }
                    }
                }
                guard children > 0 else { continue }
                var drops = [Double]()
                drops.reserveCapacity(children)
                for child in units.units[u].unions[k].childBoxes {
                    // (an empty table is not hashed into, child after child)
                    drops.append(stacked.isEmpty ? boxX[child] : stacked[child]?.spine ?? boxX[child])
                }
                drops.sort()
                runs[row].append(ConnectorRouting.Run(top: top, drops: drops))
                runUnions[row].append(union)
            }
        }
        var (tracks, trackCount) = SceneWriter.tracks(runs)
        if stepsRuns {
            for row in 0..<rows where trackCount[row] > 2 {
                let (shapes, count) = SteppedRuns.shapes(for: runs[row], track: tracks[row], count: trackCount[row],
                                                         blocked: row + 1 < rows ? blocked[row + 1] : [])
                guard count < trackCount[row] else { continue }
                trackCount[row] = count
                for k in runs[row].indices where !shapes[k].tracks.isEmpty {
                    tracks[row][k] = shapes[k].tracks[0]
                    if !shapes[k].isStraight { runShape[runUnions[row][k]] = shapes[k] }
                }
            }
        }
        for row in 0..<rows { for (k, union) in runUnions[row].enumerated() { runTrack[union] = tracks[row][k] } }
        let geometry = FamilyGeometry(rows: rows, boxHeight: style.boxHeight, rowGap: style.rowGap,
                                      archDepth: archDepth, tracks: trackCount, pad: trackPad)
        return PartLayout(geometry: geometry, top: Double(firstRow) * (style.boxHeight + style.rowGap), minX: minX,
                          width: maxX - minX)
    }

    /// For each couple of a unit whose bar arches, its rank among the arches that rise from
    /// the same box on the same side (1 = the shortest, rising nearest the box's edge), and
    /// how many there are.
    private func archRanks(_ u: Int) -> [(rank: Int, of: Int)] {
        let unit = units.units[u]
        var ranks = [(rank: Int, of: Int)](repeating: (0, 0), count: unit.unions.count)
        var groups: [Int: [(k: Int, length: Int)]] = [:]
        for (k, p) in unit.unions.enumerated() where p.archDepth > 0 {
            let a = placement.position(of: p.boxes[0], order: order), c = placement.position(of: p.boxes[1], order: order)
            groups[p.boxes[0] * 2 + (c > a ? 1 : 0), default: []].append((k, abs(c - a)))
        }
        for group in groups.values {
            for (rank, item) in group.sorted(by: { ($0.length, $0.k) < ($1.length, $1.k) }).enumerated() {
                ranks[item.k] = (rank + 1, group.count)
            }
        }
        return ranks
    }

    /// A couple's bar (see `SceneWriter.BarShape`): straight when side by side; otherwise
    /// an arch in the couple's lane, hanging its children in the middle of the gap beside
    /// the partner, on the hub's side. Returns where the children hang.
    private func coupleBar(_ p: FamilyUnionPlacement, boxAt: [Int: Int], rank: (rank: Int, of: Int),
                           writer: inout SceneWriter) -> Point {
        guard p.archDepth > 0 else { return writer.addCoupleBar(hub: p.boxes[0], partner: p.boxes[1], union: p.union, shape: .straight) }
        let hub = writer.persons[p.boxes[0]], partner = writer.persons[p.boxes[1]]
        let side = partner.x > hub.x ? 1.0 : -1.0
        let partnerEdge = side > 0 ? partner.x : partner.maxX
        let inner = placement.position(of: p.boxes[1], order: order) - (side > 0 ? 1 : -1)
        let neighbour = boxAt[inner].map { writer.persons[$0] }
        let neighbourEdge = neighbour.map { side > 0 ? $0.maxX : $0.x } ?? partnerEdge - side * style.coupleGap
        return writer.addCoupleBar(hub: p.boxes[0], partner: p.boxes[1], union: p.union, hangX: (neighbourEdge + partnerEdge) / 2,
                                   shape: .lane(rank: rank.rank, of: rank.of, lane: p.archDepth))
    }

    /// The second line of a box: where a reference's person stands (their generation:
    /// the row in their part, below the part's first seed generation), else life years or age.
    private func detail(_ box: FamilyBox, firstRow: [Int]) -> String? {
        guard box.reference != nil else { return SceneBuilder.lifeDetail(of: box.person, graph: graph, style: style) }
        let primary = units.units[units.boxes[units.primaryBox[box.person]].unit]
        return SceneBuilder.referenceDetail(row: primary.row + firstRow[primary.part])
    }

    /// Branches for `colourBy: lineage`, per box: each child of a root unit (a top or
    /// grafted root) starts one, numbered breadth-first left to right; everyone else takes
    /// their own parents' branch (a couple's children their parent's who hangs the group),
    /// and a partner without parents drawn takes the branch of the group they stand in.
    static func lineages(units: FamilyUnits, forest: FamilyForest, placement: FamilyPlacement, order: FamilyOrder) -> [Int?] {
        var lineage = [Int?](repeating: nil, count: units.boxes.count)
        var isRoot = [Bool](repeating: false, count: units.units.count)
        var queue: [Int] = []
        for roots in order.topRoots {
            for root in roots { isRoot[root] = true; queue.append(root) }
        }
        func unionLineage(_ union: Int) -> Int? {
            let boxes = units.units[units.unitOfUnion[union]].unions[units.placementOfUnion[union]].boxes
            let anchor = forest.anchorBox[units.unitOfUnion[union]]
            return lineage[boxes.contains(anchor) ? anchor : boxes[0]]
        }
        var next = 0, head = 0
        while head < queue.count {
            let u = queue[head]
            head += 1
            let members = units.units[u].boxes, upLinks = units.units[u].upLinks  // (not the whole unit: no copy of its unions)
            // Members with their own parents first (in the unit's order), then the others.
            for box in members {
                guard let link = upLinks.first(where: { $0.box == box }) else { continue }
                let parentUnit = units.unitOfUnion[link.union]
                if isRoot[parentUnit] && forest.treeUnion[u] == link.union && forest.anchorBox[u] == box {
                    lineage[box] = next
                    next += 1
                } else {
                    lineage[box] = unionLineage(link.union)
                }
            }
            let shared = lineage[forest.anchorBox[u]] ?? members.lazy.compactMap { lineage[$0] }.first
            for box in members where lineage[box] == nil && !upLinks.contains(where: { $0.box == box }) { lineage[box] = shared }
            for graft in order.graftsBefore[u] { isRoot[graft] = true; queue.append(graft) }
            for k in placement.placementsInDrawnOrder(u, order: order) { queue.append(contentsOf: order.children(of: u, k)) }
            for graft in order.graftsAfter[u] { isRoot[graft] = true; queue.append(graft) }
        }
        return lineage
    }
}
