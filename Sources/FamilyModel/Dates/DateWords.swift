/// The words dates are shown with in a box, as templates where `{}` stands for the year
/// (or, in `between`, `period` and `lifespan`, the two years in order). The defaults are
/// the short English markers genealogists use; a theme's `"dates"` object replaces any
/// of them, so a German chart can say `"um {}"`, `"* {}"`, `"† {}"` and a Chinese one
/// `"约{}"`, `"公元前{}"`.
public struct DateWords: Codable, Sendable, Equatable {
    public var about = "c. {}"
    public var calculated = "c. {}"
    public var estimated = "est. {}"
    public var before = "bef. {}"
    public var after = "aft. {}"
    public var between = "{}–{}"
    /// `FROM … TO …`.
    public var period = "{}–{}"
    /// `FROM …` alone.
    public var from = "from {}"
    /// `TO …` alone.
    public var to = "to {}"
    /// `INT …`: a date interpreted from a phrase.
    public var interpreted = "{}"
    /// A year before the common era.
    public var beforeCommonEra = "{} BC"
    public var born = "b. {}"
    public var died = "d. {}"
    /// Birth and death on one line when neither is a range: `1850–1910`.
    public var lifespan = "{}–{}"
    /// Between `born` and `died` when either is a range (`b. 598–601, d. 650`).
    public var separator = ", "

    public init() {}

    /// The English defaults.
    public static let standard = DateWords()

    /// The templates by their theme-file names, to read and check them.
    public static var fields: [(name: String, slots: Int, path: WritableKeyPath<DateWords, String>)] { [
        ("about", 1, \.about), ("calculated", 1, \.calculated), ("estimated", 1, \.estimated), ("before", 1, \.before),
        ("after", 1, \.after), ("between", 2, \.between), ("period", 2, \.period), ("from", 1, \.from), ("to", 1, \.to),
        ("interpreted", 1, \.interpreted), ("beforeCommonEra", 1, \.beforeCommonEra), ("born", 1, \.born), ("died", 1, \.died),
        ("lifespan", 2, \.lifespan), ("separator", 0, \.separator),
    ] }

    /// `template` with each `{}` replaced by the next of `values`.
    /// The slots are found by comparing characters, not with `firstRange(of:)`: a box's
    /// life line fills two or three templates, and the generic search cost about ten
    /// thousand instructions a box (a seventh of a 100,000-person layout).
    public static func fill(_ template: String, _ values: String...) -> String {
        var result = ""
        var copied = template.startIndex  // the first character not yet in `result`
        var index = template.startIndex
        var next = 0
        while next < values.count && index < template.endIndex {
            let after = template.index(after: index)
            guard template[index] == "{" && after < template.endIndex && template[after] == "}" else {
                index = after
                continue
            }
            result += template[copied..<index]
            result += values[next]
            next += 1
            index = template.index(after: after)
            copied = index
        }
        return result + template[copied...]
    }

    /// How many `{}` a template holds.
    public static func slots(in template: String) -> Int {
        var count = 0
        var rest = Substring(template)
        while let slot = rest.firstRange(of: "{}") {
            count += 1
            rest = rest[slot.upperBound...]
        }
        return count
    }
}

extension DateWords {
    /// A date as shown in a box: `c. 1872`, `bef. 1461`, `598–601`, `631/32`, `1939`
    /// (converted from `15 TSH 5700`); nil for a phrase without a date.
    public func text(of date: GenealogyDate) -> String? {
        switch date.qualifier {
        case .phraseOnly: return nil
        case .exact: return date.start.map(year)
        case .about: return date.start.map { Self.fill(about, year($0)) }
        case .calculated: return date.start.map { Self.fill(calculated, year($0)) }
        case .estimated: return date.start.map { Self.fill(estimated, year($0)) }
        case .before: return date.start.map { Self.fill(before, year($0)) }
        case .after: return date.start.map { Self.fill(after, year($0)) }
        case .interpreted: return date.start.map { Self.fill(interpreted, year($0)) }
        case .between, .period:
            let template = date.qualifier == .between ? between : period
            switch (date.start, date.end) {
            case let (start?, end?):
                let (first, last) = (year(start), year(end))
                return first == last ? first : Self.fill(template, first, last)
            case let (start?, nil): return Self.fill(from, year(start))
            case let (nil, end?): return Self.fill(to, year(end))
            case (nil, nil): return nil
            }
        }
    }

    /// Whether `date` reads as two years (`598–601`), which a lifespan's dash would make ambiguous.
    private func isRange(_ date: GenealogyDate) -> Bool {
        guard date.qualifier == .between || date.qualifier == .period, let start = date.start, let end = date.end else { return false }
        return year(start) != year(end)
    }

    /// The life line of a box: `1850–1910`, `c. 1872–aft. 1940`, `b. 598–601, d. 650`,
    /// `b. 1850`, `d. 1910`, or nil when neither date shows a year.
    public func lifeYears(birth: GenealogyDate?, death: GenealogyDate?) -> String? {
        let born = birth.flatMap(text(of:)), died = death.flatMap(text(of:))
        switch (born, died) {
        case let (b?, d?):
            if isRange(birth!) || isRange(death!) { return Self.fill(self.born, b) + separator + Self.fill(self.died, d) }
            return Self.fill(lifespan, b, d)
        case let (b?, nil): return Self.fill(self.born, b)
        case let (nil, d?): return Self.fill(self.died, d)
        case (nil, nil): return nil
        }
    }

    /// A point's year in the Gregorian calendar: `1850`, `631/32` (a dual year as
    /// written), `1939` (converted), `1939/40` (a Hebrew year spans two), `990 BC`.
    public func year(_ point: DatePoint) -> String {
        if point.calendar == .gregorian || point.calendar == .julian && point.day == nil {
            guard let dual = point.dualYear else { return era(point.year) }
            return "\(point.year)/\(Self.twoDigits(dual))"
        }
        let span = point.gregorianSpan
        if span.first.year == span.last.year { return era(span.first.year) }
        if span.first.year > 0 { return "\(span.first.year)/\(Self.twoDigits(span.last.year))" }
        return era(span.first.year) + "/" + era(span.last.year)
    }

    private func era(_ year: Int) -> String { year < 0 ? Self.fill(beforeCommonEra, String(-year)) : String(year) }

    private static func twoDigits(_ year: Int) -> String {
        let tail = abs(year) % 100
        return tail < 10 ? "0\(tail)" : "\(tail)"
    }
}
