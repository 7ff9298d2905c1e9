/// The families a scene's lines belong to (a line's parents' boxes, as a set), numbered
/// densely from 0 in order of first appearance (the connectors' in scene order, then the
/// couple bars'), so that the passes that move lines apart (`UprightLines`, `HangNudging`,
/// `DropNudging`) compare and index families by an `Int` instead of sorting, hashing and
/// comparing an array per line. Those passes move points only, so one numbering serves
/// them all.
struct LineFamilies: Equatable {
    /// Each family's first (lowest) box and how many boxes it has, by number (two flat
    /// lists: a list of boxes per family was a small allocation for each of them).
    private var firstBoxes: [Int] = []
    private var boxCounts: [Int32] = []
    /// The family of each connector, and of each couple bar, of the scene.
    private(set) var ofConnector: [Int] = []
    private(set) var ofBar: [Int] = []

    /// One or two parents (every family line of a scene), hashed without an array.
    private struct Pair: Hashable {
        let low: Int, high: Int, isCouple: Bool
    }
    /// The families numbered so far, by their parents' boxes: needed while the lines are
    /// numbered, dropped after (not kept beside the numbers while the lines move).
    private struct Numbering {
        var pairs: [Pair: Int] = [:]
        /// Families of no or more than two parents' boxes (none in the charts drawn today).
        var others: [[Int]: Int] = [:]
    }

    /// - Complexity: O(c + b) expected for c connectors and b bars.
    init(of scene: Scene) {
        var numbering = Numbering()
        numbering.pairs.reserveCapacity(scene.connectors.count / 2 + scene.coupleBars.count)
        ofConnector.reserveCapacity(scene.connectors.count)
        for c in scene.connectors.indices {
            // A family's lines come one after another: the same parents as the line before
            // take its number without a lookup.
            if c > 0 && scene.connectors[c].parentBoxes == scene.connectors[c - 1].parentBoxes {
                ofConnector.append(ofConnector[c - 1])
            } else {
                ofConnector.append(number(scene.connectors[c].parentBoxes, &numbering))
            }
        }
        ofBar.reserveCapacity(scene.coupleBars.count)
        for b in scene.coupleBars.indices { ofBar.append(number(scene.coupleBars[b].boxes, &numbering)) }
    }

    /// The families `init(of:)` finds in a scene whose connectors come, in order, from the
    /// parents' boxes of `connectorParents` (`lines` connectors each) and whose couple bars
    /// join `barBoxes`: for a chart whose builder knows its lines before it draws them
    /// (`FamilyChart` makes them while it builds the scene).
    /// - Parameter capacity: how many connectors, bars and families (at most) there are:
    ///   the numbers' lists take their room first, the numbering's table (let go of at the
    ///   end) after them, so that it leaves no hole under them in the thread's memory.
    init<Connectors: Sequence, Bars: Sequence>(connectorParents: Connectors, barBoxes: Bars,
                                               capacity: (connectors: Int, bars: Int, families: Int))
        where Connectors.Element == (boxes: [Int], lines: Int), Bars.Element == [Int] {
        ofConnector.reserveCapacity(capacity.connectors)
        ofBar.reserveCapacity(capacity.bars)
        firstBoxes.reserveCapacity(capacity.families)
        boxCounts.reserveCapacity(capacity.families)
        var numbering = Numbering()
        numbering.pairs.reserveCapacity(capacity.families)
        for (parents, lines) in connectorParents where lines > 0 {
            let family = number(parents, &numbering)
            ofConnector.append(contentsOf: repeatElement(family, count: lines))
        }
        for bar in barBoxes { ofBar.append(number(bar, &numbering)) }
    }

    /// How many families there are.
    var count: Int { firstBoxes.count }

    /// How many parents' boxes family `family` has (1: a single parent's, 2: a couple's).
    func parentCount(_ family: Int) -> Int { Int(boxCounts[family]) }

    /// The lowest-numbered of family `family`'s boxes.
    func firstBox(_ family: Int) -> Int { firstBoxes[family] }

    /// The number of the family of `parentBoxes` (in any order), given a new one on first sight.
    private mutating func number(_ parentBoxes: [Int], _ numbering: inout Numbering) -> Int {
        switch parentBoxes.count {
        case 1, 2:
            let (a, b) = (parentBoxes[0], parentBoxes[parentBoxes.count - 1])
            let pair = Pair(low: min(a, b), high: max(a, b), isCouple: parentBoxes.count == 2)
            if let number = numbering.pairs[pair] { return number }
            numbering.pairs[pair] = count
            return added(first: pair.isCouple ? pair.low : a, count: parentBoxes.count)
        default:
            let sorted = parentBoxes.sorted()
            if let number = numbering.others[sorted] { return number }
            numbering.others[sorted] = count
            return added(first: sorted.first ?? -1, count: sorted.count)
        }
    }

    /// A new family's number.
    private mutating func added(first: Int, count boxes: Int) -> Int {
        firstBoxes.append(first)
        boxCounts.append(Int32(clamping: boxes))
        return count - 1
    }
}
