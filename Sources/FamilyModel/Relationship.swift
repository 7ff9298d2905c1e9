/// How a child belongs to a union: by birth, or adopted, fostered, or as a stepchild.
/// Drawn as solid, dashed or dotted connectors.
public enum ChildLink: String, Codable, Sendable, Equatable, CaseIterable {
    case birth, adopted, foster, step

    /// Reads GEDCOM `PEDI` values (`birth`, `adopted`, `foster`, `sealing`, 7.0's
    /// `ADOPTED`…), `_FREL`/`_MREL` (`Natural`, `Adopted`, `Step`) and the seed JSON's
    /// `childRelations` values; anything unknown is birth.
    public init(loose text: String?) {
        switch text?.lowercased().trimmingSpaces {
        case "adopted", "adoption", "adop": self = .adopted
        case "foster", "fostered": self = .foster
        case "step", "stepchild", "step-child": self = .step
        default: self = .birth
        }
    }
}

/// A calendar date as a sortable number, `yyyymmdd` with 0 for unknown month or day
/// (`ABT 1850` → 18500000, `12 MAR 1901` → 19010312); negative years before the common era.
public struct DateKey: Comparable, Hashable, Sendable, Codable {
    public var value: Int

    public init(year: Int, month: Int = 0, day: Int = 0) {
        value = year * 10_000 + (year < 0 ? -1 : 1) * (month * 100 + day)
    }

    public var year: Int { value / 10_000 }

    public static func < (a: DateKey, b: DateKey) -> Bool { a.value < b.value }
}

/// Order of items that may have a date: by date where known; an undated item keeps its
/// place after the item it followed in the input (it borrows that item's date), so input
/// order decides wherever dates are missing. Stable.
@inlinable
public func orderedByDate<T>(_ items: [T], date: (T) -> DateKey?) -> [T] {
    var borrowed = Int.min
    let keyed = items.enumerated().map { index, item -> (key: Int, index: Int, item: T) in
        if let key = date(item) { borrowed = key.value }
        return (borrowed, index, item)
    }
    // Already in order (no dates, or dates in input order): nothing to sort.
    if zip(keyed, keyed.dropFirst()).allSatisfy({ $0.key <= $1.key }) { return items }
    return keyed.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.item)
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String {
        var scalars = self[...]
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
