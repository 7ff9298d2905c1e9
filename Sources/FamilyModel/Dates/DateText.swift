/// A date in words, whole, as a reader says it, for sentences and panels (a box shows
/// only years: `DateWords`): "6 Nov 1673 (Julian)", "about 12 Mar 1850", "between 1900
/// and 1910", "15 Tishri 5700 (Hebrew)", "18 Brumaire 8 (French Republican)",
/// "20 Mar 1726/27 (Julian)", "990 BC", "1850 (in the spring)". The date keeps its own
/// calendar (nothing is converted) and says which, once after the date when every part
/// shares it, else after each part; Gregorian dates say nothing. GEDCOM's calendar escapes
/// (`@#DJULIAN@`) and 7.0's calendar words never show.
public enum DateText {
    /// `date` in words.
    public static func words(_ date: GenealogyDate) -> String {
        let points = [date.start, date.end].compactMap { $0 }
        let calendars = Set(points.map(\.calendar))
        let sharedCalendar = calendars.count == 1 ? calendars.first! : .gregorian
        func point(_ p: DatePoint) -> String {
            let text = Self.point(p)
            return calendars.count > 1 ? text + Self.calendarNote(p.calendar) : text
        }
        var text: String
        switch date.qualifier {
        case .phraseOnly: return "(\(date.phrase ?? ""))"
        case .exact, .interpreted: text = date.start.map(point) ?? ""
        case .about: text = "about " + (date.start.map(point) ?? "")
        case .calculated: text = "calculated " + (date.start.map(point) ?? "")
        case .estimated: text = "estimated " + (date.start.map(point) ?? "")
        case .before: text = "before " + (date.start.map(point) ?? "")
        case .after: text = "after " + (date.start.map(point) ?? "")
        case .between, .period:
            let (first, second) = date.qualifier == .between ? ("between", "and") : ("from", "to")
            switch (date.start, date.end) {
            case let (start?, end?): text = "\(first) \(point(start)) \(second) \(point(end))"
            case let (start?, nil): text = "from " + point(start)
            case let (nil, end?): text = "to " + point(end)
            case (nil, nil): text = ""
            }
        }
        text += calendarNote(sharedCalendar)
        if let phrase = date.phrase, !phrase.isEmpty { text += " (\(phrase))" }
        return text
    }

    /// A GEDCOM date value in words (`phrase`: GEDCOM 7's `PHRASE`). A value the date
    /// reader cannot read keeps its words, with qualifiers and months spelled out and a
    /// calendar escape or word named after it: "@#DJULIAN@ 06 NOV 1673 (?)" → "6 Nov 1673 (?) (Julian)".
    public static func words(gedcom text: String, phrase: String? = nil) -> String {
        switch GEDCOMDateReader.read(text, phrase: phrase) {
        case .date(let date): return words(date)
        case .empty: return phrase ?? ""
        case .unreadable: return asWritten(text, phrase: phrase)
        }
    }

    /// " (Julian)", " (Hebrew)", " (French Republican)", or nothing for Gregorian.
    static func calendarNote(_ calendar: DateCalendar) -> String {
        switch calendar {
        case .gregorian: ""
        case .julian: " (Julian)"
        case .hebrew: " (Hebrew)"
        case .frenchRepublican: " (French Republican)"
        }
    }

    /// "6 Nov 1673", "Tishri 5700", "1726/27", "990 BC".
    static func point(_ p: DatePoint) -> String {
        var parts: [String] = []
        if let day = p.day { parts.append(String(day)) }
        if let month = p.month { parts.append(monthName(month, calendar: p.calendar)) }
        var year = p.year < 0 ? "\(-p.year) BC" : String(p.year)
        if let dual = p.dualYear {
            let tail = abs(dual) % 100
            year += "/" + (tail < 10 ? "0\(tail)" : String(tail))
        }
        parts.append(year)
        return parts.joined(separator: " ")
    }

    static func monthName(_ month: Int, calendar: DateCalendar) -> String {
        let names: [String]
        switch calendar {
        case .gregorian, .julian: names = gregorianMonths
        case .hebrew: names = hebrewMonths
        case .frenchRepublican: names = frenchMonths
        }
        return (1...names.count).contains(month) ? names[month - 1] : String(month)
    }

    static let gregorianMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// GEDCOM's order TSH … ELL; ADR is Adar (Adar I in a leap year), ADS Adar II.
    static let hebrewMonths = ["Tishri", "Heshvan", "Kislev", "Tevet", "Shevat", "Adar", "Adar II", "Nisan", "Iyar", "Sivan",
                               "Tammuz", "Av", "Elul"]
    /// VEND … FRUC, then COMP: the complementary days at the end of the year.
    static let frenchMonths = ["Vendémiaire", "Brumaire", "Frimaire", "Nivôse", "Pluviôse", "Ventôse", "Germinal", "Floréal",
                               "Prairial", "Messidor", "Thermidor", "Fructidor", "jour complémentaire"]

    /// An unreadable value: its words as written, qualifiers and Gregorian months spelled
    /// out, a leading zero dropped from a day, calendar escapes and words taken out and
    /// named once at the end.
    static func asWritten(_ text: String, phrase: String?) -> String {
        let spelled: [String: String] = [
            "ABT": "about", "CAL": "calculated", "EST": "estimated", "BEF": "before", "AFT": "after", "BET": "between", "AND": "and",
            "FROM": "from", "TO": "to", "INT": ""]
        let calendarWords: [String: DateCalendar] = [
            "@#DGREGORIAN@": .gregorian, "@#DJULIAN@": .julian, "@#DHEBREW@": .hebrew, "@#DFRENCH": .frenchRepublican,
            "GREGORIAN": .gregorian, "JULIAN": .julian, "HEBREW": .hebrew, "FRENCH_R": .frenchRepublican]
        var calendar = DateCalendar.gregorian
        var words: [String] = []
        var skipNext = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if skipNext { skipNext = false; if word.uppercased() == "R@" { continue } }
            let upper = word.uppercased()
            if let named = calendarWords[upper] {
                calendar = named
                skipNext = upper == "@#DFRENCH"
                continue
            }
            if upper.hasPrefix("@#D") && upper.hasSuffix("@") { continue }  // another calendar escape: not a word to show
            if let replacement = spelled[upper] {
                if !replacement.isEmpty { words.append(replacement) }
            } else if let month = gregorianMonths.firstIndex(where: { $0.uppercased() == upper }) {
                words.append(gregorianMonths[month])
            } else if word.count == 2, word.first == "0", let digit = word.last, digit.isNumber {
                words.append(String(digit))
            } else {
                words.append(String(word))
            }
        }
        var result = words.joined(separator: " ") + calendarNote(calendar)
        if let phrase, !phrase.isEmpty { result += " (\(phrase))" }
        return result
    }
}
