/// One line of relationship through a common ancestor C: a shortest line down from one
/// child of C to A and one from another child of C to B (or none, where C is A or B).
///
/// The rule (`Kinship`'s): a pair of children x ≠ y of C gives a line when the lines down
/// from x to A and from y to B (each the first child on a shortest line at every step, as
/// `path` shows) share no person, and at least one of them meets no other common ancestor
/// on its way (else the line is made of shorter ones: siblings whose parents are cousins are
/// not also cousins). Of the pairs that give a line, C's line is the shortest (a + b), then
/// the one through one family (full before half), then the children's file order.
struct KinshipLine: Equatable {
    /// Generations from A up to C, and from C down to B.
    var a: Int
    var b: Int
    /// The persons from just below C down to A (empty when C is A), and down to B.
    var towardA: [Int]
    var towardB: [Int]

    /// At most this many children of C on each side are paired (royal files have a few).
    static let childrenPaired = 8

    /// C's line, or nil when no pair of its children gives one. `family`: only children of
    /// that family of C (a couple's own line).
    /// - Complexity: O(c + k·g) for C's c children and the k ≤ 64 pairs tried, each line g
    ///   generations long: a pair is only followed down where its children differ.
    static func best(_ graph: FamilyGraph, through c: Int, up: AncestorDistances, down: AncestorDistances,
                     isCommon: Set<Int>, family: Int? = nil) -> KinshipLine? {
        let sidesA = children(graph, of: c, toward: up, family: family)
        let sidesB = children(graph, of: c, toward: down, family: family)
        var pairs: [(total: Int, split: Bool, i: Int, j: Int)] = []
        for (i, x) in sidesA.enumerated() {
            for (j, y) in sidesB.enumerated() where x.child == nil || x.child != y.child {
                let split = x.child != nil && y.child != nil && graph.birthFamily(of: x.child!) != graph.birthFamily(of: y.child!)
                pairs.append((x.length + y.length, split, i, j))
            }
        }
        pairs.sort { ($0.total, $0.split ? 1 : 0, $0.i, $0.j) < ($1.total, $1.split ? 1 : 0, $1.i, $1.j) }
        for pair in pairs {
            let towardA = descent(graph, from: sidesA[pair.i], toward: up)
            let towardB = descent(graph, from: sidesB[pair.j], toward: down)
            guard Set(towardA).isDisjoint(with: towardB) else { continue }
            let meetsA = towardA.dropLast().contains { isCommon.contains($0) }
            let meetsB = towardB.dropLast().contains { isCommon.contains($0) }
            if meetsA && meetsB { continue }
            return KinshipLine(a: sidesA[pair.i].length, b: sidesB[pair.j].length, towardA: towardA, towardB: towardB)
        }
        return nil
    }

    /// Whether the two lines leave C through one of its families (or one side is empty).
    func sameFamily(_ graph: FamilyGraph) -> Bool {
        guard let x = towardA.first, let y = towardB.first else { return true }
        return graph.birthFamily(of: x) == graph.birthFamily(of: y)
    }

    /// How the persons on a line belong to the families they were climbed through: a
    /// stepchild's link, else adoption, else fostering; birth when every link is by birth.
    static func link(_ graph: FamilyGraph, along persons: [Int]) -> ChildLink {
        var kinds = Set<ChildLink>()
        for p in persons {
            let u = graph.birthFamily(of: p)
            guard u != FamilyGraph.none, let k = graph.unions[u].children.firstIndex(of: p), k < graph.unions[u].childLinks.count else { continue }
            kinds.insert(graph.unions[u].childLinks[k])
        }
        for kind in [ChildLink.step, .adopted, .foster] where kinds.contains(kind) { return kind }
        return .birth
    }

    /// One way down from C: no child (C is the person itself, length 0) or a child of C on a
    /// line to the person, with the generations from C.
    struct Side {
        var child: Int?
        var length: Int
    }

    /// C's children born to C's families (or to `family`) from whom the person descends (or
    /// who are the person), shortest first, at most `childrenPaired`; C itself at length 0.
    static func children(_ graph: FamilyGraph, of c: Int, toward distances: AncestorDistances, family: Int?) -> [Side] {
        if distances.distance[c] == 0 { return [Side(child: nil, length: 0)] }
        var sides: [Side] = [], seen = Set<Int>()
        for u in family.map({ [$0] }) ?? graph.unionsOf[c] {
            for child in graph.unions[u].children where graph.birthFamily(of: child) == u {
                if let d = distances.distance[child], seen.insert(child).inserted { sides.append(Side(child: child, length: d + 1)) }
            }
        }
        let shortest = sides.enumerated().sorted { ($0.element.length, $0.offset) < ($1.element.length, $1.offset) }.map(\.element)
        return Array(shortest.prefix(childrenPaired))
    }

    /// The persons from `side`'s child down to the person: at each step the first child on
    /// a shortest line.
    static func descent(_ graph: FamilyGraph, from side: Side, toward distances: AncestorDistances) -> [Int] {
        guard var current = side.child else { return [] }
        var line = [current]
        for g in stride(from: side.length - 1, to: 0, by: -1) {
            current = Kinship.firstLineDown(graph, from: current, toward: distances, generation: g)!  // distance g: a child at g − 1 exists
            line.append(current)
        }
        return line
    }
}
