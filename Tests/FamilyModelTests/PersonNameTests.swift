import FamilyModel
import Testing

/// GEDCOM names: slashes removed without inventing spaces, the parts found, the given
/// names (and only they) shortened.
@Suite struct PersonNameTests {
    func read(_ value: String, _ pieces: GEDCOMNameReader.Pieces = .init()) -> (name: String, given: String?, surname: String?) {
        let result = GEDCOMNameReader.read(value, pieces: pieces)
        return (result.name, result.parts?.given.map { String($0.text(in: result.name)) }, result.parts?.surname.map { String($0.text(in: result.name)) })
    }

    @Test func noSpaceIsAddedWhereTheFileHasNone() {
        #expect(read("/王/小明") == ("王小明", "小明", "王"))
        #expect(read("/山田/太郎") == ("山田太郎", "太郎", "山田"))
        #expect(read("/김/민수").name == "김민수")
        #expect(read("Jean-/Dupont/") == ("Jean-Dupont", "Jean-", "Dupont"))
        #expect(read("Uthman Ibn Affan /Umayyad/, Caliph Of Islam 3rd")
                == ("Uthman Ibn Affan Umayyad, Caliph Of Islam 3rd", "Uthman Ibn Affan", "Umayyad"))
        #expect(read("Seán Ó /Briain/").name == "Seán Ó Briain")
    }

    @Test func aSlashBetweenTwoWordsOfASpacedScriptStillSeparatesThem() {
        #expect(read("First/Last/").name == "First Last")
        #expect(read("/Kamanawa/II") == ("Kamanawa II", nil, "Kamanawa"), "II reads as a suffix, not a given name")
        #expect(read("John/Young/II").name == "John Young II")
        #expect(read("given name /surname/jr.").name == "given name surname jr.")
        #expect(read("Tab\t/Separated/").name == "Tab Separated")
        #expect(read("Marianne /Wright/\n").name == "Marianne Wright", "a CONT under the name")
        #expect(read("Ming/杨/").name == "Ming 杨", "Latin beside CJK: two words")
    }

    @Test func partsAreFoundInEveryOrder() {
        #expect(read("Наталья Николаевна /Гончарова (Пушкина, Ланская)/")
                == ("Наталья Николаевна Гончарова (Пушкина, Ланская)", "Наталья Николаевна", "Гончарова (Пушкина, Ланская)"))
        #expect(read("/Kovács/ János") == ("Kovács János", "János", "Kovács"), "surname first, as Hungarian writes it")
        #expect(read("/Smith/ Jr.").given == nil)
        #expect(read("Albert Augustus Charles//") == ("Albert Augustus Charles", "Albert Augustus Charles", nil))
        #expect(read("John /Smith") == ("John Smith", "John", "Smith"), "an unclosed surname runs to the end")
        #expect(read("Grelod / Gruaidh Dungadsdotter / inghen Donnchaidh //").name == "Grelod Gruaidh Dungadsdotter inghen Donnchaidh")
    }

    @Test func namePiecesMarkThePrefixAndFillAnEmptyName() {
        let maximal = read("Lt. Cmndr. Joseph \"John\" /de Allen/ jr.", .init(prefix: "Lt. Cmndr.", given: "Joseph", surnamePrefix: "de", surname: "Allen", suffix: "jr."))
        #expect(maximal == ("Lt. Cmndr. Joseph \"John\" de Allen jr.", "Joseph \"John\"", "de Allen"))
        #expect(read("", .init(given: "小明", surname: "王")) == ("王小明", "小明", "王"), "CJK pieces: surname first, no space")
        #expect(read("//", .init(prefix: "Dr.", given: "Joseph, Patrick", surnamePrefix: "van", surname: "Berg", suffix: "Jr."))
                == ("Dr. Joseph Patrick van Berg Jr.", "Joseph Patrick", "van Berg"))
        #expect(read("Gustaf /Smith/ Sr.", .init(given: "Gustaf", surname: "Smith", suffix: "Sr.")).name == "Gustaf Smith Sr.",
                "the value is what is shown; pieces only mark it")
        #expect(read("").name == "" && GEDCOMNameReader.read("").parts == nil)
    }

    /// Random mixes of slashes, spaces, underscores, CJK, combining marks and punctuation:
    /// the spans always lie inside the name and cut it only between code points.
    @Test func spansStayInsideAnyName() {
        let pieces = ["/", "/", " ", "  ", "_", "\t", "王", "小明", "Jean-", "Dupont", ",", ".", "e\u{301}", "😀", "II", "Jr.", "de", "\n"]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<5_000 {
            let value = (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined()
            let read = GEDCOMNameReader.read(value, pieces: .init(prefix: next(3) == 0 ? "de" : nil, given: next(3) == 0 ? "小明" : nil))
            let count = read.name.unicodeScalars.count
            for span in [read.parts?.given, read.parts?.surname].compactMap({ $0 }) {
                #expect(span.start >= 0 && span.start < span.end && Int(span.end) <= count, "\(value.debugDescription) → \(read.name)")
                let (before, inside, after) = span.split(read.name)
                #expect(before + inside + after == read.name)
            }
            #expect(!read.name.hasPrefix(" ") && !read.name.hasSuffix(" ") && !read.name.contains("  ") && !read.name.contains("/"))
        }
    }

    @Test func onlyGivenNamesAreShortened() {
        func short(_ value: String, _ pieces: GEDCOMNameReader.Pieces = .init()) -> String {
            let result = GEDCOMNameReader.read(value, pieces: pieces)
            let given = GivenNameInitials.shorten(result.parts?.given?.text(in: result.name) ?? "")
            let (before, inside, after) = (result.parts?.given ?? NameSpan(0, 0)).split(result.name)
            return inside.isEmpty ? result.name : before + given + after
        }
        #expect(short("Наталья Николаевна /Гончарова (Пушкина, Ланская)/") == "Н. Н. Гончарова (Пушкина, Ланская)")
        #expect(short("Uthman Ibn Affan /Umayyad/, Caliph Of Islam 3rd") == "U. Ibn Affan Umayyad, Caliph Of Islam 3rd",
                "after the particle Ibn nothing is shortened")
        #expect(short("Maximiliana Wilhelmina Theodora von /Sachsen-Coburg und Gotha/") == "M. W. T. von Sachsen-Coburg und Gotha")
        #expect(short("Jean-Pierre /Rampal/") == "J.-P. Rampal")
        #expect(short("Lt. Cmndr. Joseph \"John\" /de Allen/ jr.", .init(prefix: "Lt. Cmndr.")) == "Lt. Cmndr. J. \"John\" de Allen jr.")
        #expect(short("Sir Winston Leonard /Spencer-Churchill/") == "Sir W. L. Spencer-Churchill")
        #expect(short("/王/小明") == "王小明")
        #expect(GivenNameInitials.shorten("Henry VIII") == "H. VIII")
    }
}
