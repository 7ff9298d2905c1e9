extension Kinship {
    /// The sentences `familychart relate` prints, one a line: "B is A's TERM (common
    /// ancestors: X and Y)" for each relationship, nearest first, then "and N more
    /// relationships …" when some were left out; without one, "no blood relationship found"
    /// and the marriage path in words ("B is the wife of A's son").
    public func sentences(in graph: FamilyGraph) -> [String] {
        let nameA = Self.name(a, graph), nameB = Self.name(b, graph)
        guard relations.isEmpty else {
            var lines = relations.map { relation in
                let ancestors = relation.commonAncestors.map { Self.name($0, graph) }
                let label = ancestors.count == 1 ? "common ancestor" : "common ancestors"
                return "\(nameB) is \(nameA)'s \(relation.term) (\(label): \(ancestors.joined(separator: " and ")))"
            }
            if omitted > 0 {
                lines.append("and \(omitted) more relationship\(omitted == 1 ? "" : "s") (only the nearest \(Self.maximumRelations) are listed)")
            }
            return lines
        }
        guard let last = marriagePath.last else {
            return ["no blood relationship found, and no path through parents, children and partners joins them"]
        }
        let chain = marriagePath.dropLast().map(\.link.rawValue)
        let of = chain.isEmpty ? nameA : "\(nameA)'s " + chain.joined(separator: "'s ")
        return ["no blood relationship found", "\(nameB) is the \(last.link.rawValue) of \(of)"]
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
            var terms = relations.map(\.term)
            if omitted > 0 { terms.append("\(omitted) more") }
            let list = terms.count == 1 ? terms[0] : terms.dropLast().joined(separator: ", ") + " and " + terms.last!
            return list.prefix(1).uppercased() + list.dropFirst() + ": \(nameB) to \(nameA)"
        }
        let lines = sentences(in: graph)
        return lines.count == 2 ? "No blood relationship: " + lines[1] : lines[0].prefix(1).uppercased() + lines[0].dropFirst()
    }
}
