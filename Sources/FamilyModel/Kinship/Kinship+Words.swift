extension Kinship {
    /// The sentences `familychart relate` prints, one a line: "B is A's TERM (common
    /// ancestors: X and Y)" for each relationship, nearest first — two or more lines with the
    /// same words through different ancestors as one, "double first cousin (common ancestors:
    /// X and Y; Z and W)" — then "and N more relationships …" when some were left out; without
    /// one, a single sentence: "no blood relationship found; B is the wife of A's son" (the
    /// shortest path through parents, children and partners, in words while it is at most
    /// `wordedLinks` links long).
    public func sentences(in graph: FamilyGraph) -> [String] {
        let nameA = Self.name(a, graph), nameB = Self.name(b, graph)
        guard relations.isEmpty else {
            var lines = Self.grouped(relations).map { group in
                let ancestors = group.map { $0.commonAncestors.map { Self.name($0, graph) }.joined(separator: " and ") }
                let label = group.count == 1 && group[0].commonAncestors.count == 1 ? "common ancestor" : "common ancestors"
                return "\(nameB) is \(nameA)'s \(Self.multiple(group.count, group[0].term)) (\(label): \(ancestors.joined(separator: "; ")))"
            }
            if omitted > 0 {
                lines.append("and \(omitted) more relationship\(omitted == 1 ? "" : "s") (only the nearest \(Self.maximumRelations) are listed)")
            }
            return lines
        }
        guard let connection = connection(in: graph) else {
            return ["no blood relationship found, and no path through parents, children and partners joins them"]
        }
        return ["no blood relationship found; " + connection]
    }

    /// Without a blood relationship, the marriage path in words ("B is the wife of A's son"),
    /// or counted when it is longer than `wordedLinks`; nil when no path joins them.
    func connection(in graph: FamilyGraph) -> String? {
        guard let last = marriagePath.last else { return nil }
        guard marriagePath.count <= Self.wordedLinks else {
            return "the nearest connection runs through \(marriagePath.count) links of parents, children and partners"
        }
        let nameA = Self.name(a, graph), nameB = Self.name(b, graph)
        let chain = marriagePath.dropLast().map(\.link.rawValue)
        let of = chain.isEmpty ? nameA : "\(nameA)'s " + chain.joined(separator: "'s ")
        return "\(nameB) is the \(last.link.rawValue) of \(of)"
    }

    /// A marriage path longer than this is counted, not told ("the wife of A's son's wife's
    /// brother's …" stops helping a reader).
    public static let wordedLinks = 4

    /// The relationships in order, those with the same words (through different common
    /// ancestors, neither half nor lineal) together at the place of the first.
    static func grouped(_ relations: [Relation]) -> [[Relation]] {
        var groups: [[Relation]] = [], index: [String: Int] = [:]
        for relation in relations {
            let collateral = relation.generationsUpFromA > 0 && relation.generationsDownToB > 0 && !relation.isHalf
            if collateral, let k = index[relation.term] {
                groups[k].append(relation)
            } else {
                if collateral { index[relation.term] = groups.count }
                groups.append([relation])
            }
        }
        return groups
    }

    /// "double first cousin", "triple first cousin", "quadruple …", "5-fold …".
    static func multiple(_ count: Int, _ term: String) -> String {
        switch count {
        case 1: term
        case 2: "double " + term
        case 3: "triple " + term
        case 4: "quadruple " + term
        default: "\(count)-fold " + term
        }
    }

    /// A person's name for a sentence, or their id when the file gives none.
    static func name(_ p: Int, _ graph: FamilyGraph) -> String {
        let name = graph.persons[p].name.trimmingSpaces
        return name.isEmpty ? graph.persons[p].id : name
    }
}

extension Kinship {
    /// A relationship chart's title, the words first (a title too long for the chart is cut
    /// at its end): "Second cousin once removed, third cousin and fourth cousin: B to A" (every
    /// relationship, nearest first), or "No blood relationship: B is the wife of A's son".
    public func title(in graph: FamilyGraph) -> String {
        let nameA = Self.name(a, graph), nameB = Self.name(b, graph)
        guard relations.isEmpty else {
            var terms = Self.grouped(relations).map { Self.multiple($0.count, $0[0].term) }
            if omitted > 0 { terms.append("\(omitted) more") }
            let list = terms.count == 1 ? terms[0] : terms.dropLast().joined(separator: ", ") + " and " + terms.last!
            return list.prefix(1).uppercased() + list.dropFirst() + ": \(nameB) to \(nameA)"
        }
        if let connection = connection(in: graph) { return "No blood relationship: " + connection }
        let line = sentences(in: graph)[0]
        return line.prefix(1).uppercased() + line.dropFirst()
    }
}
