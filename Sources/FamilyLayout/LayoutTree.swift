/// An ordered rooted tree of boxes to place horizontally, independent of what the boxes
/// mean. Node 0 is the root. Every node has an *anchor* (the x its parent centres on),
/// an extent to the left and right of that anchor, and a shift saying where its own
/// children's midpoint falls relative to its anchor.
struct LayoutTree {
    /// `parent[v]`, or -1 for the root.
    private(set) var parent: [Int] = [-1]
    /// Position of `v` among its parent's children.
    private(set) var indexInParent: [Int] = [0]
    private(set) var children: [[Int]] = [[]]
    private(set) var leftExtent: [Double] = [0]
    private(set) var rightExtent: [Double] = [0]
    /// `anchor(v) = midpoint(children anchors) + childCentreShift[v]`.
    private(set) var childCentreShift: [Double] = [0]
    /// Which tree (child of the root) a node belongs to; the root is -1.
    private(set) var treeOf: [Int] = [-1]
    /// A *virtual* child is placed among its parent's children (contours keep it clear of
    /// them) but its parent is not centred over it: the parent centres over its first and
    /// last real child (over all children when it has no real one).
    private(set) var isVirtual: [Bool] = [false]

    var count: Int { parent.count }

    /// Adds a child at the end of `parentNode`'s children and returns its index.
    mutating func addNode(under parentNode: Int, leftExtent left: Double, rightExtent right: Double,
                          childCentreShift shift: Double = 0, isVirtual virtual: Bool = false) -> Int {
        let v = parent.count
        parent.append(parentNode)
        indexInParent.append(children[parentNode].count)
        children[parentNode].append(v)
        children.append([])
        leftExtent.append(left)
        rightExtent.append(right)
        childCentreShift.append(shift)
        treeOf.append(parentNode == 0 ? v : treeOf[parentNode])
        isVirtual.append(virtual)
        return v
    }

    /// Nodes parents-first, siblings left to right (breadth-first).
    /// - Complexity: O(n).
    func breadthFirstOrder() -> [Int] {
        var order = [0]
        order.reserveCapacity(count)
        var head = 0
        while head < order.count {
            order.append(contentsOf: children[order[head]])
            head += 1
        }
        return order
    }

    /// Nodes children-first, siblings left to right (post-order), without recursion.
    /// - Complexity: O(n).
    func postOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(count)
        var stack: [(node: Int, next: Int)] = [(0, 0)]
        while let top = stack.last {
            let kids = children[top.node]
            if top.next < kids.count {
                stack[stack.count - 1].next += 1
                stack.append((kids[top.next], 0))
            } else {
                order.append(top.node)
                stack.removeLast()
            }
        }
        return order
    }
}
