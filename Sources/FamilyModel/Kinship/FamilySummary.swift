/// What a thumbnail's caption says about a whole family: how many persons, how many
/// generations (the longest parent-to-child line), and the span of its known years.
public struct FamilySummary: Equatable, Sendable {
    public var persons: Int
    /// Persons on the longest line from a parent to a child to a grandchild…; 0 for nobody.
    public var generations: Int
    /// The earliest and latest birth or death year, when any is known.
    public var years: ClosedRange<Int>?

    /// - Complexity: O(n + e): one pass over the parent-to-child links in topological order
    ///   (persons on a cycle, which validation refuses, are left out of the count).
    public init(_ graph: FamilyGraph) {
        persons = graph.count
        var waiting = [Int](repeating: 0, count: graph.count)  // parents not yet counted
        for union in graph.unions { for child in union.children { waiting[child] += union.partners.count } }
        var depth = [Int](repeating: 1, count: graph.count)
        var ready = graph.persons.indices.filter { waiting[$0] == 0 }
        var deepest = graph.count > 0 ? 1 : 0
        while let person = ready.popLast() {
            deepest = max(deepest, depth[person])
            for u in graph.unionsOf[person] {
                for child in graph.unions[u].children {
                    depth[child] = max(depth[child], depth[person] + 1)
                    waiting[child] -= 1
                    if waiting[child] == 0 { ready.append(child) }
                }
            }
        }
        generations = deepest
        var low = Int.max, high = Int.min
        for person in graph.persons {
            for year in [person.birthYear, person.deathYear] {
                guard let year else { continue }
                low = min(low, year)
                high = max(high, year)
            }
        }
        years = low <= high ? low...high : nil
    }

    /// "1,032 persons · 14 generations · 1650–1990" (the years left out when none is known).
    public var line: String {
        var parts = [Self.counted(persons, "person"), Self.counted(generations, "generation")]
        if let years { parts.append(years.lowerBound == years.upperBound ? "\(years.lowerBound)" : "\(years.lowerBound)–\(years.upperBound)") }
        return parts.joined(separator: " · ")
    }

    /// "1 person", "1,032 persons".
    static func counted(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// 1032 → "1,032".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (k, digit) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }
}

extension FamilyGraph {
    /// A person's surname as the input marks it (GEDCOM's `/Surname/`), else the last word
    /// of their name when it has a letter (a guess: "Li Wei" gives "Wei"); nil for an empty
    /// name or a last word without letters ("Generation 3").
    public func surname(of person: Int) -> String? {
        let name = persons[person].name
        if let span = persons[person].nameParts?.surname, !span.isEmpty {
            let scalars = Array(name.unicodeScalars)
            let start = Int(span.start), end = min(Int(span.end), scalars.count)
            if start < end {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start..<end])
                return text
            }
        }
        guard let last = name.split(separator: " ").last, last.contains(where: \.isLetter) else { return nil }
        return String(last)
    }
}
