/// The partner boxes of every union while `FamilyUnits` is built, in one flat list (a
/// union's boxes at its own offset) instead of an array per union: at 100,000 persons
/// the arrays were tens of thousands of allocations, and a couple's two boxes are
/// replaced in place when its partner tree is grown.
struct UnionBoxes {
    /// Where each union's boxes start in `boxes`; `start[u + 1] - start[u]` is its room.
    private var start: [Int]
    /// How many boxes each union has so far.
    private var counts: [Int]
    private var boxes: [Int]

    /// Room for `partnerCounts[u]` boxes of each union u, none given yet.
    init(partnerCounts: some Collection<Int>) {
        start = [0]
        start.reserveCapacity(partnerCounts.count + 1)
        for count in partnerCounts { start.append(start[start.count - 1] + count) }
        counts = [Int](repeating: 0, count: partnerCounts.count)
        boxes = [Int](repeating: -1, count: start[start.count - 1])
    }

    /// How many boxes union `u` has.
    func count(_ u: Int) -> Int { counts[u] }

    /// Union `u`'s k-th box.
    subscript(u: Int, k: Int) -> Int { boxes[start[u] + k] }

    /// Gives union `u` its next box.
    mutating func append(_ box: Int, to u: Int) {
        boxes[start[u] + counts[u]] = box
        counts[u] += 1
    }

    /// Makes a couple's boxes `first` and `second`.
    mutating func setCouple(_ u: Int, _ first: Int, _ second: Int) {
        boxes[start[u]] = first
        boxes[start[u] + 1] = second
        counts[u] = 2
    }

    /// Whether `box` is one of union `u`'s boxes.
    func contains(_ box: Int, in u: Int) -> Bool {
        for k in 0..<counts[u] where boxes[start[u] + k] == box { return true }
        return false
    }
}
