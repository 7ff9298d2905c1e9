import FamilyModel

/// Turns placed units into boxes, couple bars and connectors, shifted so the chart's
/// left edge sits at the margin.
struct SceneBuilder {
    let graph: FamilyGraph
    let units: ChartUnits
    let anchors: [Double]
    let style: LayoutStyle

    func build() -> Scene {
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
        var persons: [PersonBox] = []
        persons.reserveCapacity(units.boxes.count)
        for box in units.boxes {
            let row = units.units[box.unit].row
            let w = units.boxWidth(row: row)
            var person = PersonBox(person: box.person, of: graph, style: style, generation: row,
                                   x: anchors[units.units[box.unit].node] + box.offset - w / 2 + dx, y: style.rowY(row), width: w,
                                   detail: Self.detail(of: box, graph: graph, units: units, style: style), isReference: box.isReference)
            person.lineage = units.units[box.unit].lineage
            if box.isReference { person.referenceReason = .metAgain }
            persons.append(person)
        }
        for box in units.boxes where box.isReference {
            let primary = units.primaryBox[box.person]
            if primary >= 0 { persons[primary].references += 1 }
        }

        var bars: [CoupleBar] = []
        var connectors: [Connector] = []
        for unit in units.units {
            // Unions with children get channels from 0.3 to 0.7 of the gap, in their order
            // (counted as they come: a person with thousands of partners must not search).
            let treeUnions = unit.unions.count > 1 ? unit.unions.reduce(0) { $0 + ($1.childBoxes.isEmpty ? 0 : 1) } : 0
            var k = 0
            for drawn in unit.unions {
                let hang = hangPoint(drawn, unit: unit, persons: persons)
                if let partnerBox = drawn.partnerBox {
                    bars.append(bar(drawn, anchor: unit.anchorBox, partner: partnerBox, hang: hang, persons: persons))
                }
                let parentBoxes = drawn.partnerBox.map { [unit.anchorBox, $0].sorted { persons[$0].x < persons[$1].x } } ?? [unit.anchorBox]
                let parents = (boxes: parentBoxes, ids: parentBoxes.map { persons[$0].id })  // shared by the union's connectors
                let fraction = treeUnions < 2 ? 0.5 : 0.3 + 0.4 * Double(k) / Double(treeUnions - 1)
                if !drawn.childBoxes.isEmpty { k += 1 }
                for (child, link) in zip(drawn.childBoxes, drawn.childLinks) {
                    var line = connector(from: hang, parents: parents, to: child, row: unit.row, fraction: fraction,
                                         crossLink: false, persons: persons)
                    line.link = link
                    connectors.append(line)
                }
                for child in drawn.crossLinkBoxes {
                    connectors.append(connector(from: hang, parents: parents, to: child, row: unit.row, fraction: 0.75,
                                                crossLink: true, persons: persons))
                }
            }
        }
        let rows = Double(maxRow + 1)
        return Scene(width: (maxX - minX) + 2 * style.margin,
                     height: 2 * style.margin + rows * style.boxHeight + (rows - 1) * style.rowGap,
                     persons: persons, coupleBars: bars, connectors: connectors)
    }

    /// The second line of a box: where a reference's person is drawn, else the life years
    /// (unless hidden), else the age (unless hidden).
    static func detail(of box: ChartBox, graph: FamilyGraph, units: ChartUnits, style: LayoutStyle) -> String? {
        if box.isReference {
            let primary = units.primaryBox[box.person]
            return primary >= 0 ? referenceDetail(row: units.units[units.boxes[primary].unit].row) : "drawn elsewhere"
        }
        return lifeDetail(of: box.person, graph: graph, style: style)
    }

    /// A reference box's second line: the generation (row from the chart's top, 0-based)
    /// where the person's own box stands, counted from 1.
    static func referenceDetail(row: Int) -> String { "see generation \(row + 1)" }

    /// A person's own second line: the life years (unless hidden), else the age (unless hidden).
    static func lifeDetail(of person: Int, graph: FamilyGraph, style: LayoutStyle) -> String? {
        if style.showsDates, let years = graph.persons[person].lifeYears(using: style.dateWords) { return years }
        if style.showsAge, let age = graph.persons[person].age { return "age \(age)" }
        return nil
    }

    /// Where a union's children hang from: the middle of the gap beside the partner at
    /// mid-height, or a single parent's bottom centre.
    private func hangPoint(_ drawn: DrawnUnion, unit: ChartUnit, persons: [PersonBox]) -> Point {
        let anchor = persons[unit.anchorBox]
        if drawn.partnerBox == nil { return Point(anchor.centerX, anchor.maxY) }
        return Point(anchor.centerX + drawn.hangOffset, anchor.y + style.boxHeight / 2)
    }

    /// A partner beside the anchor is joined by a straight bar between the facing edges; one
    /// further out by a bar that rises from the anchor's top, passes over the partners in
    /// between (higher for each further partner, so bars nest without crossing) and comes
    /// down into the gap beside the partner.
    private func bar(_ drawn: DrawnUnion, anchor anchorBox: Int, partner partnerBox: Int, hang: Point,
                     persons: [PersonBox]) -> CoupleBar {
        let anchor = persons[anchorBox], partner = persons[partnerBox]
        let side = drawn.slot > 0 ? 1.0 : -1.0
        let partnerEdge = Point(side > 0 ? partner.x : partner.maxX, hang.y)
        let points: [Point]
        if abs(drawn.slot) == 1 {
            points = [Point(side > 0 ? anchor.maxX : anchor.x, hang.y), partnerEdge]
        } else {
            let depth = Double(abs(drawn.slot) - 1)
            let riseX = anchor.centerX + side * (anchor.width / 2 - 6 * depth)
            let archY = anchor.y - min(style.rowGap * 0.4, 5 * depth)
            points = [Point(riseX, anchor.y), Point(riseX, archY), Point(hang.x, archY), hang, partnerEdge]
        }
        let ordered = side > 0 ? [anchorBox, partnerBox] : [partnerBox, anchorBox]
        return CoupleBar(ids: ordered.map { persons[$0].id }, boxes: ordered, points: points, hang: hang,
                         isDivorced: graph.unions[drawn.union].isDivorced)
    }

    /// Down from the hang point to the row gap, across, and down to the child's top centre.
    /// Unions of one unit use different heights in the gap, and cross links run lowest, so
    /// lines of different parents never merge.
    private func connector(from start: Point, parents: (boxes: [Int], ids: [String]), to child: Int, row: Int, fraction: Double,
                           crossLink: Bool, persons: [PersonBox]) -> Connector {
        let end = Point(persons[child].centerX, persons[child].y)
        let channel = style.rowY(row) + style.boxHeight + style.rowGap * fraction
        let points = abs(start.x - end.x) < 1e-9
            ? [start, end]
            : [start, Point(start.x, channel), Point(end.x, channel), end]
        return Connector(parents: parents.ids, child: persons[child].id, parentBoxes: parents.boxes, childBox: child,
                         points: points, crossLink: crossLink)
    }
}
