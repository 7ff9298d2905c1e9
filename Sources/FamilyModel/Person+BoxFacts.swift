/// What a chart box may say about a person beyond name and life years, read from the
/// input's facts: places of birth and death (the baptism's or burial's, marked, when the
/// input has no birth or death record with one), the occupation, and life years that
/// fall back on baptism and burial dates.
extension Person {
    /// An event a box shows, and whether it stands in for a missing birth or death.
    public struct BoxEvent: Equatable, Sendable {
        public var fact: LifeFact
        /// True when `fact` is a baptism or christening shown for a missing birth, or a
        /// burial or cremation shown for a missing death.
        public var isStandIn: Bool
    }

    /// The tags that stand in for a birth, and for a death, in order of preference.
    static let birthStandIns = ["CHR", "BAPM"], deathStandIns = ["BURI", "CREM"]

    /// The first fact with `tag` that says `has` (a place, a date).
    private func first(_ tags: [String], where has: (LifeFact) -> Bool) -> LifeFact? {
        for tag in tags { if let fact = facts.first(where: { $0.tag == tag && has($0) }) { return fact } }
        return nil
    }

    /// The birth's place, else the baptism's (marked as a stand-in).
    public var birthPlaceEvent: BoxEvent? { placeEvent(own: "BIRT", standIns: Self.birthStandIns) }
    /// The death's place, else the burial's (marked as a stand-in).
    public var deathPlaceEvent: BoxEvent? { placeEvent(own: "DEAT", standIns: Self.deathStandIns) }

    private func placeEvent(own: String, standIns: [String]) -> BoxEvent? {
        let hasPlace: (LifeFact) -> Bool = { !($0.place ?? "").isEmpty }
        if let fact = first([own], where: hasPlace) { return BoxEvent(fact: fact, isStandIn: false) }
        // A stand-in only when the input has no dated or placed record of the event itself.
        guard !facts.contains(where: { $0.tag == own }) else { return nil }
        return first(standIns, where: hasPlace).map { BoxEvent(fact: $0, isStandIn: true) }
    }

    /// The first occupation the input records (GEDCOM `OCCU`, seed `occupation`).
    public var occupation: String? {
        facts.first { $0.tag == "OCCU" && !($0.value ?? "").trimmingSpaces.isEmpty }?.value?.trimmingSpaces
    }

    /// The life years in `words`, with a baptism's date standing in for a missing birth
    /// date and a burial's for a missing death date, each marked ("bp. 1820", "bur. 1880";
    /// then the two are joined with the words' separator). Nil when nothing is dated.
    public func lifeYears(using words: DateWords, standIns marks: (baptised: String, buried: String)) -> String? {
        let birth = lifeDates?.birth ?? birthYear.map(GenealogyDate.year)
        let death = lifeDates?.death ?? deathYear.map(GenealogyDate.year)
        func standIn(_ tags: [String]) -> String? {
            guard let date = first(tags, where: { $0.date != nil })?.date,
                  case .date(let read) = GEDCOMDateReader.read(date) else { return nil }
            return words.text(of: read)
        }
        let baptised = birth == nil ? standIn(Self.birthStandIns) : nil
        let buried = death == nil ? standIn(Self.deathStandIns) : nil
        guard baptised != nil || buried != nil else { return lifeYears(using: words) }
        var parts: [String] = []
        if let baptised { parts.append(DateWords.fill(marks.baptised, baptised)) } else if let birth, let text = words.text(of: birth) {
            parts.append(DateWords.fill(words.born, text))
        }
        if let buried { parts.append(DateWords.fill(marks.buried, buried)) } else if let death, let text = words.text(of: death) {
            parts.append(DateWords.fill(words.died, text))
        }
        return parts.joined(separator: words.separator)
    }

    /// The age a box shows: the input's (seed `age`), else the years between a birth and a
    /// death both known to the day ("46"), or to the year only ("c. 46"). Nil otherwise.
    public var boxAge: String? {
        if let age { return String(age) }
        guard let birth = lifeDates?.birth?.start ?? birthYear.map({ DatePoint(year: $0) }),
              let death = lifeDates?.death?.start ?? deathYear.map({ DatePoint(year: $0) }),
              birth.calendar == .gregorian || birth.calendar == .julian, death.calendar == birth.calendar else { return nil }
        var years = death.year - birth.year
        let exact = (lifeDates?.birth?.qualifier ?? .exact) == .exact && (lifeDates?.death?.qualifier ?? .exact) == .exact
        if exact, let bm = birth.month, let bd = birth.day, let dm = death.month, let dd = death.day {
            if (dm, dd) < (bm, bd) { years -= 1 }
            return years >= 0 && years < 150 ? String(years) : nil
        }
        return years > 0 && years < 150 ? "c. \(years)" : nil
    }
}

/// Place names cut to their last parts.
public enum PlaceName {
    /// The last `level` comma-separated parts of `place` ("Brookline, Norfolk, MA, USA" at
    /// level 2 is "MA, USA"), empty parts dropped; the whole place when `level` is nil.
    public static func cut(_ place: String, level: Int?) -> String {
        let parts = place.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard let level, level > 0, level < parts.count else { return parts.joined(separator: ", ") }
        return parts.suffix(level).joined(separator: ", ")
    }
}
