import FamilyModel

/// The descendant chart's adapter to `SceneWriter`: hands it the placed units' boxes,
/// couple bars (coat hangers) and connectors (in fixed channels), shifted so the chart's
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
        var writer = SceneWriter(graph: graph, style: style, capacity: units.boxes.count)
        for box in units.boxes {
            let row = units.units[box.unit].row
            let w = units.boxWidth(row: row)
            let b = writer.addBox(person: box.person, generation: row,
                                  x: anchors[units.units[box.unit].node] + box.offset - w / 2 + dx, y: style.rowY(row), width: w,
                                  detail: Self.detail(of: box, graph: graph, units: units, style: style),
                                  reference: box.isReference ? .metAgain : nil)
            writer.persons[b].lineage = units.units[box.unit].lineage
        }
        for box in units.boxes where box.isReference {
            let primary = units.primaryBox[box.person]
            if primary >= 0 { writer.countReference(to: primary) }
        }

        for unit in units.units {
            // Unions with children get channels from 0.3 to 0.7 of the gap, in their order
            // (counted as they come: a person with thousands of partners must not search).
            let treeUnions = unit.unions.count > 1 ? unit.unions.reduce(0) { $0 + ($1.childBoxes.isEmpty ? 0 : 1) } : 0
            var k = 0
            for drawn in unit.unions {
                let hang: Point
                if let partnerBox = drawn.partnerBox {
                    let anchor = writer.persons[unit.anchorBox]
                    hang = writer.addCoupleBar(hub: unit.anchorBox, partner: partnerBox, union: drawn.union,
                                               hangX: anchor.centerX + drawn.hangOffset,
                                               shape: abs(drawn.slot) == 1 ? .straight : .coatHanger(depth: abs(drawn.slot) - 1))
                } else {
                    hang = writer.hangBelow(unit.anchorBox)
                }
                let parents = writer.parents(drawn.partnerBox.map { [unit.anchorBox, $0] } ?? [unit.anchorBox])
                let channel = writer.channelY(belowRow: unit.row, union: k, of: treeUnions)
                if !drawn.childBoxes.isEmpty { k += 1 }
                for (child, link) in zip(drawn.childBoxes, drawn.childLinks) {
                    writer.addConnector(from: hang, parents: parents, child: child, acrossY: channel, link: link)
                }
                let crossChannel = writer.channelY(belowRow: unit.row, union: 0, of: 0, crossLink: true)
                for child in drawn.crossLinkBoxes {
                    writer.addConnector(from: hang, parents: parents, child: child, acrossY: crossChannel, crossLink: true)
                }
            }
        }
        let rows = Double(maxRow + 1)
        return writer.scene(width: (maxX - minX) + 2 * style.margin,
                            height: 2 * style.margin + rows * style.boxHeight + (rows - 1) * style.rowGap, chart: .descendants)
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
    static func referenceDetail(row: Int) -> String { "\(referencePrefix)\(row + 1)" }
    /// The words before the row number in a reference's detail.
    static let referencePrefix = "see generation "

    /// A person's own second line: the life years (unless hidden), else the age (unless hidden).
    static func lifeDetail(of person: Int, graph: FamilyGraph, style: LayoutStyle) -> String? {
        if style.showsDates, let years = graph.persons[person].lifeYears(using: style.dateWords) { return years }
        if style.showsAge, let age = graph.persons[person].age { return "age \(age)" }
        return nil
    }
}
