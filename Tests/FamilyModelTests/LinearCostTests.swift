import FamilyModel
import Foundation
import Testing
import TestSupport

/// How much longer the large case takes than the small one, four times smaller, in the
/// calling thread's CPU time (`CostGrowth`: the wall clock counted the time a thread waited
/// for a core, and a linear case once measured 9.4 with three test processes on two
/// cores). Linear work gives about 4; quadratic work 16. Tests allow up to 9.
func growth(small: () throws -> Void, large: () throws -> Void) rethrows -> Double {
    try CostGrowth.ratio(small, large)
}

/// Every input cost of issue 14's list grows about linearly with the input: appends in
/// place, sets for membership, bounded hint work, capped messages.
@Suite struct LinearCostTests {
    static func gedcom(body: (Int) -> String, count: Int) -> [UInt8] {
        var text = "0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ann /Long/\n1 NOTE start\n"
        for i in 0..<count { text += body(i) }
        return Array((text + "0 TRLR\n").utf8)
    }

    @Test func continuationLinesJoinInLinearTime() throws {
        let small = Self.gedcom(body: { "2 \($0 % 2 == 0 ? "CONC" : "CONT") \(String(repeating: "x", count: 64))\n" }, count: 15_000)
        let large = Self.gedcom(body: { "2 \($0 % 2 == 0 ? "CONC" : "CONT") \(String(repeating: "x", count: 64))\n" }, count: 60_000)
        let ratio = try growth(small: { _ = try FamilyImport(bytes: small, source: "s.ged") },
                               large: { _ = try FamilyImport(bytes: large, source: "l.ged") })
        #expect(ratio < 9, "4× the CONC/CONT lines took \(ratio)× the time")
    }

    @Test func strayLinesJoinInLinearTime() throws {
        let line = String(repeating: "y", count: 64) + "\n"
        let small = Self.gedcom(body: { _ in line }, count: 15_000)
        let large = Self.gedcom(body: { _ in line }, count: 60_000)
        let ratio = try growth(small: { _ = try FamilyImport(bytes: small, source: "s.ged") },
                               large: { _ = try FamilyImport(bytes: large, source: "l.ged") })
        #expect(ratio < 9, "4× the stray lines took \(ratio)× the time")
    }

    static func family(children: Int) -> [UInt8] {
        var lines = ["0 HEAD", "1 CHAR UTF-8", "0 @F1@ FAM", "1 HUSB @I0@"]
        lines += (1...children).map { "1 CHIL @I\($0)@" }
        lines += ["0 @I0@ INDI", "1 NAME Father /F/", "1 SEX M", "1 FAMS @F1@"]
        for i in 1...children { lines += ["0 @I\(i)@ INDI", "1 NAME C\(i) /F/", "1 FAMC @F1@", "1 FAMC @F1@"] }
        return Array((lines.joined(separator: "\n") + "\n0 TRLR\n").utf8)
    }

    @Test func aFamilyOfManyChildrenBuildsInLinearTime() throws {
        let small = Self.family(children: 5_000), large = Self.family(children: 20_000)
        let ratio = try growth(small: { _ = try FamilyImport(bytes: small, source: "s.ged") },
                               large: { _ = try FamilyImport(bytes: large, source: "l.ged") })
        #expect(ratio < 9, "4× the children took \(ratio)× the time")
        let graph = try FamilyImport(bytes: Self.family(children: 3), source: "t.ged").graph
        #expect(graph.unions.count == 1 && graph.unions[0].children.count == 3, "a child named twice is a child once")
    }

    /// One man with `wives` wives, a family each; every fourth family is named only by the
    /// man's FAMS (no HUSB: a one-sided link) and every fifth wife lacks her FAMS.
    static func wives(_ wives: Int) -> [UInt8] {
        var lines = ["0 HEAD", "1 CHAR UTF-8", "0 @I0@ INDI", "1 NAME Man /Many/", "1 SEX M"]
        lines += (1...wives).map { "1 FAMS @F\($0)@" }
        for i in 1...wives {
            lines += ["0 @I\(i)@ INDI", "1 NAME Wife\(i) /W/", "1 SEX F"] + (i % 5 == 0 ? [] : ["1 FAMS @F\(i)@"])
            lines += ["0 @F\(i)@ FAM"] + (i % 4 == 0 ? [] : ["1 HUSB @I0@"]) + ["1 WIFE @I\(i)@"]
        }
        return Array((lines.joined(separator: "\n") + "\n0 TRLR\n").utf8)
    }

    /// Issue 23: every (family, person) and (person, union) pair was kept in sets, and the
    /// document and graph looked every link up by its id string several times: a man with
    /// 160,000 wives took 2.4 s to import. Membership is a scan of a short list or a set
    /// for a long one; the counts here would show a scan of the man's 20,000 unions per wife.
    @Test func aManWithManyWivesImportsInLinearTime() throws {
        let small = Self.wives(5_000), large = Self.wives(20_000)
        let ratio = try growth(small: { _ = try FamilyImport(bytes: small, source: "s.ged") },
                               large: { _ = try FamilyImport(bytes: large, source: "l.ged") })
        #expect(ratio < 9, "4× the wives took \(ratio)× the time")
        let imported = try FamilyImport(bytes: Self.wives(40), source: "t.ged")
        let graph = imported.graph
        #expect(graph.unionsOf[0] == Array(0..<40), "the man's unions in his FAMS order, each once")
        #expect(graph.partners(of: 0) == Array(1...40))
        #expect((1...40).allSatisfy { graph.unionsOf[$0] == [$0 - 1] })
        #expect(imported.warnings.count == 10, "a one-sided link per family without its HUSB (a wife without her FAMS is no warning)")
    }

    @Test func anANSELClusterOfManyMarksIsCut() {
        let marks: [UInt8] = [0xE2, 0xF2, 0xF0, 0xE8, 0xF6]
        func name(_ count: Int) -> [UInt8] {
            Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME ".utf8) + (0..<count).map { marks[$0 % 5] } + Array("a /B/\n0 TRLR\n".utf8)
        }
        let decoded = GEDCOMTextDecoder().decode(name(200_000))
        if decoded.encoding == .ansel {
            #expect(decoded.invalidBytes == 200_000 - 30, "marks beyond 30 on one letter are dropped and counted")
            #expect(decoded.text.unicodeScalars.count < 200)
        } else {
            // A pile of marks is no ANSEL text: the content decides (a code page, with a warning).
            #expect(decoded.override != nil)
        }
        let ratio = growth(small: { _ = GEDCOMTextDecoder().decode(name(50_000)) }, large: { _ = GEDCOMTextDecoder().decode(name(200_000)) })
        #expect(ratio < 9, "4× the marks took \(ratio)× the time")
    }

    @Test func didYouMeanHintsDoBoundedWork() {
        let ids = (0..<10_000).map { "person-\($0)" }
        let suggester = IDSuggester(ids: ids)
        #expect(!suggester.indexed, "ids are grouped only when a hint is asked for (most files have no unknown id)")
        #expect(suggester.suggestion(for: "persn-17") == "person-17")
        #expect(suggester.indexed)
        for i in 0..<5_000 { _ = suggester.suggestion(for: "missing-\(i)") }
        #expect(suggester.comparisons <= IDSuggester.comparisonBudget)
        #expect(suggester.suggestion(for: "persn-18") == nil, "past the first \(IDSuggester.maximumSuggestions) hints there are none")
        // Ties go to the earliest id, whatever its length.
        #expect(IDSuggester(ids: ["ab", "abc", "a"]).suggestion(for: "abd") == "ab")
    }

    @Test func aLongProblemListIsShownCapped() {
        let problems = (0..<10_000).map { ValidationProblem.unknownSpouse(id: "p\($0)", path: "generations[0][\($0)]", spouseID: "x\($0)", suggestion: nil) }
        let text = FamilyInputError.invalid(source: "f.json", problems: problems).description
        #expect(text.split(separator: "\n").count == FamilyInputError.problemsShown + 2)
        #expect(text.hasPrefix("f.json: 10000 problems:") && text.hasSuffix("… and 9900 more"))
    }
}

@Suite struct DrawnTextTests {
    /// Issue 49, R10: a note of many CONC lines costs about what as many lines of an
    /// unknown tag cost (trimming the joined text copied it a character at a time through
    /// reversed collections: 9× the lines' time, 3.5–6 s for 16 MB).
    @Test func aLongNoteIsTrimmedAtTheCostOfReadingIt() throws {
        let line = String(repeating: "x", count: 64)
        let note = LinearCostTests.gedcom(body: { _ in "2 CONC \(line)\n" }, count: 30_000)
        let plain = LinearCostTests.gedcom(body: { _ in "1 _X \(line)\n" }, count: 30_000)
        let family = try FamilyImport(bytes: note, source: "n.ged")
        #expect(family.graph.persons[0].notes.first?.utf8.count == 5 + 30_000 * 64)
        let ratio = try CostGrowth.ratio({ _ = try FamilyImport(bytes: plain, source: "p.ged") },
                                        { _ = try FamilyImport(bytes: note, source: "n.ged") })
        #expect(ratio < 3, "the note took \(ratio)× the time of as many plain lines")
    }

    @Test func ordinaryNamesAreLeftAlone() {
        for name in ["Ann Smith", "王建国", "Zoë Brontë", "שלום", String(repeating: "a", count: 1_000)] {
            let cleaned = DrawnText.cleaned(name)
            #expect(cleaned.text == name && cleaned.changes.isEmpty, "\(name)")
        }
    }

    @Test func longNamesManyMarksNoncharactersAndOverridesAreCleaned() {
        let long = DrawnText.cleaned(String(repeating: "abc ", count: 4_000_000))
        #expect(long.changes.cut && long.text.unicodeScalars.count == DrawnText.maximumScalars + 1 && long.text.hasSuffix("…"))
        let marks = DrawnText.cleaned("a" + String(repeating: "\u{301}", count: 1_000_000) + "b\u{301}")
        #expect(marks.changes.droppedMarks == 1_000_000 - 30)
        #expect(marks.text.unicodeScalars.count == 1 + 30 + 2)
        var scalars = "Ann".unicodeScalars
        scalars.append(contentsOf: [Unicode.Scalar(0xFFFE)!, Unicode.Scalar(0xFDD0)!])
        let nonchar = DrawnText.cleaned(String(scalars))
        #expect(nonchar.text == "Ann\u{FFFD}\u{FFFD}" && nonchar.changes.replacedNoncharacters == 2)
        let bidi = DrawnText.cleaned("Ann\u{202E}gnp.exe\u{2066}x\u{2069}")
        #expect(bidi.text == "Anngnp.exex" && bidi.changes.removedBidiControls == 3)
        #expect(bidi.changes.description == "3 bidi embedding, override or isolate controls removed")
    }

    /// Issue 49, R2: every box field is cut and cleaned like a name at import, in linear
    /// time: a 15 MB place took 17.7 s and 2.8 GB to draw, an occupation of one letter and
    /// 80,000 marks 13.6 s (the time grew with the square of the marks, in Pango).
    @Test func boxFieldsAreCutAndCleanedLikeNamesInLinearTime() throws {
        func upload(marks: Int, placeBytes: Int) -> [UInt8] {
            Array(("0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ann /B/\n1 OCCU a" + String(repeating: "\u{301}", count: marks)
                + "\n1 BIRT\n2 PLAC " + String(repeating: "Town, ", count: placeBytes / 6) + "\n1 FAMS @F1@\n0 @I2@ INDI\n1 NAME Bob /B/\n1 FAMS @F1@\n"
                + "0 @F1@ FAM\n1 HUSB @I2@\n1 WIFE @I1@\n1 MARR\n2 PLAC " + String(repeating: "Chapel ", count: placeBytes / 7)
                + "\n1 EVEN " + String(repeating: "v", count: placeBytes) + "\n2 TYPE x\n0 TRLR\n").utf8)
        }
        let small = upload(marks: 20_000, placeBytes: 250_000), large = upload(marks: 80_000, placeBytes: 1_000_000)
        let family = try FamilyImport(bytes: large, source: "u.ged")
        let ann = family.graph.persons[0]
        #expect(ann.occupation?.unicodeScalars.count == 1 + DrawnText.maximumMarksPerCluster)
        #expect(ann.birthPlaceEvent?.fact.place?.count == DrawnText.maximumScalars + 1)
        let union = family.graph.unions[0]
        #expect(union.facts.allSatisfy { ($0.place?.count ?? 0) <= DrawnText.maximumScalars + 1 && ($0.value?.count ?? 0) <= DrawnText.maximumScalars + 1 })
        let warnings = family.warnings.map(\.description)
        #expect(warnings.contains("\"I1\": OCCU value changed for drawing: 79970 combining marks beyond 30 on one letter dropped"), "\(warnings)")
        #expect(warnings.contains("\"I2\": MARR place (family with \"I1\") changed for drawing: cut to 1000 characters"), "\(warnings)")
        let ratio = try growth(small: { _ = try FamilyImport(bytes: small, source: "s.ged") },
                               large: { _ = try FamilyImport(bytes: large, source: "l.ged") })
        #expect(ratio < 9, "4× the box fields took \(ratio)× the time")
    }

    /// Han ideographs and Hangul syllables skip the property lookups (a fast path), and
    /// still end a cluster: marks after them are counted from zero, and too many dropped.
    @Test func hanAndHangulStartClustersOfTheirOwn() {
        for base in ["王", "㐀", "한"] {
            let name = "a" + String(repeating: "\u{301}", count: 20) + base + String(repeating: "\u{301}", count: 20)
            let kept = DrawnText.cleaned(name)
            #expect(kept.text == name && kept.changes.isEmpty, "\(base): 20 marks on each letter are kept")
            let many = DrawnText.cleaned(base + String(repeating: "\u{301}", count: 40) + "\u{FFFF}")
            #expect(many.changes.droppedMarks == 10 && many.changes.replacedNoncharacters == 1, "\(base)")
            #expect(many.text == base + String(repeating: "\u{301}", count: 30) + "\u{FFFD}", "\(base)")
        }
    }

    @Test func importCleansNamesWithAWarning() throws {
        let json = #"{"generations": [[{"id": "p", "name": "Ann\u202Egnp.exe", "secondName": "x\uFFFF"}]]}"#
        let family = try FamilyImport(json: Array(json.utf8), source: "t.json")
        #expect(family.graph.persons[0].name == "Anngnp.exe")
        #expect(family.graph.persons[0].secondName == "x\u{FFFD}")
        #expect(family.warnings.map(\.kind) == ["textCleaned", "textCleaned"])
    }
}
