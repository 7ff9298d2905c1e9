/// Converts dates of the Julian, Hebrew and French Republican calendars to the Gregorian
/// calendar, through day numbers (Reingold and Dershowitz, *Calendrical Calculations*:
/// "fixed" days, 1 January of year 1 Gregorian being day 1).
///
/// A date without a day spans the days of its month or year; `gregorianSpan` gives the
/// first and the last, so a Hebrew year (autumn to autumn) reads as two Gregorian years.
/// A Julian date is converted only when its day is known: the two calendars differ by
/// days, so a Julian month or year keeps its number.
public enum CalendarConversion {
    /// The first and last Gregorian day `point` can mean.
    public static func gregorianSpan(of point: DatePoint) -> (first: GregorianDay, last: GregorianDay) {
        let year = point.dualYear ?? point.year
        switch point.calendar {
        case .gregorian:
            return asWritten(year: year, month: point.month, day: point.day)
        case .julian:
            guard let month = point.month, let day = point.day, (1...12).contains(month) else {
                return asWritten(year: year, month: point.month, day: point.day)
            }
            let fixed = fixedFromJulian(year: year, month: month, day: min(day, julianMonthLength(month, year: year)))
            let converted = gregorian(fromFixed: fixed)
            return (converted, converted)
        case .hebrew:
            return span(of: point, year: year, monthCount: hebrewMonthCount(year), monthLength: { hebrewMonthLength($0, year: year) },
                        fixed: { fixedFromHebrew(year: year, month: $0, day: $1) })
        case .frenchRepublican:
            return span(of: point, year: year, monthCount: 13, monthLength: { frenchMonthLength($0, year: year) },
                        fixed: { fixedFromFrench(year: year, month: $0, day: $1) })
        }
    }

    /// A Gregorian date needs no conversion; missing parts span the month or year.
    private static func asWritten(year: Int, month: Int?, day: Int?) -> (first: GregorianDay, last: GregorianDay) {
        guard let month, (1...12).contains(month) else {
            return (GregorianDay(year: year, month: 1, day: 1), GregorianDay(year: year, month: 12, day: 31))
        }
        if let day { return (GregorianDay(year: year, month: month, day: day), GregorianDay(year: year, month: month, day: day)) }
        return (GregorianDay(year: year, month: month, day: 1),
                GregorianDay(year: year, month: month, day: gregorianMonthLength(month, year: year)))
    }

    private static func span(of point: DatePoint, year: Int, monthCount: Int, monthLength: (Int) -> Int,
                             fixed: (_ month: Int, _ day: Int) -> Int) -> (first: GregorianDay, last: GregorianDay) {
        let firstMonth = point.month.map { min(max($0, 1), monthCount) } ?? 1
        let lastMonth = point.month.map { min(max($0, 1), monthCount) } ?? monthCount
        let firstDay = point.day.map { min(max($0, 1), monthLength(firstMonth)) } ?? 1
        let lastDay = point.day.map { min(max($0, 1), monthLength(lastMonth)) } ?? monthLength(lastMonth)
        return (gregorian(fromFixed: fixed(firstMonth, firstDay)), gregorian(fromFixed: fixed(lastMonth, lastDay)))
    }

    // MARK: Gregorian

    /// Years as historians number them (no year 0) to astronomical numbering and back.
    private static func astronomical(_ year: Int) -> Int { year < 0 ? year + 1 : year }
    private static func historical(_ year: Int) -> Int { year <= 0 ? year - 1 : year }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    private static func mod(_ a: Int, _ b: Int) -> Int { a - b * floorDiv(a, b) }

    static func isGregorianLeap(_ astronomicalYear: Int) -> Bool {
        mod(astronomicalYear, 4) == 0 && (mod(astronomicalYear, 100) != 0 || mod(astronomicalYear, 400) == 0)
    }

    static func gregorianMonthLength(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isGregorianLeap(astronomical(year)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Day number of a Gregorian date (historical year numbering).
    static func fixedFromGregorian(year: Int, month: Int, day: Int) -> Int {
        let y = astronomical(year)
        let leapCorrection = month <= 2 ? 0 : (isGregorianLeap(y) ? -1 : -2)
        return 365 * (y - 1) + floorDiv(y - 1, 4) - floorDiv(y - 1, 100) + floorDiv(y - 1, 400)
            + floorDiv(367 * month - 362, 12) + leapCorrection + day
    }

    static func gregorian(fromFixed date: Int) -> GregorianDay {
        let d0 = date - 1
        let n400 = floorDiv(d0, 146_097), d1 = mod(d0, 146_097)
        let n100 = floorDiv(d1, 36_524), d2 = mod(d1, 36_524)
        let n4 = floorDiv(d2, 1461), d3 = mod(d2, 1461)
        let n1 = floorDiv(d3, 365)
        var y = 400 * n400 + 100 * n100 + 4 * n4 + n1
        if n100 != 4 && n1 != 4 { y += 1 }
        let year = historical(y)
        let prior = date - fixedFromGregorian(year: year, month: 1, day: 1)
        let correction = date < fixedFromGregorian(year: year, month: 3, day: 1) ? 0 : (isGregorianLeap(y) ? 1 : 2)
        let month = floorDiv(12 * (prior + correction) + 373, 367)
        return GregorianDay(year: year, month: month, day: date - fixedFromGregorian(year: year, month: month, day: 1) + 1)
    }

    // MARK: Julian

    private static func isJulianLeap(_ year: Int) -> Bool { mod(year, 4) == (year > 0 ? 0 : 3) }

    private static func julianMonthLength(_ month: Int, year: Int) -> Int {
        month == 2 ? (isJulianLeap(year) ? 29 : 28) : gregorianMonthLength(month, year: 1)
    }

    /// Day number of a Julian date (historical year numbering).
    static func fixedFromJulian(year: Int, month: Int, day: Int) -> Int {
        let y = astronomical(year)
        let leapCorrection = month <= 2 ? 0 : (isJulianLeap(year) ? -1 : -2)
        return -2 + 365 * (y - 1) + floorDiv(y - 1, 4) + floorDiv(367 * month - 362, 12) + leapCorrection + day
    }

    // MARK: Hebrew (GEDCOM months TSH CSH KSL TVT SHV ADR ADS NSN IYR SVN TMZ AAV ELL = 1…13)

    private static let hebrewEpoch = -1_373_427  // 1 Tishri AM 1 = 7 October 3761 BC (Julian)

    private static func isHebrewLeap(_ year: Int) -> Bool { mod(7 * year + 1, 19) < 7 }

    private static func hebrewMonthCount(_ year: Int) -> Int { 13 }

    private static func hebrewElapsedDays(_ year: Int) -> Int {
        let months = floorDiv(235 * year - 234, 19)
        let parts = 12_084 + 13_753 * months
        let days = 29 * months + floorDiv(parts, 25_920)
        return mod(3 * (days + 1), 7) < 3 ? days + 1 : days
    }

    private static func hebrewNewYear(_ year: Int) -> Int {
        let ny0 = hebrewElapsedDays(year - 1), ny1 = hebrewElapsedDays(year), ny2 = hebrewElapsedDays(year + 1)
        let correction = ny2 - ny1 == 356 ? 2 : (ny1 - ny0 == 382 ? 1 : 0)
        return hebrewEpoch + ny1 + correction
    }

    private static func hebrewYearLength(_ year: Int) -> Int { hebrewNewYear(year + 1) - hebrewNewYear(year) }

    /// Length of a month in GEDCOM's order; ADR is Adar (Adar I in a leap year), ADS
    /// Adar II, which a common year does not have (0 days).
    private static func hebrewMonthLength(_ month: Int, year: Int) -> Int {
        let length = hebrewYearLength(year)
        switch month {
        case 2: return length % 10 == 5 ? 30 : 29  // Heshvan is long in 355- and 385-day years
        case 3: return length % 10 == 3 ? 29 : 30  // Kislev is short in 353- and 383-day years
        case 6: return isHebrewLeap(year) ? 30 : 29  // Adar I has 30 days, plain Adar 29
        case 7: return isHebrewLeap(year) ? 29 : 0
        case 4, 9, 11, 13: return 29
        default: return 30
        }
    }

    static func fixedFromHebrew(year: Int, month: Int, day: Int) -> Int {
        var days = hebrewNewYear(year) + day - 1
        for m in stride(from: 1, to: month, by: 1) { days += hebrewMonthLength(m, year: year) }
        return days
    }

    // MARK: French Republican (VEND … FRUC, COMP = 1…13)

    /// The Gregorian day each year I–XIV began on (the equinox, as decreed).
    private static let frenchNewYears: [(Int, Int)] = [
        (1792, 22), (1793, 22), (1794, 22), (1795, 23), (1796, 22), (1797, 22), (1798, 22),
        (1799, 23), (1800, 23), (1801, 23), (1802, 23), (1803, 24), (1804, 23), (1805, 23),
    ]

    /// Years III, VII, XI and XV were leap years; later ones follow Romme's rule.
    private static func isFrenchLeap(_ year: Int) -> Bool {
        year < 20 ? year % 4 == 3 : (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
    }

    /// The day year `year` began: from the decree's table, else counted on from year XIV
    /// (or back from year I) in closed form, so any year costs the same.
    private static func frenchNewYear(_ year: Int) -> Int {
        let known = min(max(year, 1), frenchNewYears.count)
        let fixed = fixedFromGregorian(year: frenchNewYears[known - 1].0, month: 9, day: frenchNewYears[known - 1].1)
        if year < 1 { return fixed - 365 * (1 - year) - (1 - year) / 4 }
        guard year > known else { return fixed }
        // Leap years among XIV ..< year: XV and XIX by the sextile rule, then Romme's.
        let last = year - 1
        func romme(_ n: Int) -> Int { n / 4 - n / 100 + n / 400 }
        let leaps = [15, 19].filter { $0 <= last }.count + (last >= 20 ? romme(last) - romme(19) : 0)
        return fixed + 365 * (year - known) + leaps
    }

    private static func frenchMonthLength(_ month: Int, year: Int) -> Int { month < 13 ? 30 : (isFrenchLeap(year) ? 6 : 5) }

    static func fixedFromFrench(year: Int, month: Int, day: Int) -> Int {
        frenchNewYear(year) + 30 * (month - 1) + day - 1
    }
}
