@testable import FamilyModel
import Testing

/// Dates in words (`DateText`): calendars named, never escaped; qualifiers spelled out.
@Suite struct DateTextTests {
    @Test(arguments: [
        ("@#DJULIAN@ 06 Nov 1673", "6 Nov 1673 (Julian)"),
        ("@#DJULIAN@ 20 MAR 1726/27", "20 Mar 1726/27 (Julian)"),
        ("JULIAN 1700", "1700 (Julian)"),
        ("@#DHEBREW@ 15 TSH 5700", "15 Tishri 5700 (Hebrew)"),
        ("HEBREW 15 NSN 5784", "15 Nisan 5784 (Hebrew)"),
        ("@#DHEBREW@ ADS 5784", "Adar II 5784 (Hebrew)"),
        ("@#DFRENCH R@ 18 BRUM 8", "18 Brumaire 8 (French Republican)"),
        ("FRENCH_R 3 COMP 12", "3 jour complémentaire 12 (French Republican)"),
        ("@#DGREGORIAN@ 12 MAR 1901", "12 Mar 1901"),
        ("12 MAR 1901", "12 Mar 1901"),
        ("ABT 12 MAR 1850", "about 12 Mar 1850"),
        ("CAL 1640", "calculated 1640"),
        ("EST 1700", "estimated 1700"),
        ("BEF 1461", "before 1461"),
        ("AFT @#DJULIAN@ 1347", "after 1347 (Julian)"),
        ("BET 1900 AND 1910", "between 1900 and 1910"),
        ("BET @#DJULIAN@ 1700 AND @#DJULIAN@ 1710", "between 1700 and 1710 (Julian)"),
        ("BET @#DJULIAN@ 1700 AND @#DGREGORIAN@ 1710", "between 1700 (Julian) and 1710"),
        ("FROM 1900 TO 1910", "from 1900 to 1910"),
        ("FROM 1900", "from 1900"),
        ("TO 1910", "to 1910"),
        ("INT 1850 (in the spring)", "1850 (in the spring)"),
        ("(stillborn)", "(stillborn)"),
        ("ABT 990 BC", "about 990 BC"),
        ("27 JAN 631/32", "27 Jan 631/32"),
        ("1699/1700", "1699/00"),
    ])
    func datesInWords(value: String, words: String) {
        #expect(DateText.words(gedcom: value) == words)
    }

    @Test func phrasesAndUnreadableValues() {
        #expect(DateText.words(gedcom: "12 MAR 1901", phrase: "a Tuesday") == "12 Mar 1901 (a Tuesday)", "GEDCOM 7's PHRASE")
        #expect(DateText.words(gedcom: "", phrase: "unknown") == "(unknown)", "a phrase alone, as 5.5.1 writes one")
        #expect(DateText.words(gedcom: "@#DJULIAN@ 06 NOV 1673 IF") == "6 Nov 1673 IF (Julian)", "unreadable: words kept, the calendar named")
        #expect(DateText.words(gedcom: "@#DFRENCH R@ Germinal an II") == "Germinal an II (French Republican)")
        #expect(DateText.words(gedcom: "@#DROMAN@ 5 ID MAR 44") == "5 ID Mar 44", "an unknown calendar escape is not shown")
        #expect(DateText.words(gedcom: "SUBMITTED") == "SUBMITTED")
    }

    /// No escape survives, whatever calendar, qualifier and part of the date it stands in.
    @Test func noEscapeShows() {
        let escapes = ["@#DJULIAN@", "@#DHEBREW@", "@#DFRENCH R@", "@#DGREGORIAN@", "JULIAN", "HEBREW", "FRENCH_R", "GREGORIAN"]
        for escape in escapes {
            for template in ["# 1 JAN 1700", "ABT # 1700", "BET # 1700 AND # 1710", "FROM # 1700", "# 1 JAN 1700 junk", "# 99 XYZ"] {
                let value = template.replacingOccurrences(of: "#", with: escape)
                let words = DateText.words(gedcom: value)
                #expect(!words.contains("@#") && !words.contains("FRENCH_R") && !words.contains("JULIAN") && !words.contains("HEBREW")
                        && !words.contains("GREGORIAN"), "\(value) → \(words)")
            }
        }
    }
}
