/// The partner boxes of every union while `FamilyUnits` is built, in one flat list
/// (`FlatLists`: each union's room for its partners at its own offset) instead of an
/// array per union: at 100,000 persons the arrays were tens of thousands of allocations,
/// and a couple's two boxes are replaced in place when its partner tree is grown.
struct UnionBoxes {
    /// Each union's room for its partners' boxes (-1 where no box is given yet).
    private var boxes: FlatLists<Int>
    /// How many boxes each union has so far.
    private var counts: [Int]

    /// Room for `partnerCounts[u]` boxes of each union u, none given yet.
    init(partnerCounts: some Collection<Int>) {
        boxes = FlatLists(counts: partnerCounts, repeating: -1)
        counts = [Int](repeating: 0, count: partnerCounts.count)
    }

    /// How many boxes union `u` has.
    func count(_ u: Int) -> Int { counts[u] }

    /// Union `u`'s k-th box.
    subscript(u: Int, k: Int) -> Int { boxes[u, k] }

    /// Gives union `u` its next box.
    mutating func append(_ box: Int, to u: Int) {
        boxes[u, counts[u]] = box
        counts[u] += 1
    }

    /// Makes a couple's boxes `first` and `second`.
    mutating func setCouple(_ u: Int, _ first: Int, _ second: Int) {
        boxes[u, 0] = first
        boxes[u, 1] = second
        counts[u] = 2
    }

    /// Whether `box` is one of union `u`'s boxes.
    func contains(_ box: Int, in u: Int) -> Bool { boxes[u].prefix(counts[u]).contains(box) }
}
