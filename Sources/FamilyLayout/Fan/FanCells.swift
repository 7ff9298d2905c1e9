import FamilyModel

/// One cell of a fan: a person (or an unknown ancestor's empty place) in a ring, between
/// two angles (degrees, as the scene measures them).
struct FanCell: Equatable {
    var person: Int?
    var ring: Int
    var start: Double
    var end: Double
    /// The Sosa number (ancestor fans).
    var sosa: Int?
    /// A person drawn again (pedigree collapse): the Sosa number of their first cell in an
    /// ancestor fan, the index of their first cell in a descendant fan.
    var repeatOf: Int?
    /// The branch the cell belongs to, for lineage colours: in an ancestor fan the
    /// grandparent's quarter 0…3 (ring 1: the father's side 0, the mother's 2), in a
    /// descendant fan the centre's child it descends from (0, 1, …); nil for the centre.
    var branch: Int?

    var angle: Double { end - start }
}

/// The cells of an ancestor fan from Sosa numbers: ring k holds Sosa numbers 2^k … 2^(k+1) − 1,
/// number n in slot n − 2^k of 2^k equal slots, so the father's side is on the left.
enum AncestorFanCells {
    /// - Complexity: O(2^generations) (at most 4,095 places).
    static func cells(graph: FamilyGraph, focus: Int, generations: Int, start: Double, sweep: Double,
                      empty: FanEmptyCells) -> [FanCell] {
        let places = 1 << generations
        // who[n]: the person at Sosa n, -1 unknown; shown[n]: whether an empty place is drawn.
        var who = [Int](repeating: -1, count: places)
        var first = [Int: Int]()
        var shown = [Bool](repeating: false, count: places)
        who[1] = focus
        first[focus] = 1
        var cells: [FanCell] = []
        for n in 1..<places {
            let ring = Self.ring(of: n)
            let slots = Double(1 << ring)
            var cell = FanCell(person: nil, ring: ring, start: start + Double(n - (1 << ring)) * sweep / slots,
                               end: start + Double(n - (1 << ring) + 1) * sweep / slots, sosa: n,
                               branch: ring == 0 ? nil : ring == 1 ? (n - 2) * 2 : (n >> (ring - 2)) - 4)
            let person = who[n]
            if person >= 0 {
                cell.person = person
                if first[person] != n {
                    cell.repeatOf = first[person]
                    cells.append(cell)
                    continue  // nothing above a repeat: the first place shows their ancestors
                }
                cells.append(cell)
                guard 2 * n + 1 < places else { continue }
                shown[2 * n] = empty != .hide
                shown[2 * n + 1] = empty != .hide
                let family = graph.birthFamily(of: person)
                guard family >= 0 else { continue }
                let partners = Pedigree.fatherFirst(graph.unions[family].partners, graph)
                for (k, parent) in partners.enumerated() {
                    let isMother = partners.count == 2 ? k == 1 : graph.persons[parent].gender == .female
                    let m = 2 * n + (isMother ? 1 : 0)
                    who[m] = parent
                    if first[parent] == nil { first[parent] = m }
                }
            } else if shown[n] {
                cells.append(cell)
                if empty == .show, 2 * n + 1 < places {
                    shown[2 * n] = true
                    shown[2 * n + 1] = true
                }
            }
        }
        return cells
    }

    /// The ring of Sosa number `n` ≥ 1: ⌊log₂ n⌋.
    static func ring(of n: Int) -> Int { Int.bitWidth - 1 - n.leadingZeroBitCount }
}

/// The cells of a descendant fan: the centre's children in ring 1, their children in ring 2
/// beyond them, and so on; each person's angle is shared among their children in birth
/// order in proportion to the number of leaves (descendants in the last ring drawn, or
/// with no children drawn) under each. A person reached a second time (descendants of two
/// cousins) is drawn again as a repeat, without their descendants: their first place is
/// the one nearest the centre, leftmost among equals.
enum DescendantFanCells {
    private struct Node {
        var person: Int
        var ring: Int
        var children: [Int] = []
        var repeatOf: Int?
        var leaves = 1
        var branch: Int?
    }

    /// - Complexity: O(d + r) for d descendants within the generations and r repeats.
    static func cells(graph: FamilyGraph, focus: Int, generations: Int, start: Double, sweep: Double) -> [FanCell] {
        var nodes = [Node(person: focus, ring: 0)]
        var firstNode = [focus: 0]
        // Breadth-first, left to right: a person's first place is their nearest to the centre
        // (the leftmost among equals), so no descendant within the generations is left out.
        var order: [Int] = []
        var head = 0
        order.append(0)
        while head < order.count {
            let k = order[head]
            head += 1
            guard nodes[k].repeatOf == nil, nodes[k].ring + 1 < generations else { continue }
            var kids: [Int] = []
            var seen = Set<Int>()
            for u in graph.unionsOf[nodes[k].person] {
                for child in graph.unions[u].children where seen.insert(child).inserted { kids.append(child) }
            }
            var made: [Int] = []
            for child in orderedByDate(kids, date: { graph.persons[$0].birthDate }) {
                var node = Node(person: child, ring: nodes[k].ring + 1)
                node.branch = nodes[k].ring == 0 ? made.count : nodes[k].branch
                node.repeatOf = firstNode[child]
                nodes.append(node)
                made.append(nodes.count - 1)
                if node.repeatOf == nil { firstNode[child] = nodes.count - 1 }
            }
            nodes[k].children = made
            order += made
        }
        for k in order.reversed() where !nodes[k].children.isEmpty {
            nodes[k].leaves = nodes[k].children.reduce(0) { $0 + nodes[$1].leaves }
        }
        // Angles from the centre outward; cells are listed ring by ring.
        var span = [(start: Double, end: Double)](repeating: (0, 0), count: nodes.count)
        span[0] = (start, start + sweep)
        var cellOfNode = [Int](repeating: -1, count: nodes.count)
        var ring = [0]
        var cells: [FanCell] = []
        while !ring.isEmpty {
            var next: [Int] = []
            for k in ring {
                cellOfNode[k] = cells.count
                cells.append(FanCell(person: nodes[k].person, ring: nodes[k].ring, start: span[k].start, end: span[k].end,
                                     repeatOf: nodes[k].repeatOf, branch: nodes[k].branch))
                var at = span[k].start
                let perLeaf = (span[k].end - span[k].start) / Double(nodes[k].leaves)
                for child in nodes[k].children {
                    span[child] = (at, at + perLeaf * Double(nodes[child].leaves))
                    at = span[child].end
                    next.append(child)
                }
            }
            ring = next
        }
        for c in cells.indices { cells[c].repeatOf = cells[c].repeatOf.map { cellOfNode[$0] } }
        return cells
    }
}
