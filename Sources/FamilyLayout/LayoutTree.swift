/// An ordered rooted tree of boxes to place horizontally, independent of what the boxes
/// mean. Node 0 is the root. Every node has an *anchor* (the x its parent centres on),
/// an extent to the left and right of that anchor, and a shift saying where its own
/// children's midpoint falls relative to its anchor.
///
/// Children are kept as sibling links (first and last child, previous and next sibling)
/// in flat arrays, so a tree of a million nodes is a handful of allocations.
struct LayoutTree {
    /// `parent[v]`, or -1 for the root.
    private(set) var parent: [Int] = [-1]
    /// Position of `v` among its parent's children.
    private(set) var indexInParent: [Int] = [0]
    /// First and last child of `v`, or -1 for a leaf.
    private(set) var firstChild: [Int] = [-1]
    private(set) var lastChild: [Int] = [-1]
    /// The sibling just left and just right of `v`, or -1.
    private(set) var previousSibling: [Int] = [-1]
    private(set) var nextSibling: [Int] = [-1]
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

    /// Room for `nodes` nodes without growing.
    mutating func reserveCapacity(_ nodes: Int) {
        parent.reserveCapacity(nodes); indexInParent.reserveCapacity(nodes)
        firstChild.reserveCapacity(nodes); lastChild.reserveCapacity(nodes)
        previousSibling.reserveCapacity(nodes); nextSibling.reserveCapacity(nodes)
        leftExtent.reserveCapacity(nodes); rightExtent.reserveCapacity(nodes)
        childCentreShift.reserveCapacity(nodes); treeOf.reserveCapacity(nodes); isVirtual.reserveCapacity(nodes)
    }

    /// Adds a child at the end of `parentNode`'s children and returns its index.
    mutating func addNode(under parentNode: Int, leftExtent left: Double, rightExtent right: Double,
                          childCentreShift shift: Double = 0, isVirtual virtual: Bool = false) -> Int {
        let v = parent.count
        let last = lastChild[parentNode]
        parent.append(parentNode)
        indexInParent.append(last >= 0 ? indexInParent[last] + 1 : 0)
        firstChild.append(-1)
        lastChild.append(-1)
        previousSibling.append(last)
        nextSibling.append(-1)
        if last >= 0 { nextSibling[last] = v } else { firstChild[parentNode] = v }
        lastChild[parentNode] = v
        leftExtent.append(left)
        rightExtent.append(right)
        childCentreShift.append(shift)
        treeOf.append(parentNode == 0 ? v : treeOf[parentNode])
        isVirtual.append(virtual)
        return v
    }

    /// Whether `v` has no children.
    func isLeaf(_ v: Int) -> Bool { firstChild[v] < 0 }

    /// The children of `v`, left to right.
    func children(of v: Int) -> [Int] {
        var result: [Int] = []
        var c = firstChild[v]
        while c >= 0 {
            result.append(c)
            c = nextSibling[c]
        }
        return result
    }

    /// Nodes parents-first, siblings left to right (breadth-first).
    /// - Complexity: O(n).
    func breadthFirstOrder() -> [Int] {
        var order = [0]
        order.reserveCapacity(count)
        var head = 0
        while head < order.count {
            var c = firstChild[order[head]]
            while c >= 0 {
                order.append(c)
                c = nextSibling[c]
            }
            head += 1
        }
        return order
    }

    /// Nodes children-first, siblings left to right (post-order), without recursion.
    /// - Complexity: O(n).
    func postOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(count)
        var v = 0
        // Walk down to the leftmost leaf, then climb: after a node, its next sibling's
        // leftmost leaf, or its parent.
        while firstChild[v] >= 0 { v = firstChild[v] }
        while true {
            order.append(v)
            if v == 0 { break }
            if nextSibling[v] >= 0 {
                v = nextSibling[v]
                while firstChild[v] >= 0 { v = firstChild[v] }
            } else {
                v = parent[v]
            }
        }
        return order
    }
}
