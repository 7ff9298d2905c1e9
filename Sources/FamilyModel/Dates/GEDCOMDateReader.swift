/// Reads GEDCOM 5.5.1 and 7.0 date values into `GenealogyDate`:
///
/// - qualifiers `ABT`, `CAL`, `EST`, `BEF`, `AFT`, `BET … AND …`, `FROM … TO …`, `TO …`,
///   `INT … (phrase)`, a bare `(phrase)`;
/// - calendars as 5.5.1 escapes (`@#DJULIAN@`, `@#DHEBREW@`, `@#DFRENCH R@`,
///   `@#DGREGORIAN@`) or 7.0 words (`JULIAN`, `HEBREW`, `FRENCH_R`, `GREGORIAN`);
/// - `[day] [month] year`, dual years (`631/32`, `1699/1700`), `BC`, `B.C.`, `BCE`.
///
/// Real exports are read leniently: any case, a full stop after a word (`Abt.`, `Jan.`),
/// English month names, `CA`/`CIRCA`/`ABOUT`/`BEFORE`/`AFTER`/`BETWEEN`, padding spaces,
/// a range written `1900-1910`, `1900 - 1910` or `1056/1060`, and a trailing `(remark)`, kept as the
/// phrase. An Old Style year written with a hyphen after a date before 25 March
/// (`28 Jan 1456-1457`) is read as the dual year `1456/57`.
public enum GEDCOMDateReader {
    /// What a date value holds.
    public enum Result: Equatable, Sendable {
        /// Nothing (an empty `DATE`).
        case empty
        case date(GenealogyDate)
        /// Not a date this reader understands.
        case unreadable
    }

    /// Reads `text`; `phrase` is GEDCOM 7's `PHRASE` under the `DATE`, if any.
    public static func read(_ text: String, phrase: String? = nil) -> Result {
        if phrase == nil, let year = plainYear(text) { return .date(.year(year)) }
        var body = Substring(text)
        var phraseText = phrase.flatMap { $0.isEmpty ? nil : $0 }
        // A parenthesised phrase: the whole value, or its end (INT 1850 (spring), 1850 (or 1851)).
        if let open = body.firstIndex(of: "("), let close = body.lastIndex(of: ")"), open < close,
           body[body.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" }) {
            let inner = body[body.index(after: open)..<close].trimmingSpaces
            if phraseText == nil, !inner.isEmpty { phraseText = inner }
            body = body[..<open]
        }
        var tokens = DateTokens(body)
        if tokens.isEmpty {
            return phraseText.map { .date(GenealogyDate(qualifier: .phraseOnly, start: nil, phrase: $0)) } ?? .empty
        }
        guard let date = readValue(&tokens), tokens.isAtEnd else { return .unreadable }
        var result = date
        result.phrase = phraseText
        return .date(result)
    }

    /// The most common value, a bare year (`1850`, PAF's `   1850`), read without tokens.
    private static func plainYear(_ text: String) -> Int? {
        var year = 0, digits = 0
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                guard digits < 4 else { return nil }
                year = year * 10 + Int(byte - 0x30)
                digits += 1
            } else if byte != 0x20 || digits > 0 {
                return nil
            }
        }
        return digits > 0 && year > 0 ? year : nil
    }

    private static let simpleQualifiers: [String: GenealogyDate.Qualifier] = [
        "ABT": .about, "ABOUT": .about, "CA": .about, "CIRCA": .about, "C": .about, "APPROX": .about,
        "CAL": .calculated, "CALC": .calculated, "CALCULATED": .calculated,
        "EST": .estimated, "ESTIMATED": .estimated,
        "BEF": .before, "BEFORE": .before, "AFT": .after, "AFTER": .after, "INT": .interpreted,
    ]

    private static func readValue(_ tokens: inout DateTokens) -> GenealogyDate? {
        let first = tokens.peek!
        if let qualifier = simpleQualifiers[first] {
            tokens.advance()
            guard let point = readPoint(&tokens) else { return nil }
            return GenealogyDate(qualifier: qualifier, start: point)
        }
        switch first {
        case "BET", "BETWEEN":
            tokens.advance()
            guard let start = readPoint(&tokens), tokens.take("AND", "-", "&"), let end = readPoint(&tokens) else { return nil }
            return GenealogyDate(qualifier: .between, start: start, end: end)
        case "FROM":
            tokens.advance()
            guard let start = readPoint(&tokens) else { return nil }
            var end: DatePoint?
            if tokens.take("TO") {
                guard let point = readPoint(&tokens) else { return nil }
                end = point
            }
            return GenealogyDate(qualifier: .period, start: start, end: end)
        case "TO":
            tokens.advance()
            guard let end = readPoint(&tokens) else { return nil }
            return GenealogyDate(qualifier: .period, start: nil, end: end)
        default:
            guard let start = readPoint(&tokens) else { return nil }
            guard tokens.take("-", "AND") else { return GenealogyDate(qualifier: .exact, start: start) }
            guard let end = readPoint(&tokens) else { return nil }
            return GenealogyDate(qualifier: .between, start: start, end: end)
        }
    }

    /// `[calendar] [[day] month] year[/dual] [BC]`.
    private static func readPoint(_ tokens: inout DateTokens) -> DatePoint? {
        var calendar = DateCalendar.gregorian
        if let word = tokens.peek, let named = calendars[word] {
            calendar = named
            tokens.advance()
        }
        var parts: [String] = []
        while let word = tokens.peek, parts.count < 3, !separators.contains(word) {
            if eras.contains(word) { break }
            parts.append(word)
            tokens.advance()
        }
        guard let yearText = parts.last, var point = year(yearText, calendar: calendar) else { return nil }
        let monthNames = calendar == .hebrew ? hebrewMonths : calendar == .frenchRepublican ? frenchMonths : gregorianMonths
        let maximumDay = calendar == .gregorian || calendar == .julian ? 31 : 30
        switch parts.count {
        case 1: break
        case 2:
            guard let month = monthNames[parts[0]] else { return nil }
            point.month = month
        default:
            // Day month year, or the American month day year.
            let (dayText, monthText) = monthNames[parts[1]] != nil ? (parts[0], parts[1]) : (parts[1], parts[0])
            guard let month = monthNames[monthText], let day = Int(dayText), (1...maximumDay).contains(day) else { return nil }
            point.month = month
            point.day = day
        }
        if let word = tokens.peek, eras.contains(word) {
            tokens.advance()
            guard point.dualYear == nil else { return nil }
            point.year = -point.year
        }
        // "28 Jan 1456-1457": the Old Style year and the New Style year of a date before 25 March.
        if point.dualYear == nil, point.year > 0, let month = point.month, calendar != .hebrew, calendar != .frenchRepublican,
           month < 3 || month == 3 && (point.day ?? 1) < 25, tokens.peek == "-", tokens.peek(1) == String(point.year + 1) {
            tokens.advance()
            tokens.advance()
            point.dualYear = point.year + 1
        }
        return point
    }

    /// `1850`, `631/32`, `1699/1700`: the year and, for a dual year, the complete later year.
    private static func year(_ text: String, calendar: DateCalendar) -> DatePoint? {
        // Digits, then optionally a slash and 1–4 digits.
        var year = 0, yearDigits = 0, tail = 0, tailDigits = -1
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/"), tailDigits < 0 {
                tailDigits = 0
            } else if byte >= 0x30 && byte <= 0x39 {
                if tailDigits < 0 { year = year * 10 + Int(byte - 0x30); yearDigits += 1 } else { tail = tail * 10 + Int(byte - 0x30); tailDigits += 1 }
                if yearDigits > 5 || tailDigits > 4 { return nil }
            } else {
                return nil
            }
        }
        guard yearDigits > 0, year > 0, tailDigits != 0 else { return nil }
        var point = DatePoint(calendar: calendar, year: year)
        if tailDigits > 0 {
            let digits = tail
            // The smallest later year ending in these digits: 631/32 → 632, 1699/00 → 1700, 1699/1700 → 1700.
            var modulus = 1
            for _ in 0..<tailDigits { modulus *= 10 }
            var later = year - year % modulus + digits
            if later <= year { later += modulus }
            guard later == year + 1 else { return nil }
            point.dualYear = later
        }
        return point
    }

    private static let separators: Set<String> = ["AND", "TO", "-", "&"]
    private static let eras: Set<String> = ["BC", "B.C.", "BCE", "B.C.E.", "B.C"]
    private static let calendars: [String: DateCalendar] = [
        "@#DGREGORIAN@": .gregorian, "@#DJULIAN@": .julian, "@#DHEBREW@": .hebrew, "@#DFRENCH R@": .frenchRepublican,
        "GREGORIAN": .gregorian, "JULIAN": .julian, "HEBREW": .hebrew, "FRENCH_R": .frenchRepublican,
    ]
    private static let gregorianMonths: [String: Int] = {
        let short = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        let long = ["JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"]
        var names: [String: Int] = ["SEPT": 9]
        for (k, name) in short.enumerated() { names[name] = k + 1 }
        for (k, name) in long.enumerated() { names[name] = k + 1 }
        return names
    }()
    private static let hebrewMonths: [String: Int] = Dictionary(uniqueKeysWithValues:
        ["TSH", "CSH", "KSL", "TVT", "SHV", "ADR", "ADS", "NSN", "IYR", "SVN", "TMZ", "AAV", "ELL"].enumerated().map { ($1, $0 + 1) })
    private static let frenchMonths: [String: Int] = Dictionary(uniqueKeysWithValues:
        ["VEND", "BRUM", "FRIM", "NIVO", "PLUV", "VENT", "GERM", "FLOR", "PRAI", "MESS", "THER", "FRUC", "COMP"].enumerated().map { ($1, $0 + 1) })
}

/// The words of a date value, upper-cased (ASCII), with a full stop after a word dropped
/// (`Abt.` → `ABT`, but `B.C.` kept), `@#DFRENCH R@` kept whole, `1900-1910` split and
/// `1056/1060` (two years apart by more than one) read as a range. Read on UTF-8 bytes.
struct DateTokens {
    private var words: [String] = []
    private var index = 0

    init(_ text: Substring) {
        var current: [UInt8] = []
        current.reserveCapacity(16)
        var inEscape = false
        func flush() {
            guard !current.isEmpty else { return }
            if current.count > 1, current.last == UInt8(ascii: "."), !current.dropLast().contains(UInt8(ascii: ".")) { current.removeLast() }
            if let slash = current.firstIndex(of: UInt8(ascii: "/")), Self.isYearRange(current, slash: slash) {
                words += [String(decoding: current[..<slash], as: UTF8.self), "-", String(decoding: current[(slash + 1)...], as: UTF8.self)]
            } else {
                words.append(String(decoding: current, as: UTF8.self))
            }
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "@") && current.isEmpty { inEscape = true }
            if (byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ",")) && !inEscape {
                flush()
                continue
            }
            if byte == UInt8(ascii: "@") && current.count > 1 { inEscape = false }
            // A hyphen between numbers separates a range: 1900-1910.
            if byte == UInt8(ascii: "-") && !inEscape {
                flush()
                words.append("-")
                continue
            }
            current.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
        }
        flush()
    }

    /// "1056/1060" (PAF: one of these years) is a range, not a dual year.
    private static func isYearRange(_ word: [UInt8], slash: Int) -> Bool {
        let first = word[..<slash], second = word[(slash + 1)...]
        guard (3...4).contains(first.count), (3...4).contains(second.count),
              first.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), second.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let a = first.reduce(0) { $0 * 10 + Int($1 - 0x30) }, b = second.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return b > a + 1
    }

    var isEmpty: Bool { words.isEmpty }
    var isAtEnd: Bool { index == words.count }
    var peek: String? { index < words.count ? words[index] : nil }
    /// The word `offset` after the next one.
    func peek(_ offset: Int) -> String? { index + offset < words.count ? words[index + offset] : nil }
    mutating func advance() { index += 1 }

    /// Consumes the next word when it is one of these.
    mutating func take(_ a: String, _ b: String? = nil, _ c: String? = nil) -> Bool {
        guard let word = peek, word == a || word == b || word == c else { return false }
        index += 1
        return true
    }
}
