/// The families a scene's lines belong to (a line's parents' boxes, as a set), numbered
/// densely from 0 in order of first appearance (the connectors' in scene order, then the
/// couple bars'), so that the passes that move lines apart (`UprightLines`, `HangNudging`,
/// `DropNudging`) compare and index families by an `Int` instead of sorting, hashing and
/// comparing an array per line. Those passes move points only, so one numbering serves
/// them all.
struct LineFamilies: Equatable {
    /// Each family's boxes, sorted, by number.
    private(set) var boxes: [[Int]] = []
    /// The family of each connector, and of each couple bar, of the scene.
    private(set) var ofConnector: [Int] = []
    private(set) var ofBar: [Int] = []

    /// One or two parents (every family line of a scene), hashed without an array.
    private struct Pair: Hashable {
        let low: Int, high: Int, isCouple: Bool
    }
    private var pairs: [Pair: Int] = [:]
    /// Families of no or more than two parents' boxes (none in the charts drawn today).
    private var others: [[Int]: Int] = [:]

    /// - Complexity: O(c + b) expected for c connectors and b bars.
    init(of scene: Scene) {
        pairs.reserveCapacity(scene.connectors.count / 2 + scene.coupleBars.count)
        ofConnector.reserveCapacity(scene.connectors.count)
        for c in scene.connectors.indices {
            // A family's lines come one after another: the same parents as the line before
            // take its number without a lookup.
            if c > 0 && scene.connectors[c].parentBoxes == scene.connectors[c - 1].parentBoxes {
                ofConnector.append(ofConnector[c - 1])
            } else {
                ofConnector.append(number(scene.connectors[c].parentBoxes))
            }
        }
        ofBar.reserveCapacity(scene.coupleBars.count)
        for b in scene.coupleBars.indices { ofBar.append(number(scene.coupleBars[b].boxes)) }
    }

    /// No lines.
    init() {}

    /// The families `init(of:)` finds in a scene whose connectors come, in order, from the
    /// parents' boxes of `connectorParents` (`lines` connectors each) and whose couple bars
    /// join `barBoxes`: for a chart whose builder knows its lines before it draws them
    /// (`FamilyChart` makes them while it builds the scene).
    init<Connectors: Sequence, Bars: Sequence>(connectorParents: Connectors, barBoxes: Bars)
        where Connectors.Element == (boxes: [Int], lines: Int), Bars.Element == [Int] {
        for (parents, lines) in connectorParents where lines > 0 {
            let family = number(parents)
            ofConnector.append(contentsOf: repeatElement(family, count: lines))
        }
        for bar in barBoxes { ofBar.append(number(bar)) }
    }

    var count: Int { boxes.count }

    /// The number of the family of `parentBoxes` (in any order), given a new one on first sight.
    private mutating func number(_ parentBoxes: [Int]) -> Int {
        switch parentBoxes.count {
        case 1, 2:
            let (a, b) = (parentBoxes[0], parentBoxes[parentBoxes.count - 1])
            let pair = Pair(low: min(a, b), high: max(a, b), isCouple: parentBoxes.count == 2)
            if let number = pairs[pair] { return number }
            pairs[pair] = boxes.count
            boxes.append(pair.isCouple ? [pair.low, pair.high] : [a])
            return boxes.count - 1
        default:
            let sorted = parentBoxes.sorted()
            if let number = others[sorted] { return number }
            others[sorted] = boxes.count
        }
        boxes.append(parentBoxes.sorted())
        return boxes.count - 1
    }
}
