import FamilyModel

/// The pedigree's adapter to `SceneWriter`: hands it a placed pedigree's boxes, couple
/// bars and lines, rows from the top (the oldest generation) down to the focus, lines
/// routed on tracks in each gap.
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

    /// Where the pedigree's rows stand and its lines run: the tracks in each gap.
    struct Routing {
        var geometry: FamilyGeometry
        /// The track of each node's lines, in the gap below the node's row.
        var trackOf: [Int]
    }

    /// The whole ancestor chart: the pedigree's boxes from the top margin down to the focus row.
    func scene() -> Scene {
        let minX = pedigree.boxes.indices.map { placement.boxX[$0] - placement.widthAtDepth[depth(of: $0)] / 2 }.min() ?? 0
        let maxX = pedigree.boxes.indices.map { placement.boxX[$0] + placement.widthAtDepth[depth(of: $0)] / 2 }.max() ?? 0
        let dx = style.margin - minX
        let routing = routing(dx: dx)
        var writer = SceneWriter(graph: graph, style: style, capacity: pedigree.boxes.count)
        draw(into: &writer, dx: dx, routing: routing, top: style.margin, rootSceneBoxes: nil)
        return writer.scene(width: maxX - minX + 2 * style.margin, height: routing.geometry.height + 2 * style.margin, chart: .ancestors)
    }

    /// Each box's left edge and width as placed (before any shift), the focus group's
    /// boxes left out when `skippingFocusRow` (an hourglass: the descendant block draws them).
    func boxSpans(skippingFocusRow: Bool) -> [(x: Double, width: Double)] {
        pedigree.boxes.indices.compactMap { b in
            if skippingFocusRow, nodeOfBox[b] == 0 { return nil }
            let width = placement.widthAtDepth[depth(of: b)]
            return (placement.boxX[b] - width / 2, width)
        }
    }

    /// The depth of a box's node.
    private func depth(of box: Int) -> Int { pedigree.nodes[nodeOfBox[box]].depth }

    /// The rows and tracks of the pedigree shifted by `dx`, its oldest row's top at 0.
    func routing(dx: Double) -> Routing {
        let rows = pedigree.rows
        // Runs in the gap below each row r (row 0 the oldest generation): a couple and its children.
        var runs = [[(node: Int, run: ConnectorRouting.Run)]](repeating: [], count: rows)
        for (n, node) in pedigree.nodes.enumerated() where n > 0 && !node.childBoxes.isEmpty {
            let row = rows - 1 - node.depth
            runs[row].append((n, ConnectorRouting.Run(top: hangX(n) + dx, drops: node.childBoxes.map { placement.boxX[$0] + dx }.sorted())))
        }
        let (tracks, trackCount) = SceneWriter.tracks(runs.map { $0.map(\.run) })
        var trackOf = [Int](repeating: 0, count: pedigree.nodes.count)
        for row in 0..<rows { for (k, entry) in runs[row].enumerated() { trackOf[entry.node] = tracks[row][k] } }
        let geometry = FamilyGeometry(rows: rows, boxHeight: style.boxHeight, rowGap: style.rowGap,
                                      archDepth: Array(repeating: 0, count: rows), tracks: trackCount)
        return Routing(geometry: geometry, trackOf: trackOf)
    }

    /// Writes the pedigree, routed by `routing(dx:)`, shifted by `dx` and `top`. With
    /// `rootSceneBoxes` (an hourglass), the focus group's boxes are already in the writer at
    /// those indices: they are not drawn again.
    /// `elsewhereRow` gives, for persons drawn in the other block, the row their own box
    /// stands in (counted in the pedigree's rows), for their references' labels.
    func draw(into writer: inout SceneWriter, dx: Double, routing: Routing, top offsetY: Double, rootSceneBoxes: [Int]?,
              elsewhereRow: [Int: Int] = [:]) {
        let rows = pedigree.rows
        let geometry = routing.geometry
        let first = writer.persons.count
        var sceneBox = Array(repeating: -1, count: pedigree.boxes.count)
        if let rootSceneBoxes {
            for (k, b) in pedigree.nodes[0].boxes.enumerated() { sceneBox[b] = rootSceneBoxes[k] }
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
            sceneBox[b] = writer.addBox(person: box.person, generation: row, x: placement.boxX[b] + dx - width / 2,
                                        y: geometry.rowTop[row] + offsetY, width: width,
                                        detail: chart.detail(b, pedigree, graph, row: primaryRow),
                                        reference: box.isReference ? .pedigreeCollapse : nil)
            writer.persons[sceneBox[b]].lineage = box.side
            writer.persons[sceneBox[b]].sosa = box.sosa?.description
        }
        for box in pedigree.boxes.indices where pedigree.boxes[box].isReference && pedigree.primaryBox[pedigree.boxes[box].person] >= 0 {
            let primary = sceneBox[pedigree.primaryBox[pedigree.boxes[box].person]]
            if primary >= first { writer.countReference(to: primary) }
        }
        for (n, node) in pedigree.nodes.enumerated() where n > 0 {
            let boxes = node.boxes.map { sceneBox[$0] }
            let hang = boxes.count == 2 ? writer.addCoupleBar(hub: boxes[0], partner: boxes[1], union: node.union, shape: .straight)
                : writer.hangBelow(boxes[0])
            let trackY = geometry.trackY[rows - 1 - node.depth][routing.trackOf[n]] + offsetY
            let parents = writer.parents(boxes, leftToRight: false)  // father, then mother
            let union = graph.unions[node.union]
            var indexOfChild: [Int: Int] = [:]  // for a large sibling group, found once
            if node.childBoxes.count > 8 { for (k, c) in union.children.enumerated() where indexOfChild[c] == nil { indexOfChild[c] = k } }
            for childBox in node.childBoxes {
                let person = pedigree.boxes[childBox].person
                let k = node.childBoxes.count > 8 ? indexOfChild[person] : union.children.firstIndex(of: person)
                writer.addConnector(from: hang, parents: parents, child: sceneBox[childBox], acrossY: trackY,
                                    link: k.map { union.childLinks[$0] } ?? .birth)
            }
        }
    }

    /// Where a couple's children hang from: the middle of their bar, or a single parent's box centre.
    private func hangX(_ n: Int) -> Double {
        let boxes = pedigree.nodes[n].boxes
        return boxes.count == 2 ? (placement.boxX[boxes[0]] + placement.boxX[boxes[1]]) / 2 : placement.boxX[boxes[0]]
    }
}
