import FamilyModel

/// Writes a placed pedigree as scene boxes, couple bars and lines: rows from the top
/// (the oldest generation) down to the focus, lines routed on tracks in each gap.
struct PedigreeSceneBuilder {
    let chart: AncestorChart
    let graph: FamilyGraph
    let placement: AncestorChart.Placement
    /// The node each box stands in.
    private let nodeOfBox: [Int]

    init(chart: AncestorChart, graph: FamilyGraph, placement: AncestorChart.Placement) {
        self.chart = chart
        self.graph = graph
        self.placement = placement
        var nodeOfBox = [Int](repeating: 0, count: placement.pedigree.boxes.count)
        for (n, node) in placement.pedigree.nodes.enumerated() { for b in node.boxes { nodeOfBox[b] = n } }
        self.nodeOfBox = nodeOfBox
    }

    private var pedigree: Pedigree { placement.pedigree }
    private var style: LayoutStyle { chart.style }

    /// The part of the scene the pedigree adds, and where its rows stand.
    struct Drawing {
        var persons: [PersonBox] = []
        var bars: [CoupleBar] = []
        var connectors: [Connector] = []
        /// Scene index of each pedigree box.
        var sceneBox: [Int] = []
        var height = 0.0
    }

    /// The whole ancestor chart: the pedigree's boxes from the top margin down to the focus row.
    func scene() -> Scene {
        let minX = pedigree.boxes.indices.map { placement.boxX[$0] - placement.widthAtDepth[depth(of: $0)] / 2 }.min() ?? 0
        let maxX = pedigree.boxes.indices.map { placement.boxX[$0] + placement.widthAtDepth[depth(of: $0)] / 2 }.max() ?? 0
        let drawing = draw(dx: style.margin - minX, top: style.margin, rootSceneBoxes: nil)
        return Scene(width: maxX - minX + 2 * style.margin, height: drawing.height + 2 * style.margin,
                     persons: drawing.persons, coupleBars: drawing.bars, connectors: drawing.connectors, chart: .ancestors)
    }

    /// The depth of a box's node.
    private func depth(of box: Int) -> Int { pedigree.nodes[nodeOfBox[box]].depth }

    /// Draws the pedigree shifted by `dx`, its oldest row's top at `top`. With
    /// `rootSceneBoxes` (an hourglass), the focus group's boxes are already in the scene at
    /// those indices, `first` boxes on: they are not drawn again, and the pedigree's rows
    /// end with the gap above them.
    /// `elsewhereRow` gives, for persons drawn in the other block, the row their own box
    /// stands in (counted in the pedigree's rows), for their references' labels.
    func draw(dx: Double, top: Double, rootSceneBoxes: [Int]?, first: Int = 0, rootTop: Double? = nil,
              existing: [PersonBox] = [], elsewhereRow: [Int: Int] = [:]) -> Drawing {
        let rows = pedigree.rows
        // Runs in the gap below each row r (row 0 the oldest generation): a couple and its children.
        var runs = [[(node: Int, run: ConnectorRouting.Run)]](repeating: [], count: rows)
        for (n, node) in pedigree.nodes.enumerated() where n > 0 && !node.childBoxes.isEmpty {
            let row = rows - 1 - node.depth
            runs[row].append((n, ConnectorRouting.Run(top: hangX(n) + dx, drops: node.childBoxes.map { placement.boxX[$0] + dx }.sorted())))
        }
        var trackOf = [Int](repeating: 0, count: pedigree.nodes.count)
        var trackCount = [Int](repeating: 0, count: rows)
        for row in 0..<rows where !runs[row].isEmpty {
            let (tracks, count) = ConnectorRouting.tracks(for: runs[row].map(\.run))
            trackCount[row] = count
            for (k, entry) in runs[row].enumerated() { trackOf[entry.node] = tracks[k] }
        }
        let geometry = FamilyGeometry(rows: rows, boxHeight: style.boxHeight, rowGap: style.rowGap,
                                      archDepth: Array(repeating: 0, count: rows), tracks: trackCount)
        // In an hourglass the focus row is the descendant block's: shift so it lands on `rootTop`.
        let offsetY = rootTop.map { $0 - geometry.rowTop[rows - 1] } ?? top
        var drawing = Drawing()
        drawing.height = geometry.height
        drawing.sceneBox = Array(repeating: -1, count: pedigree.boxes.count)
        if let rootSceneBoxes {
            for (k, b) in pedigree.nodes[0].boxes.enumerated() { drawing.sceneBox[b] = rootSceneBoxes[k] }
        }
        for (b, box) in pedigree.boxes.enumerated() {
            let node = nodeOfBox[b]
            if node == 0, rootSceneBoxes != nil { continue }
            let depth = pedigree.nodes[node].depth
            let row = rows - 1 - depth
            let width = placement.widthAtDepth[depth]
            let own = pedigree.primaryBox[box.person]
            let primaryRow = !box.isReference ? row : own >= 0 ? rows - 1 - pedigree.nodes[nodeOfBox[own]].depth
                : (elsewhereRow[box.person] ?? row)
            var person = PersonBox(person: box.person, of: graph, style: style, generation: row,
                                   x: placement.boxX[b] + dx - width / 2, y: geometry.rowTop[row] + offsetY, width: width,
                                   detail: chart.detail(b, pedigree, graph, row: primaryRow), isReference: box.isReference)
            person.referenceReason = box.isReference ? .pedigreeCollapse : nil
            person.lineage = box.side
            person.sosa = box.sosa?.description
            drawing.sceneBox[b] = first + drawing.persons.count
            drawing.persons.append(person)
        }
        for box in pedigree.boxes.indices where pedigree.boxes[box].isReference && pedigree.primaryBox[pedigree.boxes[box].person] >= 0 {
            let primary = drawing.sceneBox[pedigree.primaryBox[pedigree.boxes[box].person]]
            if primary >= first { drawing.persons[primary - first].references += 1 }
        }
        func scenePerson(_ index: Int) -> PersonBox { index >= first ? drawing.persons[index - first] : existing[index] }
        for (n, node) in pedigree.nodes.enumerated() where n > 0 {
            let boxes = node.boxes.map { drawing.sceneBox[$0] }
            let hang: Point
            if boxes.count == 2 {
                let (father, mother) = (scenePerson(boxes[0]), scenePerson(boxes[1]))
                let y = father.y + father.height / 2
                hang = Point((father.maxX + mother.x) / 2, y)
                drawing.bars.append(CoupleBar(ids: [father.id, mother.id], boxes: boxes, points: [Point(father.maxX, y), Point(mother.x, y)],
                                              hang: hang, isDivorced: graph.unions[node.union].isDivorced))
            } else {
                let parent = scenePerson(boxes[0])
                hang = Point(parent.centerX, parent.maxY)
            }
            let row = rows - 1 - node.depth
            let trackY = geometry.trackY[row][trackOf[n]] + offsetY
            let union = graph.unions[node.union]
            var indexOfChild: [Int: Int] = [:]  // for a large sibling group, found once
            if node.childBoxes.count > 8 { for (k, c) in union.children.enumerated() where indexOfChild[c] == nil { indexOfChild[c] = k } }
            for childBox in node.childBoxes {
                let child = drawing.sceneBox[childBox]
                let person = scenePerson(child)
                let end = Point(person.centerX, person.y)
                let points = abs(hang.x - end.x) < 1e-9 ? [hang, end] : [hang, Point(hang.x, trackY), Point(end.x, trackY), end]
                let person0 = pedigree.boxes[childBox].person
                let k = node.childBoxes.count > 8 ? indexOfChild[person0] : union.children.firstIndex(of: person0)
                drawing.connectors.append(Connector(parents: boxes.map { scenePerson($0).id }, child: person.id, parentBoxes: boxes,
                                                    childBox: child, points: points, link: k.map { union.childLinks[$0] } ?? .birth))
            }
        }
        return drawing
    }

    /// Where a couple's children hang from: the middle of their bar, or a single parent's box centre.
    private func hangX(_ n: Int) -> Double {
        let boxes = pedigree.nodes[n].boxes
        return boxes.count == 2 ? (placement.boxX[boxes[0]] + placement.boxX[boxes[1]]) / 2 : placement.boxX[boxes[0]]
    }
}
