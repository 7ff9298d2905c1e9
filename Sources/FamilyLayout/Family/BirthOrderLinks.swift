import FamilyModel

/// Chooses the cross links whose child box stands out of birth order among its full
/// siblings: a child who hangs from their partner's family stands wherever that family
/// is, and a reader takes the left-to-right order of a couple's children as the order of
/// their births. Such a line becomes a reference box, which stands in its birth place
/// among the siblings (the ordering never moves a union's children out of birth order).
///
/// A child counts as out of order when some sibling born earlier stands right of it, or
/// one born later stands left of it; undated children and siblings born on the same day
/// are not compared.
struct BirthOrderLinks {
    let graph: FamilyGraph

    /// - Complexity: O(c log c) per union with c children.
    func select(_ pass: FamilyChart.Pass) -> Set<ChildLinkKey> {
        let units = pass.units, forest = pass.forest
        var misplaced = Set<ChildLinkKey>()
        // Every child box under a union is an up-link of its unit: without cross links each
        // hangs by its tree link, and no union has a child to choose.
        guard !forest.crossLinks.isEmpty else { return misplaced }
        for unit in units.units {
            for placement in unit.unions where placement.childBoxes.count > 1 {
                // Each dated child: its date, x, whether it hangs here by its tree link.
                var dated: [(date: Int, x: Double, tree: Bool, index: Int)] = []
                for (index, box) in placement.childBoxes.enumerated() {
                    guard let date = graph.persons[units.boxes[box].person].birthDate?.value else { continue }
                    let child = units.boxes[box].unit
                    let tree = forest.treeUnion[child] == placement.union && forest.anchorBox[child] == box
                    dated.append((date, pass.boxX[box], tree, index))
                }
                guard dated.contains(where: { !$0.tree }) else { continue }
                dated.sort { ($0.date, $0.x) < ($1.date, $1.x) }
                // Rightmost x among those born earlier, leftmost among those born later (by date groups).
                var earlierMax = [Double](repeating: -.infinity, count: dated.count)
                var laterMin = [Double](repeating: .infinity, count: dated.count)
                var running = -Double.infinity, start = 0
                while start < dated.count {
                    var end = start
                    while end < dated.count && dated[end].date == dated[start].date { end += 1 }
                    for k in start..<end { earlierMax[k] = running }
                    for k in start..<end { running = max(running, dated[k].x) }
                    start = end
                }
                running = .infinity
                var stop = dated.count
                while stop > 0 {
                    var begin = stop - 1
                    while begin > 0 && dated[begin - 1].date == dated[stop - 1].date { begin -= 1 }
                    for k in begin..<stop { laterMin[k] = running }
                    for k in begin..<stop { running = min(running, dated[k].x) }
                    stop = begin
                }
                for (k, child) in dated.enumerated() where !child.tree && (child.x < earlierMax[k] || child.x > laterMin[k]) {
                    misplaced.insert(ChildLinkKey(union: placement.union, index: child.index))
                }
            }
        }
        return misplaced
    }
}
