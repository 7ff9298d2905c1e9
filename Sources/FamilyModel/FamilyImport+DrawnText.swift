extension FamilyImport {
    /// Every text a chart may draw made safe to draw (`DrawnText`: cut to 1,000
    /// characters, 30 marks a letter, noncharacters as U+FFFD, bidi controls removed),
    /// with a warning naming the person and the field for each that changed: names and
    /// second names, and the type, value, date and place of every fact of a person or a
    /// family (the places, occupations, marriage places and fact values boxes and couple
    /// bars show; issue 49, R2–R4: a 15 MB place took 17.7 s and 2.8 GB to draw, an
    /// occupation with U+FFFE failed every PDF, one with U+202E turned text around).
    /// One pass; persons and unions are copied only when something changed.
    /// - Complexity: O(total length of the texts), each cut after 1,000 characters.
    mutating func cleanDrawnText() {
        var persons: [Person]?
        for i in graph.persons.indices {
            let id = graph.persons[i].id
            let name = DrawnText.cleaned(graph.persons[i].name)
            let second = graph.persons[i].secondName.map(DrawnText.cleaned)
            var facts: [LifeFact]?
            if !graph.persons[i].facts.isEmpty {
                facts = Self.cleaned(graph.persons[i].facts, warnings: &warnings) { field, changes in .textCleaned(id: id, field: field, changes: changes) }
            }
            // Ids stay as given (they are what --focus and links name); a box draws one cleaned.
            let drawnID = DrawnText.cleaned(id).changes
            if !drawnID.isEmpty { warnings.append(.textCleaned(id: id, field: "id (where drawn)", changes: drawnID.description)) }
            var marriage: LifeFact?
            if let seed = graph.persons[i].seedMarriage {
                marriage = Self.cleaned([seed], warnings: &warnings) { field, changes in .textCleaned(id: id, field: "seed " + field, changes: changes) }?.first
            }
            guard !name.changes.isEmpty || second?.changes.isEmpty == false || facts != nil || marriage != nil else { continue }
            if persons == nil { persons = graph.persons }
            persons![i].name = name.text
            persons![i].secondName = second?.text
            if let facts { persons![i].facts = facts }
            if let marriage { persons![i].seedMarriage = marriage }
            if !name.changes.isEmpty { warnings.append(.textCleaned(id: id, field: "name", changes: name.changes.description)) }
            if let second, !second.changes.isEmpty {
                warnings.append(.textCleaned(id: id, field: "second name", changes: second.changes.description))
            }
        }
        var unionFacts: [Int: [LifeFact]] = [:]
        for u in graph.unions.indices where !graph.unions[u].facts.isEmpty {
            let partners = graph.unions[u].partners.map { graph.persons[$0].id }
            let id = partners.first ?? "?"
            let with = partners.count > 1 ? " (family with \(MessageText.quoted(partners[1])))" : " (family)"
            if let facts = Self.cleaned(graph.unions[u].facts, warnings: &warnings, { field, changes in
                .textCleaned(id: id, field: field + with, changes: changes)
            }) {
                unionFacts[u] = facts
            }
        }
        if persons != nil || !unionFacts.isEmpty { graph = graph.replacing(persons: persons ?? graph.persons, unionFacts: unionFacts) }
    }

    /// `facts` with every text cleaned, or nil when none changed; a warning for each change.
    private static func cleaned(_ facts: [LifeFact], warnings: inout [ValidationWarning],
                                _ warning: (_ field: String, _ changes: String) -> ValidationWarning) -> [LifeFact]? {
        var result: [LifeFact]?
        for f in facts.indices {
            var fact = facts[f]
            var changed = false
            let tag = MessageText.escaped(fact.tag)
            func clean(_ text: inout String?, _ part: String) {
                guard let original = text else { return }
                let (cleaned, changes) = DrawnText.cleaned(original)
                guard !changes.isEmpty else { return }
                text = cleaned
                changed = true
                warnings.append(warning("\(tag) \(part)", changes.description))
            }
            clean(&fact.value, "value")
            clean(&fact.type, "type")
            clean(&fact.date, "date")
            clean(&fact.place, "place")
            guard changed else { continue }
            if result == nil { result = facts }
            result![f] = fact
        }
        return result
    }
}
