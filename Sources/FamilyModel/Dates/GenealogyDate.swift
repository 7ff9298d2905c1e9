/// The calendars GEDCOM dates are written in. Dates are shown in the Gregorian calendar
/// (see `CalendarConversion`).
public enum DateCalendar: String, Codable, Sendable, Equatable, CaseIterable {
    case gregorian, julian, hebrew, frenchRepublican
}

/// One calendar date as written: a year, optionally a month and a day, in one calendar.
public struct DatePoint: Codable, Sendable, Equatable {
    public var calendar: DateCalendar
    /// The year as written; negative before the common era (`990 BC` → -990).
    public var year: Int
    /// 1-based month in the calendar's own order (Hebrew and French Republican: the
    /// order GEDCOM lists them, starting with Tishri and Vendémiaire); nil when not given.
    public var month: Int?
    public var day: Int?
    /// The later year of a dual (Old Style / New Style) year, complete: `631/32` → 632.
    public var dualYear: Int?

    public init(calendar: DateCalendar = .gregorian, year: Int, month: Int? = nil, day: Int? = nil, dualYear: Int? = nil) {
        self.calendar = calendar
        self.year = year
        self.month = month
        self.day = day
        self.dualYear = dualYear
    }

    /// The earliest and latest Gregorian day the point can mean (a year-only Hebrew date
    /// spans two Gregorian years), from `CalendarConversion`.
    public var gregorianSpan: (first: GregorianDay, last: GregorianDay) { CalendarConversion.gregorianSpan(of: self) }

    /// The Gregorian year to compare and sort by: the New Style year of a dual year,
    /// the converted year of another calendar's date (the later one when it spans two).
    public var gregorianYear: Int { gregorianSpan.last.year }
}

/// A day in the (proleptic) Gregorian calendar, years numbered as historians do: -1 is
/// 1 BC (there is no year 0).
public struct GregorianDay: Sendable, Equatable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (a: GregorianDay, b: GregorianDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

/// A genealogical date as GEDCOM 5.5.1 and 7.0 write it: a point or two, qualified
/// (about, before, between…), possibly in another calendar, with an optional phrase
/// (5.5.1 `INT 1850 (in the spring)`, 7.0 `DATE` + `PHRASE`).
public struct GenealogyDate: Codable, Sendable, Equatable {
    public enum Qualifier: String, Codable, Sendable, Equatable, CaseIterable {
        /// A plain date: `12 MAR 1901`.
        case exact
        /// `ABT`: about.
        case about
        /// `CAL`: calculated from other facts (an age at death…).
        case calculated
        /// `EST`: estimated.
        case estimated
        /// `BEF`: before.
        case before
        /// `AFT`: after.
        case after
        /// `BET … AND …`: some time between the two.
        case between
        /// `FROM … TO …`, `FROM …`, `TO …`: a period (either end may be missing).
        case period
        /// `INT … (phrase)`: interpreted from the phrase.
        case interpreted
        /// Only a phrase, no date: `(stillborn)`.
        case phraseOnly
    }

    public var qualifier: Qualifier
    /// The date; for `between` and `period` the first end (nil for `TO …`).
    public var start: DatePoint?
    /// The second end of `between` and `period` (nil for `FROM …`).
    public var end: DatePoint?
    /// The words that go with the date: 5.5.1's `(…)`, 7.0's `PHRASE`.
    public var phrase: String?

    public init(qualifier: Qualifier, start: DatePoint?, end: DatePoint? = nil, phrase: String? = nil) {
        self.qualifier = qualifier
        self.start = start
        self.end = end
        self.phrase = phrase
    }

    /// A plain year (seed JSON's `birthYear`).
    public static func year(_ year: Int) -> GenealogyDate { GenealogyDate(qualifier: .exact, start: DatePoint(year: year)) }

    /// The Gregorian year to reason with (the living-person rule, messages): the latest
    /// year the date allows where it is bounded (`BET 1900 AND 1910` → 1910, `BEF 1461`
    /// → 1461), else its only year. Nil for a phrase without a date.
    public var latestYear: Int? { (end ?? start)?.gregorianYear }

    /// The Gregorian year the date starts in (`BET 1900 AND 1910` → 1900). Nil for a phrase.
    public var earliestYear: Int? { (start ?? end).map { $0.gregorianSpan.first.year } }

    /// A sortable key (siblings by birth, marriages by date): the first day the date
    /// names, converted to Gregorian, with 0 for an unknown month or day.
    public var sortKey: DateKey? {
        guard let point = start ?? end else { return nil }
        let first = point.gregorianSpan.first
        if point.calendar == .gregorian || point.calendar == .julian && point.day == nil {
            // As written: a year-only date keeps month and day unknown (0) so it sorts before dated ones of its year.
            let year = point.dualYear ?? point.year
            return DateKey(year: year, month: point.month ?? 0, day: point.month == nil ? 0 : point.day ?? 0)
        }
        return DateKey(year: first.year, month: first.month, day: first.day)
    }
}

/// A person's birth and death dates as the input writes them, kept out of line (one
/// reference in `Person`), since most inputs give plain years or nothing.
public final class LifeDates: Codable, Sendable, Equatable {
    public let birth: GenealogyDate?
    public let death: GenealogyDate?

    public init(birth: GenealogyDate?, death: GenealogyDate?) {
        self.birth = birth
        self.death = death
    }

    public static func == (a: LifeDates, b: LifeDates) -> Bool { a.birth == b.birth && a.death == b.death }

    /// The dates, unless each is missing or a plain Gregorian year, which a person's
    /// `birthYear` and `deathYear` hold as well (most dates of large files: no object).
    public static func unlessPlainYears(birth: GenealogyDate?, death: GenealogyDate?) -> LifeDates? {
        func plain(_ date: GenealogyDate?) -> Bool { date.map { $0 == .year($0.start?.year ?? 0) && $0.start!.year > 0 } ?? true }
        return plain(birth) && plain(death) ? nil : LifeDates(birth: birth, death: death)
    }
}
