import FamilyModel

/// The ancestors of one person as a tree of couples, each ancestor drawn once.
///
/// Node 0 is the focus's group (the focus, and with `siblings` their brothers and sisters
/// in birth order); every other node is a couple of parents — father box left, mother box
/// right, or one box when only one parent is known — whose parent nodes are the father's
/// parents and the mother's parents, in that order (the tree the tidy engine lays out,
/// upside down). A person's parents are their birth family: the first family listing
/// them as a birth child, else the first family listing them.
///
/// **Pedigree collapse**: the tree is grown breadth-first in Sosa order (nearest
/// generation first, father's side before mother's), so an ancestor reached again (cousins
/// who married, further up) is drawn at the place with the smallest Sosa number; every
/// later place is a reference box with nothing above it. Work and nodes are therefore
/// linear in the distinct ancestors plus references, whatever the inbreeding.
struct Pedigree {
    struct Box {
        var person: Int
        var isReference: Bool
        /// Nil for the focus's siblings, and beyond `SosaNumber.maximumGenerations`.
        var sosa: SosaNumber?
        /// 0 the father's side, 1 the mother's side, nil the focus's own group.
        var side: Int?
    }

    struct Node {
        /// Boxes left to right (`boxes` indices).
        var boxes: [Int]
        /// Generations above the focus (0 for the focus's group).
        var depth: Int
        /// The union these are the partners of (-1 for the focus's group).
        var union: Int
        /// Parent nodes: the father's parents, then the mother's (whichever are drawn).
        var parents: [Int] = []
        /// The boxes of the node below that are this couple's children.
        var childBoxes: [Int] = []
        /// The node below (whose parents these are); -1 for the focus's group.
        var child = -1
    }

    private(set) var boxes: [Box] = []
    private(set) var nodes: [Node] = []
    /// Each person's own box, or -1.
    private(set) var primaryBox: [Int]
    /// How many generations the chart has (1 = the focus's row only).
    private(set) var rows = 1

    /// - Parameters:
    ///   - generationLimit: rows at most, counting the focus's (nil for all).
    ///   - siblings: draw the focus's brothers and sisters beside them.
    /// - Complexity: O(n + e) for the n persons and e links reached.
    /// - Parameter drawnElsewhere: persons whose own box stands elsewhere in the chart (an
    ///   hourglass's descendant block): they appear here as references.
    init(graph: FamilyGraph, focus: Int, generationLimit: Int? = nil, siblings: Bool = false, drawnElsewhere: Set<Int> = []) {
        primaryBox = Array(repeating: -1, count: graph.count)
        let limit = generationLimit ?? Int.max
        let birthFamily = Self.birthFamilies(graph)
        let group = Self.focusGroup(graph, focus: focus, siblings: siblings, birthFamily: birthFamily)
        var rootBoxes: [Int] = []
        for person in group {
            rootBoxes.append(addBox(Box(person: person, isReference: false, sosa: person == focus ? .focus : nil, side: nil)))
        }
        nodes.append(Node(boxes: rootBoxes, depth: 0, union: -1))

        // Breadth-first: each queued box is an ancestor whose own parents are still to draw.
        var queue: [(box: Int, node: Int)] = [(primaryBox[focus], 0)]
        var head = 0
        while head < queue.count {
            let (box, node) = queue[head]
            head += 1
            let depth = nodes[node].depth + 1
            let u = birthFamily[boxes[box].person]
            guard depth < limit, u >= 0 else { continue }
            let partners = Self.fatherFirst(graph.unions[u].partners, graph)
            let parent = nodes.count
            nodes.append(Node(boxes: [], depth: depth, union: u, child: node))
            rows = max(rows, depth + 1)
            for (k, person) in partners.enumerated() {
                let isMother = partners.count == 2 ? k == 1 : graph.persons[person].gender == .female
                let sosa = boxes[box].sosa?.parentIfNumbered(mother: isMother)
                let side = boxes[box].side ?? (isMother ? 1 : 0)
                let seen = primaryBox[person] >= 0 || drawnElsewhere.contains(person)
                let b = addBox(Box(person: person, isReference: seen, sosa: sosa, side: side))
                nodes[parent].boxes.append(b)
                if !seen { queue.append((b, parent)) }
            }
            nodes[node].parents.append(parent)
            // The couple's children in the node below: the line child, or the whole focus group.
            if node == 0 {
                nodes[parent].childBoxes = nodes[0].boxes.filter { birthFamily[boxes[$0].person] == u }
            } else {
                nodes[parent].childBoxes = [box]
            }
        }
    }

    private mutating func addBox(_ box: Box) -> Int {
        boxes.append(box)
        if !box.isReference { primaryBox[box.person] = boxes.count - 1 }
        return boxes.count - 1
    }

    /// Each person's birth family (-1 for none): `FamilyGraph.birthFamily(of:)`, which
    /// kinship (`relate`) climbs too.
    static func birthFamilies(_ graph: FamilyGraph) -> [Int] {
        (0..<graph.count).map(graph.birthFamily(of:))
    }

    /// The focus, and with `siblings` the other children of their birth family who were
    /// born to it, all in birth order (input order where undated).
    static func focusGroup(_ graph: FamilyGraph, focus: Int, siblings: Bool, birthFamily: [Int]? = nil) -> [Int] {
        let birth = birthFamily ?? birthFamilies(graph)
        guard siblings, birth[focus] >= 0 else { return [focus] }
        let u = birth[focus]
        return orderedByDate(graph.unions[u].children) { graph.persons[$0].birthDate }.filter { $0 == focus || birth[$0] == u }
    }

    /// Partners with the father first: a man before a woman; otherwise as the file lists them.
    static func fatherFirst(_ partners: [Int], _ graph: FamilyGraph) -> [Int] {
        guard partners.count == 2 else { return partners }
        let (a, b) = (graph.persons[partners[0]].gender, graph.persons[partners[1]].gender)
        return (a == .female && b != .female) || (a == .unknown && b == .male) ? [partners[1], partners[0]] : partners
    }
}
