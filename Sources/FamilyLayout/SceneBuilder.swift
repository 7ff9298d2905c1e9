import FamilyModel

/// The descendant chart's adapter to `SceneWriter`: hands it the placed units' boxes,
/// couple bars (coat hangers) and connectors (routed on tracks as in the family chart,
/// `ConnectorRouting`), shifted so the chart's left edge sits at the margin. Made, it is the
/// placed block (where each box stands, how its lines are routed); `build` writes it as the
/// descendant chart, `write(into:…)` as the lower block of an hourglass.
struct SceneBuilder {
    let graph: FamilyGraph
    let units: ChartUnits
    let anchors: [Double]
    let style: LayoutStyle
    /// How far the placed units move right so that the block's left edge sits at the margin.
    let dx: Double
    /// The block's page width: its boxes' span and a margin each side.
    let width: Double
    /// The block's rows and the tracks of its lines, its top row's top at 0.
    let geometry: FamilyGeometry
    /// The track of each routed run, per row.
    private let track: [[Int]]
    /// For each unit's unions, the run of its children's lines and of its cross links'.
    private let runOf: [[(tree: Int?, cross: Int?)]]

    /// Places the block: its page left edge and its routing (on tracks, as in the family chart).
    init(graph: FamilyGraph, units: ChartUnits, anchors: [Double], style: LayoutStyle) {
        self.graph = graph
        self.units = units
        self.anchors = anchors
        self.style = style
        var minX = Double.infinity
        var maxX = -Double.infinity
        var maxRow = 0
        for unit in units.units {
            let anchor = anchors[unit.node]
            let w = units.boxWidth(row: unit.row)
            minX = min(minX, anchor + units.boxes[unit.boxes.first!].offset - w / 2)
            maxX = max(maxX, anchor + units.boxes[unit.boxes.last!].offset + w / 2)
            maxRow = max(maxRow, unit.row)
        }
        if units.units.isEmpty { minX = 0; maxX = 0 }  // nothing to draw: an empty page, never NaN
        let dx = style.margin - minX
        self.dx = dx
        width = (maxX - minX) + 2 * style.margin
        func centreX(_ box: Int) -> Double { anchors[units.units[units.boxes[box].unit].node] + units.boxes[box].offset + dx }

        // Routing, as in the family chart: each union's lines to its children are one run
        // (its lines to children drawn under other parents, dashed, another), on tracks in
        // the gap below the row chosen so that runs never overlap and cross as little as can be.
        var runs = [[ConnectorRouting.Run]](repeating: [], count: maxRow + 1)
        var runOf: [[(tree: Int?, cross: Int?)]] = units.units.map { Array(repeating: (nil, nil), count: $0.unions.count) }
        var archDepth = [Int](repeating: 0, count: maxRow + 1)
        for (u, unit) in units.units.enumerated() {
            for (k, drawn) in unit.unions.enumerated() {
                if drawn.partnerBox != nil { archDepth[unit.row] = max(archDepth[unit.row], abs(drawn.slot) - 1) }
                let top = centreX(unit.anchorBox) + (drawn.partnerBox == nil ? 0 : drawn.hangOffset)
                if !drawn.childBoxes.isEmpty {
                    runOf[u][k].tree = runs[unit.row].count
                    runs[unit.row].append(ConnectorRouting.Run(top: top, drops: drawn.childBoxes.map(centreX).sorted()))
                }
                if !drawn.crossLinkBoxes.isEmpty {
                    runOf[u][k].cross = runs[unit.row].count
                    runs[unit.row].append(ConnectorRouting.Run(top: top, drops: drawn.crossLinkBoxes.map(centreX).sorted()))
                }
            }
        }
        let (track, trackCount) = SceneWriter.tracks(runs)
        self.track = track
        self.runOf = runOf
        geometry = FamilyGeometry(rows: maxRow + 1, boxHeight: style.boxHeight, rowGap: style.rowGap,
                                  archDepth: archDepth, tracks: trackCount)
    }

    /// The centre x of box `box` on the block's page (its left edge at the margin).
    func centreX(_ box: Int) -> Double { anchors[units.units[units.boxes[box].unit].node] + units.boxes[box].offset + dx }

    /// The row of box `box`, 0 the block's top row.
    func row(of box: Int) -> Int { units.units[units.boxes[box].unit].row }

    /// The descendant chart: the block on its own page, hang points nudged clear of other families' lines.
    func build() -> Scene {
        var writer = SceneWriter(graph: graph, style: style, capacity: units.boxes.count)
        write(into: &writer)
        var scene = writer.scene(width: width, height: 2 * style.margin + geometry.height, chart: .descendants)
        nudgeHangs(in: &scene)
        return scene
    }

    /// Moves the written block's lines clear of other families' (`moveLinesApart`).
    func nudgeHangs(in scene: inout Scene) {
        Self.moveLinesApart(in: &scene, families: LineFamilies(of: scene), rowGap: style.rowGap)
    }

    /// Moves hang points clear of other families' upright lines (`HangNudging`), then the
    /// risers of arches beside a drop that had no room (`RiserNudging`), then a child's drop
    /// that still comes down within reach of another family's line (`DropNudging`: a hang
    /// point on a short bar piece may have no room). Lines nearer than the scene metrics'
    /// separation, end to end within `rowGap`, read as one. Family and descendant charts.
    static func moveLinesApart(in scene: inout Scene, families: LineFamilies, rowGap: Double) {
        let minimum = ChartMetrics.separation + 1
        HangNudging(minimum: minimum, reach: rowGap).apply(to: &scene, families: families)
        RiserNudging(minimum: minimum, reach: rowGap).apply(to: &scene, families: families)
        DropNudging(minimum: minimum, reach: rowGap).apply(to: &scene, families: families)
    }

    /// Writes the block's boxes, bars and lines into `writer`, which must be empty (box `b`
    /// of the units becomes the scene's box `b`): moved `shiftX` right of its own page and
    /// `dy` down, its rows numbered from `rowsAbove` (an hourglass's ancestor rows stand above it).
    func write(into writer: inout SceneWriter, shiftX: Double = 0, dy: Double = 0, rowsAbove: Int = 0) {
        for (b, box) in units.boxes.enumerated() {
            let row = units.units[box.unit].row
            let w = units.boxWidth(row: row)
            let index = writer.addBox(person: box.person, generation: row + rowsAbove, x: centreX(b) + shiftX - w / 2,
                                      y: style.margin + geometry.rowTop[row] + dy, width: w,
                                      detail: Self.detail(of: box, graph: graph, units: units, style: style, rowsAbove: rowsAbove),
                                      reference: box.carriesFurtherPartners ? .manyPartners : box.isReference ? .metAgain : nil)
            writer.persons[index].lineage = units.units[box.unit].lineage
        }
        for box in units.boxes where box.isReference {
            let primary = units.primaryBox[box.person]
            if primary >= 0 { writer.countReference(to: primary) }
        }

        for (u, unit) in units.units.enumerated() {
            // Partners further out are reached by bars arching over the nearer ones, each in
            // its own lane (as the family chart's arches): the partner in slot ±s arches in
            // lane s − 1, rising s − 1 steps in from the hub's edge on that side.
            var arches = (left: 0, right: 0)
            for drawn in unit.unions where drawn.partnerBox != nil && abs(drawn.slot) > 1 {
                if drawn.slot > 0 { arches.right = max(arches.right, drawn.slot - 1) } else { arches.left = max(arches.left, -drawn.slot - 1) }
            }
            for (k, drawn) in unit.unions.enumerated() {
                let hang: Point
                if let partnerBox = drawn.partnerBox {
                    let anchor = writer.persons[unit.anchorBox]
                    let depth = abs(drawn.slot) - 1
                    hang = writer.addCoupleBar(hub: unit.anchorBox, partner: partnerBox, union: drawn.union,
                                               hangX: anchor.centerX + drawn.hangOffset,
                                               shape: depth == 0 ? .straight
                                                   : .lane(rank: depth, of: drawn.slot > 0 ? arches.right : arches.left, lane: depth))
                } else {
                    hang = writer.hangBelow(unit.anchorBox)
                }
                let parents = writer.parents(drawn.partnerBox.map { [unit.anchorBox, $0] } ?? [unit.anchorBox])
                func acrossY(_ run: Int?) -> Double {
                    let tracks = geometry.trackY[unit.row]
                    return style.margin + tracks[min(track[unit.row][run ?? 0], tracks.count - 1)] + dy
                }
                for (child, link) in zip(drawn.childBoxes, drawn.childLinks) {
                    writer.addConnector(from: hang, parents: parents, child: child, acrossY: acrossY(runOf[u][k].tree), link: link)
                }
                for child in drawn.crossLinkBoxes {
                    writer.addConnector(from: hang, parents: parents, child: child, acrossY: acrossY(runOf[u][k].cross), crossLink: true,
                                        style: .crossLink)
                }
            }
        }
    }

    /// The second line of a box: where a reference's person is drawn, else the life years
    /// (unless hidden), else the age (unless hidden).
    /// `rowsAbove` rows stand above the units' top row (an hourglass's ancestors).
    static func detail(of box: ChartBox, graph: FamilyGraph, units: ChartUnits, style: LayoutStyle, rowsAbove: Int = 0) -> String? {
        if box.isReference {
            let primary = units.primaryBox[box.person]
            return primary >= 0 ? referenceDetail(row: units.units[units.boxes[primary].unit].row + rowsAbove) : "drawn elsewhere"
        }
        return lifeDetail(of: box.person, graph: graph, style: style)
    }

    /// A reference box's second line: the generation (row from the chart's top, 0-based)
    /// where the person's own box stands, counted from 1.
    static func referenceDetail(row: Int) -> String { "\(referencePrefix)\(row + 1)" }
    /// The words before the row number in a reference's detail.
    static let referencePrefix = "see generation "

    /// A person's own second line: the life years (unless hidden), else the age (unless hidden).
    static func lifeDetail(of person: Int, graph: FamilyGraph, style: LayoutStyle) -> String? {
        if style.readsStandIns {
            if style.showsDates, let years = graph.persons[person].lifeYears(using: style.dateWords, standIns: BoxContent.standInMarks) { return years }
            if style.showsAge, let age = graph.persons[person].boxAge { return "age \(age)" }
            return nil
        }
        if style.showsDates, let years = graph.persons[person].lifeYears(using: style.dateWords) { return years }
        if style.showsAge, let age = graph.persons[person].age { return "age \(age)" }
        return nil
    }
}
