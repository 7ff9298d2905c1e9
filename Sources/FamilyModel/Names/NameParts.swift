/// Where the parts of a displayed name are, as the input marks them (GEDCOM's
/// `Given /Surname/ Suffix` and name pieces): spans of `Person.name` counted in Unicode
/// code points, so the chart can shorten the given names and nothing else, and a GEDCOM
/// writer can put the slashes back. Seed JSON names are not divided (nil in `Person`).
public struct NameParts: Codable, Sendable, Equatable {
    /// The given names, `[start, end)` in code points; nil when there are none.
    public var given: NameSpan?
    /// The surname with its particle (`von Sachsen`); nil when there is none.
    public var surname: NameSpan?

    public init(given: NameSpan? = nil, surname: NameSpan? = nil) {
        self.given = given
        self.surname = surname
    }
}

/// A run of code points in a name: `[start, end)`, encoded as `[start, end]`.
public struct NameSpan: Codable, Sendable, Equatable {
    public var start: Int32
    public var end: Int32

    public init(_ start: Int, _ end: Int) {
        self.start = Int32(clamping: start)
        self.end = Int32(clamping: end)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        start = try container.decode(Int32.self)
        end = try container.decode(Int32.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(start)
        try container.encode(end)
    }

    public var isEmpty: Bool { end <= start }

    /// The text before, inside and after the span in `name` (clamped to its length).
    public func split(_ name: String) -> (before: Substring, inside: Substring, after: Substring) {
        let scalars = name.unicodeScalars
        let count = scalars.count
        let lower = scalars.index(scalars.startIndex, offsetBy: min(max(0, Int(start)), count))
        let upper = scalars.index(scalars.startIndex, offsetBy: min(max(Int(start), Int(end)), count))
        return (Substring(scalars[..<lower]), Substring(scalars[lower..<upper]), Substring(scalars[upper...]))
    }

    /// The span's text in `name`.
    public func text(in name: String) -> Substring { split(name).inside }
}
