@testable import FamilyModel
import Testing

/// Issue 23: no message repeats an input's id, name or title without bound.
@Suite struct BoundedMessageTests {
    @Test func quotedTextIsCutAfter80CharactersWithItsLength() {
        #expect(MessageText.quoted("short") == "\"short\"")
        let long = String(repeating: "i", count: 2 << 20)
        let quoted = MessageText.quoted(long)
        #expect(quoted == "\"" + String(repeating: "i", count: 80) + "…\" (2097152 bytes)")
        // Escaping happens on the kept part only: 80 RLO characters become 80 escapes.
        let overrides = MessageText.quoted(String(repeating: "\u{202E}", count: 700_000))
        #expect(overrides.utf8.count < 80 * 8 + 40, "\(overrides.utf8.count) bytes")
        #expect(!overrides.unicodeScalars.contains("\u{202E}"))
        #expect(MessageText.xref(String(repeating: "F", count: 1_000)).hasSuffix("F…@ (1000 bytes)"))
        #expect(MessageText.escaped(String(repeating: "/", count: 10_000)).utf8.count < 4_200)
    }

    @Test func aWholeMessageIsBounded() {
        let lines = (0..<10_000).map { "  problem \($0): something is wrong here" }.joined(separator: "\n")
        let bounded = MessageText.bounded(lines)
        #expect(bounded.utf8.count <= MessageText.maximumMessageBytes + 200)
        #expect(bounded.hasPrefix("  problem 0: something"))
        #expect(bounded.contains("the rest of this message is left out (\(lines.utf8.count) bytes in all"))
        #expect(MessageText.bounded("short") == "short")
        // Never cut inside a character.
        let wide = String(repeating: "王", count: 40_000)
        #expect(MessageText.bounded(wide).hasPrefix("王王"))
        #expect(!MessageText.bounded(wide).contains("\u{FFFD}"))
    }

    @Test func idsLongerThan256BytesAreRefusedWhereverTheyStand() {
        let long = String(repeating: "x", count: 257)
        let fine = String(repeating: "y", count: 256)
        let json = """
            {"generations": [[{"id": "\(long)", "name": "A"}, {"id": "\(fine)", "name": "B", "coupleID": "\(long)",
              "childrenIDs": ["\(long)"], "childRelations": {"\(long)": "adopted"}}]]}
            """
        #expect(throws: FamilyInputError.invalid(source: "s.json", problems: [
            .idTooLong(path: "generations[0][0].id", bytes: 257),
            .idTooLong(path: "generations[0][1].coupleID", bytes: 257),
            .idTooLong(path: "generations[0][1].childrenIDs[0]", bytes: 257),
            .idTooLong(path: "generations[0][1].childRelations", bytes: 257),
        ])) { try SeedJSONDecoder().decode(Array(json.utf8), source: "s.json") }
        let accepted = try? SeedJSONDecoder().decode(Array("[[{\"id\": \"\(fine)\", \"name\": \"B\"}]]".utf8), source: "s.json")
        #expect(accepted?.data.generations[0][0].id == fine)
    }

    /// A cycle of parenthood through thousands of records is named by its first and last
    /// few members and a count (each record with its line was 300 KB for 10,000).
    @Test func aLongCycleOfParenthoodIsNamedShortly() {
        let count = 2_000
        var text = "0 HEAD\n1 CHAR UTF-8\n"
        for i in 0..<count {
            text += "0 @I\(i)@ INDI\n1 FAMC @F\((i + count - 1) % count)@\n1 FAMS @F\(i)@\n"
            text += "0 @F\(i)@ FAM\n1 HUSB @I\(i)@\n1 CHIL @I\((i + 1) % count)@\n"
        }
        do {
            _ = try FamilyImport(bytes: Array((text + "0 TRLR\n").utf8), source: "cycle.ged")
            Issue.record("imported")
        } catch {
            let message = "\(error)"
            #expect(message.contains("cycle of parenthood: @I"), "\(message.prefix(300))")
            #expect(message.contains("more …"))
            #expect(message.utf8.count < 1_000, "\(message.utf8.count) bytes")
        }
        #expect(ValidationProblem.cycle((1...13).map(String.init)) == "1 → 2 → 3 → 4 → 5 → 6 → 7 → … 3 more … → 11 → 12 → 13")
        #expect(ValidationProblem.cycle(["a", "b", "a"]) == "a → b → a")
    }

    /// Stray and misplaced lines past the first thousand are counted, not listed one by one
    /// (2 million stray lines were 2 million warnings: 537 MB for a 4 MB file).
    @Test func strayAndSkippedLinesPastAThousandAreCounted() throws {
        var text = "0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n1 NOTE a\n"
        text += String(repeating: "x\n", count: 5_000) + String(repeating: "1 @A@\n2 X y\n", count: 3_000) + "0 TRLR\n"
        let warnings = try FamilyImport(bytes: Array(text.utf8), source: "s.ged").warnings
        #expect(warnings.count == 2 * 1_001)
        #expect(warnings.first == .gedcom(.manyLinesJoined(total: 5_000)))
        #expect(warnings.contains(.gedcom(.manyLinesSkipped(total: 3_000))))
        #expect(warnings.filter { if case .gedcom(.lineJoined) = $0 { true } else { false } }.count == GEDCOMParser.listedLines)
        #expect("\(warnings[0])".contains("5000 lines are not GEDCOM lines"))
    }

    /// Everyone who names one spouse is counted past the first six (10,000 claimants were
    /// a message of 64 KB, cut).
    @Test func manyClaimantsOfOneSpouseAreCounted() {
        let persons = [#"{"id": "x", "name": "X"}"#] + (0..<10_000).map { #"{"id": "p\#($0)", "name": "N", "coupleID": "x"}"# }
        do {
            _ = try FamilyImport(bytes: Array(#"{"generations": [[\#(persons.joined(separator: ","))]]}"#.utf8), source: "s.json")
            Issue.record("imported")
        } catch {
            let message = "\(error)"
            #expect(message.contains(#""x" is named as spouse by "p0" & "p1" & "p2" & "p3" & "p4" & "p5" & 9994 others"#), "\(message.prefix(300))")
            #expect(message.utf8.count < 400, "\(message.utf8.count) bytes")
        }
        #expect(quotedList(["a", "b"]) == #""a" & "b""#)
        #expect(quotedList((1...7).map(String.init)) == #""1" & "2" & "3" & "4" & "5" & "6" & "7""#)
    }

    @Test func gedcomRecordIdsLongerThan256BytesAreRefused() {
        let text = "0 HEAD\n1 CHAR UTF-8\n0 @\(String(repeating: "I", count: 2 << 20))@ INDI\n1 NAME Ann\n0 TRLR\n"
        do {
            _ = try FamilyImport(bytes: Array(text.utf8), source: "long.ged")
            Issue.record("imported")
        } catch {
            #expect("\(error)".contains("line 3: a record id of 2097152 bytes, longer than the limit of 256 bytes"))
            #expect("\(error)".utf8.count < 300)
        }
    }

    @Test func theFileTitleIsCutAndCleanedLikeANameWithoutReadingItWhole() throws {
        let hostile = "\u{202E}Smith\u{0007}\u{2066} family " + String(repeating: "tree ", count: 300_000) + ".ged"
        for header in ["1 FILE C:\\trees\\\(hostile)", "1 NOTE \(hostile)\n2 CONT second line"] {
            let text = "0 HEAD\n1 CHAR UTF-8\n\(header)\n0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 TRLR\n"
            let title = try #require(try FamilyImport(bytes: Array(text.utf8), source: "t.ged").graph.documentTitle)
            #expect(title.hasPrefix("Smith family tree tree"), "\(title.prefix(40))")
            #expect(title.unicodeScalars.count == DrawnText.maximumTitleCharacters + 1 && title.hasSuffix("…"), "\(title.unicodeScalars.count): \(title)")
            #expect(!title.unicodeScalars.contains { MessageText.isUnsafe($0) || $0.value < 0x20 })
        }
        let plain = "0 HEAD\n1 FILE /home/a/Royal_Family.ged\n0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 TRLR\n"
        #expect(try FamilyImport(bytes: Array(plain.utf8), source: "t.ged").graph.documentTitle == "Royal Family")
        #expect(DrawnText.title("  \u{202E} \n ") == nil)
    }
}
