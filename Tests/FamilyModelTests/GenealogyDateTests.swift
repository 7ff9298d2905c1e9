@testable import FamilyModel
import Testing

/// The date model: what GEDCOM dates are read as, how calendars convert, how dates show.
@Suite struct GenealogyDateTests {
    func date(_ text: String, phrase: String? = nil) -> GenealogyDate? {
        if case .date(let date) = GEDCOMDateReader.read(text, phrase: phrase) { return date }
        return nil
    }

    func shown(_ text: String, _ words: DateWords = .standard) -> String? { date(text).flatMap(words.text(of:)) }

    @Test func qualifiersAreReadAndShownWithShortMarkers() {
        #expect(date("ABT 1872")?.qualifier == .about && shown("ABT 1872") == "c. 1872")
        #expect(shown("CAL 1640") == "c. 1640" && date("CAL 1640")?.qualifier == .calculated)
        #expect(shown("EST 1700") == "est. 1700")
        #expect(shown("BEF 1461") == "bef. 1461")
        #expect(shown("AFT 1347") == "aft. 1347")
        #expect(shown("BET 598 AND 601") == "598–601")
        #expect(shown("FROM 1900 TO 1910") == "1900–1910")
        #expect(shown("FROM 1900") == "from 1900" && shown("TO 1910") == "to 1910")
        #expect(shown("INT 1850 (in the spring)") == "1850" && date("INT 1850 (in the spring)")?.phrase == "in the spring")
        #expect(date("(stillborn)")?.qualifier == .phraseOnly && shown("(stillborn)") == nil)
        #expect(shown("12 MAR 1901") == "1901" && date("12 MAR 1901")?.start == DatePoint(year: 1901, month: 3, day: 12))
        #expect(shown("BET 1900 AND 1900") == "1900")
    }

    @Test func realExportsAreReadLeniently() {
        #expect(shown("Abt. 1850") == "c. 1850" && shown("abt 1850") == "c. 1850" && shown("circa 1850") == "c. 1850")
        #expect(shown("BEF    1461") == "bef. 1461", "PAF's padding")
        #expect(shown("Bet 1850 and 1860") == "1850–1860" && shown("1850-1860") == "1850–1860" && shown("1850 - 1860") == "1850–1860")
        #expect(shown("12 January 1901") == "1901" && shown("Jan. 1901") == "1901" && shown("March 5, 1901") == "1901")
        #expect(date("28 Jan 1456-1457")?.start?.dualYear == 1457, "Old Style year before 25 March: a dual year")
        #expect(shown("28 Jan 1456-1457") == "1456/57")
        #expect(shown("Bef 8 Jan 1512-1513") == "bef. 1512/13" && shown("Abt 25 Jan 1532-1533") == "c. 1532/33", "the Tudors' exports")
        #expect(shown("8 Jul 1456-1457") == "1456–1457", "after 25 March two years are a range")
        #expect(shown("       1056/1060") == "1056–1060", "royal92: one of these years")
        #expect(shown("1850 (or 1851)") == "1850")
        #expect(GEDCOMDateReader.read("") == .empty && GEDCOMDateReader.read("   ") == .empty)
        for nonsense in ["99 NOV 1950 IF", "SUBMITTED", "Y", "<unknown>", "BET 9 JUL 1850 AND MAR", "1850/55", "0"] {
            #expect(GEDCOMDateReader.read(nonsense) == .unreadable, "\(nonsense)")
        }
    }

    @Test func dualYearsAndEras() {
        #expect(date("27 JAN 631/32")?.start?.dualYear == 632 && shown("27 JAN 631/32") == "631/32")
        #expect(shown("1699/1700") == "1699/00" && shown("FEB 1700/01") == "1700/01")
        #expect(date("27 JAN 631/32")?.latestYear == 632, "rules and sorting use the New Style year")
        #expect(shown("ABT 990 BC") == "c. 990 BC" && shown("990 BCE") == "990 BC" && shown("44 B.C.") == "44 BC")
        #expect(date("ABT 990 BC")?.latestYear == -990)
    }

    @Test func calendarsAreConvertedToGregorian() {
        func day(_ text: String) -> GregorianDay? { date(text)?.start?.gregorianSpan.first }
        #expect(day("@#DHEBREW@ 15 TSH 5700") == GregorianDay(year: 1939, month: 9, day: 28))
        #expect(day("@#DHEBREW@ 1 TSH 5785") == GregorianDay(year: 2024, month: 10, day: 3))
        #expect(day("HEBREW 15 NSN 5784") == GregorianDay(year: 2024, month: 4, day: 23), "GEDCOM 7 calendar word")
        #expect(shown("@#DHEBREW@ 15 TSH 5700") == "1939")
        #expect(shown("@#DHEBREW@ 5700") == "1939/40", "a Hebrew year spans two Gregorian years")
        #expect(day("@#DFRENCH R@ 1 VEND 2") == GregorianDay(year: 1793, month: 9, day: 22))
        #expect(day("@#DFRENCH R@ 18 BRUM 8") == GregorianDay(year: 1799, month: 11, day: 9), "the coup of 18 Brumaire")
        #expect(shown("@#DFRENCH R@ 1 VEND 2") == "1793" && shown("FRENCH_R 2") == "1793/94")
        #expect(day("@#DJULIAN@ 11 FEB 1731/32") == GregorianDay(year: 1732, month: 2, day: 22), "Washington's birthday")
        #expect(day("@#DJULIAN@ 4 OCT 1582") == GregorianDay(year: 1582, month: 10, day: 14))
        #expect(shown("@#DJULIAN@ 25 DEC 1700") == "1701", "the year differs: converted")
        #expect(shown("@#DJULIAN@ 1700") == "1700", "a Julian year without a day keeps its number")
        #expect(date("BET @#DJULIAN@ 1700 AND @#DGREGORIAN@ 1710")?.end?.calendar == .gregorian)
        #expect(date("@#DHEBREW@ 5700")?.sortKey == DateKey(year: 1939, month: 9, day: 14))
    }

    /// Every French Republican year begins the day after the one before ends, whatever its
    /// number, and a far year costs no more than a near one (no loop over the years).
    @Test func frenchRepublicanYearsFollowEachOther() {
        func fixed(_ day: GregorianDay) -> Int { CalendarConversion.fixedFromGregorian(year: day.year, month: day.month, day: day.day) }
        for year in Array(1...120) + [399, 400, 401, 99_998] {
            let this = DatePoint(calendar: .frenchRepublican, year: year).gregorianSpan
            let next = DatePoint(calendar: .frenchRepublican, year: year + 1).gregorianSpan
            #expect(fixed(next.first) == fixed(this.last) + 1, "year \(year)")
            #expect([365, 366].contains(fixed(this.last) - fixed(this.first) + 1), "year \(year)")
        }
        #expect(DatePoint(calendar: .frenchRepublican, year: 3).gregorianSpan.last == GregorianDay(year: 1795, month: 9, day: 22),
                "year III was a leap year: its sixth complementary day")
    }

    /// Word salad from the date vocabulary, numbers of any size and stray bytes: reading
    /// and showing never traps, and every date read shows something or is a phrase.
    @Test func anyWordsAreReadOrRefusedWithoutTrapping() {
        let words = ["ABT", "BET", "AND", "FROM", "TO", "INT", "BEF", "AFT", "CAL", "EST", "@#DHEBREW@", "@#DFRENCH R@", "@#DJULIAN@",
                     "HEBREW", "FRENCH_R", "JULIAN", "BC", "B.C.", "BCE", "JAN", "ADS", "COMP", "VEND", "13", "31", "0", "1", "99999",
                     "631/32", "1699/1700", "1056/1060", "-", "(", ")", "(phrase)", "é", "/", "@", "@#D", "1850-1851", "5784", "100000"]
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var read = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + next(6))).map { _ in words[next(words.count)] }.joined(separator: next(4) == 0 ? "" : " ")
            if case .date(let date) = GEDCOMDateReader.read(text) {
                read += 1
                _ = date.sortKey
                _ = date.latestYear
                #expect(DateWords.standard.text(of: date) != nil || date.qualifier == .phraseOnly, "\(text)")
            }
        }
        #expect(read > 1_000)
    }

    @Test func gedcom7PhraseGoesWithTheDate() {
        let withPhrase = date("1850", phrase: "during the war")
        #expect(withPhrase?.phrase == "during the war" && withPhrase?.qualifier == .exact)
        #expect(date("", phrase: "before the war")?.qualifier == .phraseOnly)
    }

    @Test func lifeYearsCombineBothDates() {
        let words = DateWords.standard
        #expect(words.lifeYears(birth: date("ABT 1872"), death: date("1940")) == "c. 1872–1940")
        #expect(words.lifeYears(birth: date("ABT 1872"), death: nil) == "b. c. 1872")
        #expect(words.lifeYears(birth: nil, death: date("AFT 1347")) == "d. aft. 1347")
        #expect(words.lifeYears(birth: date("BET 598 AND 601"), death: date("656")) == "b. 598–601, d. 656", "no dash between two ranges")
        #expect(words.lifeYears(birth: date("632"), death: date("27 JAN 631/32")) == "632–631/32")
        #expect(words.lifeYears(birth: date("(unknown)"), death: nil) == nil)
        var german = DateWords()
        german.about = "um {}"
        german.born = "* {}"
        german.died = "† {}"
        german.beforeCommonEra = "{} v. Chr."
        #expect(german.lifeYears(birth: date("ABT 1872"), death: nil) == "* um 1872")
        #expect(german.lifeYears(birth: nil, death: date("44 BC")) == "† 44 v. Chr.")
        var chinese = DateWords()
        chinese.about = "约{}"
        #expect(chinese.text(of: date("ABT 1872")!) == "约1872")
    }

    @Test func templatesFillTheirSlotsInOrder() {
        #expect(DateWords.fill("{}–{}", "1850", "1910") == "1850–1910")
        #expect(DateWords.fill("约{}", "1872") == "约1872")
        #expect(DateWords.fill("{} BC", "44") == "44 BC")
        #expect(DateWords.fill("{}", "") == "")
        #expect(DateWords.fill("no slot", "1850") == "no slot")
        #expect(DateWords.fill("{}{}{}", "a", "b") == "ab{}", "a slot without a value stays")
        #expect(DateWords.fill("{{}}", "x") == "{x}")
        #expect(DateWords.fill("{ }{", "x") == "{ }{")
        #expect(DateWords.fill("{}\u{301}{}", "a", "b") == "{}\u{301}a", "a brace with a combining mark is not a slot")
        #expect(DateWords.fill("\u{600}{}", "a") == "\u{600}{}", "nor one after a prepended mark")
    }

    @Test func theLivingRuleUsesConvertedYears() throws {
        let text = """
            0 HEAD
            0 @I1@ INDI
            1 NAME Hebrew /Old/
            1 BIRT
            2 DATE @#DHEBREW@ 5600
            0 @I2@ INDI
            1 NAME Hebrew /Young/
            1 BIRT
            2 DATE @#DHEBREW@ 15 TSH 5770
            0 @I3@ INDI
            1 NAME Range /Late/
            1 BIRT
            2 DATE BET 1900 AND 1930
            0 @I4@ INDI
            1 NAME Before /Old/
            1 BIRT
            2 DATE BEF 1900
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "t.ged").graph
        #expect(graph.persons.map(\.birthYear) == [1840, 2009, 1930, 1900])
        #expect(LivingRedaction(currentYear: 2026).living(in: graph) == [false, true, true, false],
                "5600 AM is 1839/40, not a year in the future; a range counts by its later end")
    }
}
