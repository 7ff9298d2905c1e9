/// The seed article's placement, kept as the baseline the tidy layout is measured
/// against: every subtree is a solid block of columns, blocks stand side by side, and a
/// parent is centred over its children. Subtrees never share columns, so gaps under
/// small subtrees stay empty.
struct ColumnTreeLayout {
    let tree: LayoutTree
    /// Minimum space between the blocks of two neighbouring siblings.
    let blockGap: (_ left: Int, _ right: Int) -> Double

    /// Anchor x of every node, the root at 0.
    /// - Complexity: O(n).
    func anchors() -> [Double] {
        let n = tree.count
        var blockLeft = tree.leftExtent  // extent of the whole subtree block around the anchor
        var blockRight = tree.rightExtent
        var offset = [Double](repeating: 0, count: n)  // anchor relative to the parent's anchor
        for v in tree.postOrder() {
            let kids = tree.children(of: v)
            guard !kids.isEmpty else { continue }
            var position = [Double](repeating: 0, count: kids.count)
            for k in 1..<kids.count {
                position[k] = position[k - 1] + blockRight[kids[k - 1]] + blockGap(kids[k - 1], kids[k]) + blockLeft[kids[k]]
            }
            let anchor = (position[0] + position[kids.count - 1]) / 2 + tree.childCentreShift[v]
            for (k, child) in kids.enumerated() {
                offset[child] = position[k] - anchor
                blockLeft[v] = max(blockLeft[v], blockLeft[child] - offset[child])
                blockRight[v] = max(blockRight[v], offset[child] + blockRight[child])
            }
        }
        var x = [Double](repeating: 0, count: n)
        for v in tree.breadthFirstOrder() where tree.parent[v] >= 0 {
            x[v] = x[tree.parent[v]] + offset[v]
        }
        return x
    }
}
