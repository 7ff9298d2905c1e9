/// A validated family: persons addressed by integer index (their input order), with
/// couples resolved in both directions and children merged per parent unit.
///
/// Invariants (guaranteed by `FamilyValidator`): ids are unique; `spouse` is symmetric
/// and spouses share a generation; each child belongs to exactly one parent unit and
/// stands exactly one generation below it; there are no cycles.
public struct FamilyGraph: Sendable {
    /// Sentinel for "no such person".
    public static let none = -1

    public let persons: [Person]
    /// `spouse[i]` is the index of `i`'s spouse, or `FamilyGraph.none`.
    public let spouse: [Int]
    /// Children of the parent unit `i` belongs to (the same list on both spouses), in
    /// listing order: the first-listed spouse's `childrenIDs`, then the other's extras.
    public let children: [[Int]]
    /// `parent[i]` is one parent of `i` (the unit's first-listed member), or `none`.
    public let parent: [Int]

    public init(persons: [Person], spouse: [Int], children: [[Int]], parent: [Int]) {
        self.persons = persons
        self.spouse = spouse
        self.children = children
        self.parent = parent
    }

    public var count: Int { persons.count }

    /// Whether `i` has parents in the data.
    public func hasParents(_ i: Int) -> Bool { parent[i] != Self.none }

    /// Persons who start a tree, in input order: those without parents whose spouse has
    /// none either (an in-law arrives with their spouse). Of a root couple only the
    /// first-listed member is returned.
    public var roots: [Int] {
        var result: [Int] = []
        for i in persons.indices where !hasParents(i) {
            let s = spouse[i]
            if s == Self.none { result.append(i) } else if !hasParents(s), i < s { result.append(i) }
        }
        return result
    }
}

extension FamilyGraph {
    /// A title for the chart taken from the data: "Family of" the first tree's root (and
    /// spouse), e.g. "Family of 王建国 & 李秀兰".
    public var suggestedTitle: String {
        guard let root = roots.first else { return "Family chart" }
        let name = persons[root].name.isEmpty ? persons[root].id : persons[root].name
        let spouse = self.spouse[root]
        guard spouse != Self.none, !persons[spouse].name.isEmpty else { return "Family of \(name)" }
        return "Family of \(name) & \(persons[spouse].name)"
    }
}
