/// A union: the partners of one family (one or two, in the input's order) and the
/// children born to or raised in it, in listing order.
public struct Union: Sendable, Equatable {
    public var partners: [Int]
    public var children: [Int]
    /// How each child belongs to the union, parallel to `children`.
    public var childLinks: [ChildLink]
    /// Divorced or separated (GEDCOM `DIV`, seed `"divorced": true`).
    public var isDivorced: Bool
    /// When the partners married, if known; orders a person's unions.
    public var marriageDate: DateKey?
    /// The couple's events as the input records them (GEDCOM `MARR`, `DIV`, `ENGA`, …,
    /// with dates and places), in file order; empty for seed JSON.
    public var facts: [LifeFact]

    public init(partners: [Int], children: [Int], childLinks: [ChildLink]? = nil, isDivorced: Bool = false,
                marriageDate: DateKey? = nil, facts: [LifeFact] = []) {
        self.facts = facts
        self.partners = partners
        self.children = children
        self.childLinks = childLinks ?? Array(repeating: .birth, count: children.count)
        self.isDivorced = isDivorced
        self.marriageDate = marriageDate
    }
}

/// A validated family: persons addressed by integer index (their input order) and the
/// unions between them. A person may be a partner in several unions (remarriage) and a
/// child of more than one (birth and adoptive families); a union may have one partner.
///
/// Invariants (guaranteed by `FamilyValidator` and `GEDCOMGraphBuilder`): ids are unique;
/// every index is in range; nobody is their own ancestor. The seed's stricter rules (one
/// spouse each, one parent unit per child, a child exactly one generation below) hold
/// when `hasFixedGenerations` is true.
public struct FamilyGraph: Sendable {
    /// Sentinel for "no such person".
    public static let none = -1

    public let persons: [Person]
    public let unions: [Union]
    /// The unions each person is a partner in, in marriage order.
    public let unionsOf: [[Int]]
    /// The unions each person is a child of; the first is the family they are drawn under.
    public let parentUnions: [[Int]]
    /// Whether each person's `generation` is given by the input (seed JSON) and must be
    /// its row; otherwise rows are counted down from the tree's root.
    public private(set) var hasFixedGenerations: Bool
    /// The input's own title for a chart (GEDCOM's `HEAD.FILE` or `HEAD.NOTE`), if any.
    public var documentTitle: String?
    /// The person the input names as its home person (GEDCOM's `_HOME`-style header
    /// pointers, `HomePerson`), if it names one who is in the family.
    public var homePerson: Int?

    /// A graph whose unions are ordered for each person as they come in `unions`.
    public init(persons: [Person], unions: [Union], hasFixedGenerations: Bool) {
        var unionsOf = [[Int]](repeating: [], count: persons.count)
        var parentUnions = [[Int]](repeating: [], count: persons.count)
        for (u, union) in unions.enumerated() {
            for p in union.partners { unionsOf[p].append(u) }
            for c in union.children { parentUnions[c].append(u) }
        }
        self.init(persons: persons, unions: unions, unionsOf: unionsOf, parentUnions: parentUnions)
        self.hasFixedGenerations = hasFixedGenerations
    }

    /// A graph whose rows are counted from the roots, with each person's unions in the
    /// given order (`unionsOf[i]` must list exactly the unions `i` is a partner in, and
    /// `parentUnions[i]` those `i` is a child of).
    public init(persons: [Person], unions: [Union], unionsOf: [[Int]], parentUnions: [[Int]]) {
        self.persons = persons
        self.unions = unions
        self.unionsOf = unionsOf
        self.parentUnions = parentUnions
        self.hasFixedGenerations = false
    }

    public var count: Int { persons.count }

    /// The same family with other person records (one for one, in the same order): for
    /// redaction, which changes what is shown but not who is related to whom.
    /// The facts of the unions in `withoutFacts` are dropped (a hidden person's marriages).
    public func replacingPersons(_ replacement: [Person], withoutFacts: Set<Int> = []) -> FamilyGraph {
        precondition(replacement.count == persons.count, "one replacement per person")
        var kept = unions
        for u in withoutFacts { kept[u].facts = [] }
        var graph = FamilyGraph(persons: replacement, unions: kept, unionsOf: unionsOf, parentUnions: parentUnions)
        graph.hasFixedGenerations = hasFixedGenerations
        graph.documentTitle = documentTitle
        graph.homePerson = homePerson
        return graph
    }

    /// The same family with other person records (one for one) and other facts for the
    /// unions in `unionFacts`: texts cleaned for drawing.
    func replacing(persons replacement: [Person], unionFacts: [Int: [LifeFact]]) -> FamilyGraph {
        precondition(replacement.count == persons.count, "one replacement per person")
        var kept = unions
        for (u, facts) in unionFacts { kept[u].facts = facts }
        var graph = FamilyGraph(persons: replacement, unions: kept, unionsOf: unionsOf, parentUnions: parentUnions)
        graph.hasFixedGenerations = hasFixedGenerations
        graph.documentTitle = documentTitle
        return graph
    }

    /// Whether `i` has parents in the data: a family they are a child of names at least
    /// one partner (a GEDCOM `FAM` with children only says they are siblings).
    public func hasParents(_ i: Int) -> Bool { parentUnions[i].contains { !unions[$0].partners.isEmpty } }

    /// Everyone `i` has a union with, in marriage order (each once).
    /// - Complexity: O(u) for `i`'s u unions (a person with 50,000 wives took minutes when
    ///   each was looked for among the ones before).
    public func partners(of i: Int) -> [Int] {
        var result: [Int] = []
        var seen = Set<Int>()
        for u in unionsOf[i] { for p in unions[u].partners where p != i && seen.insert(p).inserted { result.append(p) } }
        return result
    }

    /// The seed's one spouse of `i` (the first partner), or `none`.
    public func spouse(of i: Int) -> Int { partners(of: i).first ?? Self.none }

    /// Persons who start a tree, in input order: those without parents who are not merely
    /// in-laws (a person without parents all of whose partners have parents arrives with
    /// a partner). Of partners who both lack parents only the first-listed is returned.
    /// - Complexity: O(n + e), without allocating per person.
    public var roots: [Int] {
        var result: [Int] = []
        for i in persons.indices where !hasParents(i) {
            var hasPartner = false, parentlessPartner = false, earlierParentless = false
            for u in unionsOf[i] {
                for p in unions[u].partners where p != i {
                    hasPartner = true
                    if !hasParents(p) {
                        parentlessPartner = true
                        if p < i { earlierParentless = true }
                    }
                }
            }
            if !hasPartner || (parentlessPartner && !earlierParentless) { result.append(i) }
        }
        return result
    }

    /// The family with photo paths that are relative (as genealogy programs write them,
    /// to the data file's folder) joined to `folder`; absolute paths and `file://` URLs
    /// are kept (the URL as a path).
    public func resolvingPhotoPaths(relativeTo folder: String) -> FamilyGraph {
        guard persons.contains(where: { $0.photo != nil }) else { return self }
        let base = folder.isEmpty ? "." : folder
        return replacingPersons(persons.map { person in
            var person = person
            if let photo = person.photo {
                let path = photo.hasPrefix("file://") ? String(photo.dropFirst(7)) : photo
                person.photo = path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path
            }
            return person
        })
    }

    /// Index of the person with `id`.
    /// - Complexity: O(n); call once per lookup the user asked for.
    public func index(of id: String) -> Int? { persons.firstIndex { $0.id == id } }
}

extension FamilyGraph {
    /// A title for the chart taken from the data: "Family of" the first tree's root (and
    /// partner), e.g. "Family of 王建国 & 李秀兰".
    public var suggestedTitle: String { suggestedTitle(root: roots.first) }

    /// A title for a chart of the whole input: with one tree, "Family of" its root and
    /// partner; with several (one root would be arbitrary), the input's own title
    /// (`documentTitle`), else the file's name without folder and extension, else the
    /// first tree's "Family of".
    public func suggestedTitle(source: String?) -> String {
        let roots = self.roots
        guard roots.count > 1 else { return suggestedTitle(root: roots.first) }
        if let documentTitle, !documentTitle.isEmpty { return documentTitle }
        if let source, source != "<stdin>", let name = source.split(separator: "/").last {
            var base = Substring(name)
            if let dot = base.lastIndex(of: "."), dot > base.startIndex { base = base[..<dot] }
            if let title = DrawnText.title(base) { return title }
        }
        return suggestedTitle(root: roots.first)
    }

    /// "Family of" `root` and their first partner.
    public func suggestedTitle(root: Int?) -> String {
        guard let root else { return "Family chart" }
        let name = persons[root].name.isEmpty ? persons[root].id : persons[root].name
        let spouse = spouse(of: root)
        guard spouse != Self.none, !persons[spouse].name.isEmpty else { return "Family of \(name)" }
        return "Family of \(name) & \(persons[spouse].name)"
    }
}
