/// The tidy tree drawing of Reingold and Tilford, in the linear-time form of
/// Walker (1990) as corrected by Buchheim, Jünger and Leipert (2002, "Improving Walker's
/// Algorithm to Run in Linear Time"), generalised to boxes of any width with an
/// off-centre anchor and to a parent that centres with a fixed shift over its children.
///
/// The names follow the paper: `firstWalk` computes preliminary positions bottom-up,
/// `apportion` pushes a subtree right until its left contour clears its left siblings'
/// right contour (following threads instead of re-walking subtrees), `moveSubtree` and
/// `executeShifts` spread the shift over the smaller siblings in between, `secondWalk`
/// sums the modifiers top-down. All traversals are iterative.
struct TidyTreeLayout {
    let tree: LayoutTree
    /// Minimum distance between the anchors of `left` and `right` when they stand side by
    /// side in one row (box extents plus the gap they need).
    let separation: (_ left: Int, _ right: Int) -> Double

    /// Anchor x of every node, the root at 0.
    /// - Complexity: O(n) time and memory for n nodes.
    func anchors() -> [Double] {
        var state = WalkState(count: tree.count)
        for v in tree.postOrder() { firstWalk(v, &state) }
        var x = [Double](repeating: 0, count: tree.count)
        for v in tree.breadthFirstOrder() {  // secondWalk
            let p = tree.parent[v]
            if p < 0 {
                x[v] = 0
                state.mod[v] = -state.prelim[v]
            } else {
                x[v] = state.prelim[v] + state.mod[p]
                state.mod[v] += state.mod[p]
            }
        }
        return x
    }

    private struct WalkState {
        var prelim: [Double]
        var mod: [Double]
        var change: [Double]
        var shift: [Double]
        var thread: [Int]
        var ancestor: [Int]
        var defaultAncestor: [Int]

        init(count: Int) {
            prelim = Array(repeating: 0, count: count)
            mod = Array(repeating: 0, count: count)
            change = Array(repeating: 0, count: count)
            shift = Array(repeating: 0, count: count)
            thread = Array(repeating: -1, count: count)
            ancestor = Array(0..<count)
            defaultAncestor = Array(repeating: -1, count: count)
        }
    }

    private func firstWalk(_ v: Int, _ s: inout WalkState) {
        let p = tree.parent[v]
        let i = tree.indexInParent[v]
        let w = (p >= 0 && i > 0) ? tree.previousSibling[v] : -1
        if !tree.isLeaf(v) {
            var first = tree.firstChild[v], last = tree.lastChild[v]
            executeShifts(v, &s)
            if tree.isVirtual[first] || tree.isVirtual[last] {
                // Centre over the real children when there are any.
                var a = first, b = last
                while a >= 0 && tree.isVirtual[a] { a = tree.nextSibling[a] }
                while b >= 0 && tree.isVirtual[b] { b = tree.previousSibling[b] }
                if a >= 0 && b >= 0 { (first, last) = (a, b) }
            }
            let midpoint = (s.prelim[first] + s.prelim[last]) / 2 + tree.childCentreShift[v]
            if w >= 0 {
                s.prelim[v] = s.prelim[w] + separation(w, v)
                s.mod[v] = s.prelim[v] - midpoint
            } else {
                s.prelim[v] = midpoint
            }
        } else if w >= 0 {
            s.prelim[v] = s.prelim[w] + separation(w, v)
        }
        guard p >= 0 else { return }
        let current = s.defaultAncestor[p] >= 0 ? s.defaultAncestor[p] : tree.firstChild[p]
        s.defaultAncestor[p] = apportion(v, w, current, &s)
    }

    private func apportion(_ v: Int, _ w: Int, _ defaultAncestor: Int, _ s: inout WalkState) -> Int {
        guard w >= 0 else { return defaultAncestor }
        var result = defaultAncestor
        var vip = v, vop = v, vim = w, vom = tree.firstChild[tree.parent[v]]
        var sip = s.mod[vip], sop = s.mod[vop], sim = s.mod[vim], som = s.mod[vom]
        while true {
            vim = nextRight(vim, s)
            vip = nextLeft(vip, s)
            guard vim >= 0, vip >= 0 else { break }
            vom = nextLeft(vom, s)
            vop = nextRight(vop, s)
            s.ancestor[vop] = v
            let needed = s.prelim[vim] + sim - s.prelim[vip] - sip + separation(vim, vip)
            if needed > 0 {
                let a = tree.parent[s.ancestor[vim]] == tree.parent[v] ? s.ancestor[vim] : defaultAncestor
                moveSubtree(a, v, needed, &s)
                sip += needed
                sop += needed
            }
            sim += s.mod[vim]
            sip += s.mod[vip]
            som += s.mod[vom]
            sop += s.mod[vop]
        }
        if vim >= 0, nextRight(vop, s) < 0 {
            s.thread[vop] = vim
            s.mod[vop] += sim - sop
        }
        if vip >= 0, nextLeft(vom, s) < 0 {
            s.thread[vom] = vip
            s.mod[vom] += sip - som
            result = v
        }
        return result
    }

    private func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double, _ s: inout WalkState) {
        let change = amount / Double(tree.indexInParent[wp] - tree.indexInParent[wm])
        s.change[wp] -= change
        s.shift[wp] += amount
        s.change[wm] += change
        s.prelim[wp] += amount
        s.mod[wp] += amount
    }

    private func executeShifts(_ v: Int, _ s: inout WalkState) {
        var amount = 0.0
        var change = 0.0
        var w = tree.lastChild[v]
        while w >= 0 {
            s.prelim[w] += amount
            s.mod[w] += amount
            change += s.change[w]
            amount += s.shift[w] + change
            w = tree.previousSibling[w]
        }
    }

    private func nextLeft(_ v: Int, _ s: WalkState) -> Int { tree.isLeaf(v) ? s.thread[v] : tree.firstChild[v] }

    private func nextRight(_ v: Int, _ s: WalkState) -> Int { tree.isLeaf(v) ? s.thread[v] : tree.lastChild[v] }
}
