import FamilyModel

/// Turns placed units into boxes, couple bars and connectors, shifted so the chart's
/// left edge sits at the margin.
struct SceneBuilder {
    let graph: FamilyGraph
    let units: ChartUnits
    let anchors: [Double]
    let style: LayoutStyle

    func build() -> Scene {
        let w = style.boxWidth
        let h = style.boxHeight
        let coupleSpan = w + style.coupleGap
        // Left edge of each member's box, before normalising.
        var boxX = [Double](repeating: 0, count: graph.count)
        var minX = Double.infinity
        var maxX = -Double.infinity
        for unit in units.units {
            let anchor = anchors[unit.node]
            for (k, m) in unit.members.enumerated() {
                boxX[m] = anchor - w / 2 + Double(k) * coupleSpan
            }
            minX = min(minX, boxX[unit.members[0]])
            maxX = max(maxX, boxX[unit.members[unit.members.count - 1]] + w)
        }
        let dx = style.margin - minX
        var maxGeneration = 0
        var persons: [PersonBox] = []
        persons.reserveCapacity(graph.count)
        for (i, person) in graph.persons.enumerated() {
            boxX[i] += dx
            maxGeneration = max(maxGeneration, person.generation)
            let detail = style.showsAge ? person.age.map { "age \($0)" } : nil
            persons.append(PersonBox(id: person.id, name: person.name, gender: person.gender, generation: person.generation,
                                     x: boxX[i], y: style.rowY(person.generation), width: w, height: h, detail: detail))
        }

        var bars: [CoupleBar] = []
        var connectors: [Connector] = []
        for (u, unit) in units.units.enumerated() {
            let top = style.rowY(unit.generation)
            if unit.members.count == 2 {
                let left = unit.members[0], right = unit.members[1]
                bars.append(CoupleBar(ids: [graph.persons[left].id, graph.persons[right].id],
                                      x1: boxX[left] + w, x2: boxX[right], y: top + h / 2))
            }
            for child in units.childUnits[u] {
                connectors.append(connector(from: unit, to: units.units[child].members[0], boxX: boxX, crossLink: false))
            }
        }
        for link in units.crossLinks {
            connectors.append(connector(from: units.units[link.parentUnit], to: link.child, boxX: boxX, crossLink: true))
        }
        let rows = Double(maxGeneration + 1)
        return Scene(width: (maxX - minX) + 2 * style.margin,
                     height: 2 * style.margin + rows * h + (rows - 1) * style.rowGap,
                     persons: persons, coupleBars: bars, connectors: connectors)
    }

    /// Down from the parent unit to the row gap, across, and down to the child's top centre.
    /// Cross links run lower in the gap so they never merge with the ordinary lines.
    private func connector(from unit: ChartUnit, to child: Int, boxX: [Double], crossLink: Bool) -> Connector {
        let w = style.boxWidth
        let h = style.boxHeight
        let top = style.rowY(unit.generation)
        let start: Point
        if unit.members.count == 2 {
            start = Point((boxX[unit.members[0]] + w + boxX[unit.members[1]]) / 2, top + h / 2)
        } else {
            start = Point(boxX[unit.members[0]] + w / 2, top + h)
        }
        let end = Point(boxX[child] + w / 2, style.rowY(graph.persons[child].generation))
        let channel = top + h + style.rowGap * (crossLink ? 0.75 : 0.5)
        let points = abs(start.x - end.x) < 1e-9
            ? [start, end]
            : [start, Point(start.x, channel), Point(end.x, channel), end]
        return Connector(parents: unit.members.map { graph.persons[$0].id }, child: graph.persons[child].id,
                         points: points, crossLink: crossLink)
    }
}
