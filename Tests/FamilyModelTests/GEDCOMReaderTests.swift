@testable import FamilyModel
import Foundation
import TestSupport
import Testing

@Suite struct GEDCOMTextDecoderTests {
    func decode(_ bytes: [UInt8]) -> GEDCOMTextDecoder.Output { GEDCOMTextDecoder().decode(bytes) }
    let ansiHeader = Array("0 HEAD\n1 CHAR ANSI\n0 @I1@ INDI\n1 NAME ".utf8)

    @Test func anselCombiningMarksComeBeforeTheirLetter() {
        let bytes = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Hans /M".utf8) + [0xE8] + Array("uller/\n".utf8)
        let output = decode(bytes)
        #expect(output.encoding == .ansel)
        #expect(output.text.contains("Hans /Müller/"))
        #expect(output.text.unicodeScalars.contains("\u{00FC}"), "composed to one ü (NFC)")
        let special = decode(Array("0 HEAD\n1 CHAR ANSEL\n1 NAME ".utf8) + [0xA1, 0xB1, 0xCF, 0xF0] + Array("c".utf8))
        #expect(special.text.hasSuffix("Łłßç"))
    }

    @Test func windows1252AndASCII() {
        let ansi = decode(ansiHeader + [0x80, 0xE9, 0x9C])
        #expect(ansi.encoding == .windows1252 && ansi.text.hasSuffix("€éœ"))
        let ascii = decode(Array("0 HEAD\n1 CHAR ASCII\n1 NAME A".utf8) + [0xE9])
        #expect(ascii.encoding == .ascii && ascii.invalidBytes == 1 && ascii.text.hasSuffix("A\u{FFFD}"))
    }

    @Test func byteOrderMarksDecideUnicode() {
        let text = "0 HEAD\n1 CHAR UNICODE\n0 @I1@ INDI\n1 NAME 小明 /王/\n"
        let le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let noBOM: [UInt8] = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(decode(le).text == text && decode(le).encoding == .utf16LittleEndian)
        #expect(decode(be).text == text && decode(be).encoding == .utf16BigEndian)
        #expect(decode(noBOM).text == text)
        #expect(decode([0xEF, 0xBB, 0xBF] + Array("0 HEAD\n".utf8)).text == "0 HEAD\n")
    }

    @Test func undeclaredFilesAreUTF8WhenValid() {
        #expect(decode(Array("0 HEAD\n1 NAME Zoë\n".utf8)).encoding == .utf8)
        #expect(decode(Array("0 HEAD\n1 NAME Zo".utf8) + [0xE8, 0x65]).encoding == .ansel)
    }

    /// Bytes of `names` in a Windows code page, after a header declaring `declared`.
    func file(_ declared: String?, _ names: [String], page: CodePage) -> [UInt8] {
        var bytes = Array("0 HEAD\n".utf8) + (declared.map { Array("1 CHAR \($0)\n".utf8) } ?? [])
        for (k, name) in names.enumerated() {
            bytes += Array("0 @I\(k)@ INDI\n1 NAME ".utf8)
            for scalar in name.unicodeScalars {
                bytes.append(scalar.value < 0x80 ? UInt8(scalar.value) : UInt8(page.high.firstIndex(of: scalar.value)! + 0x80))
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    @Test func aMisdeclaredCharacterSetIsReadByContent() {
        let russian = ["Александр Сергеевич /Пушкин/", "Наталья Николаевна /Гончарова/", "Лев Николаевич /Толстой/"]
        let cyrillic = decode(file("ANSEL", russian, page: .windows1251))
        #expect(cyrillic.encoding == .windows1251 && cyrillic.text.contains("Наталья Николаевна /Гончарова/"))
        #expect(cyrillic.override?.declared == "ANSEL" && (cyrillic.override?.misread ?? 0) > GEDCOMTextDecoder.fewBytes)
        let undeclared = decode(file(nil, russian, page: .windows1251))
        #expect(undeclared.encoding == .windows1251 && undeclared.override == CharacterSetOverride(declared: nil, misread: undeclared.override!.misread))

        let polish = decode(file("ASCII", ["Lech /Wałęsa/", "Maria /Skłodowska/", "Józef /Piłsudski/", "Antonín /Dvořák/"], page: .windows1250))
        #expect(polish.encoding == .windows1250 && polish.text.contains("Maria /Skłodowska/") && polish.text.contains("Antonín /Dvořák/"))
        // Western accents mostly read as ANSEL marks before a letter; accents at a word's end do not.
        let french = decode(file("ANSEL", ["André /Dupré/", "José /Núñez/", "Chloé /Gaëlle/", "Hélène /Lefèvre/"], page: .windows1252))
        #expect(french.encoding == .windows1252 && french.text.contains("José /Núñez/") && french.text.contains("Hélène /Lefèvre/"))

        let utf8 = decode(Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Zoë /Müller/\n".utf8))
        #expect(utf8.encoding == .utf8 && utf8.text.contains("Zoë /Müller/") && utf8.override?.declared == "ANSEL")
        #expect(GEDCOMWarning.characterSetMismatch(declared: "ANSEL", detected: "Windows-1251", misread: 57).description
                == "the header declares ANSEL, but 57 bytes are not valid ANSEL; read as Windows-1251, which the text fits")
    }

    @Test func realANSELAndAFewBadBytesKeepTheDeclaredSet() {
        let ansel = decode(Array("0 HEAD\n1 CHAR ANSEL\n1 NAME Hans /M".utf8) + [0xE8] + Array("uller/ Bj".utf8) + [0xB2] + Array("rn ".utf8)
                           + [0xBE, 0xCD])
        #expect(ansel.encoding == .ansel && ansel.override == nil && ansel.invalidBytes == 0, "GEDCOM's extensions BE and CD are ANSEL")
        #expect(ansel.text.hasSuffix("Hans /Müller/ Bjørn □ᵉ"))
        let fewBad = decode(Array("0 HEAD\n1 CHAR ANSEL\n1 NAME A".utf8) + [0x90, 0x91, 0xE2, 0x20])
        #expect(fewBad.encoding == .ansel && fewBad.override == nil && fewBad.invalidBytes == 2)
    }
}

@Suite struct GEDCOMParserTests {
    func parse(_ text: String) -> GEDCOMParser.Output { GEDCOMParser().parse(text) }

    @Test func buildsRecordTreesWithLineNumbers() throws {
        let output = parse("0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n0 @I1@ INDI\r\n1 NAME John /Smith/\r\n1 FAMS @F1@\r\n0 TRLR\r\n")
        #expect(output.problems.isEmpty && output.hasTrailer)
        #expect(output.records.map(\.tag) == ["HEAD", "INDI", "TRLR"])
        let person = output.records[1]
        #expect(person.xref == "I1" && person.line == 4)
        #expect(person.child("NAME")?.value == "John /Smith/")
        #expect(person.child("FAMS")?.pointer == "F1")
        #expect(output.records[0].child("GEDC")?.child("VERS")?.value == "5.5.1")
    }

    @Test func foldsCONCAndCONT() {
        let output = parse("0 @N1@ NOTE First\n1 CONC  part\n1 CONT second line\n1 CONT\n1 CONC end\n0 TRLR")
        #expect(output.records[0].value == "First part\nsecond line\nend")
    }

    @Test func acceptsCROnlyIndentationAndBlankLines() {
        let output = parse("0 HEAD\r  1 CHAR UTF-8\r\r0 @I1@ INDI\r    1 SEX F\r0 TRLR\r")
        #expect(output.problems.isEmpty)
        #expect(output.records[1].child("SEX")?.value == "F")
    }

    @Test func reportsEveryMalformedLineAndGoesOn() {
        let output = parse("banana\n0 HEAD\n1 GEDC\n3 VERS 5.5\n100 DEEP\n0 @I1 INDI\n0 @I3@\n0 @I2@ INDI\n1 NAME Ok\n")
        #expect(output.problems == [
            .notANumberedLine(line: 1, text: "banana"),
            .badCrossReference(line: 6, text: "@I1 INDI"),
            .missingTag(line: 7),
        ], "lines outside records, or level-0 lines that cannot be read, keep the file from being split into records")
        #expect(output.skipped == [.init(problem: .levelJump(line: 4, level: 3, previous: 1), linesUnder: 1)],
                "inside a record a level jump is skipped with the lines under it")
        #expect(output.records.last?.child("NAME")?.value == "Ok")
        #expect(!output.hasTrailer)
        #expect(output.skipped[0].problem.description == "line 4: level 3 follows level 1; a line may go at most one level deeper")
    }

    @Test func oddLinesInsideARecordAreSkippedWithTheirSubtree() {
        let output = parse("""
            0 @I1@ INDI
            1 NAME Ann /Lee/
            1 SOUR @S1@
            2 DATA
            3 TEXT cited
            4 CONT more
            5 NOTE one level too deep
            6 CONT its continuation
            stray words under it
            5 NOTE again too deep
            3 DATE 1900
            100 DEEP
            1 @X@
            1 @broken FAMS
            2 CONC nothing to continue
            1 SEX F
            0 TRLR
            """)
        #expect(output.problems.isEmpty)
        #expect(output.skipped == [
            .init(problem: .levelJump(line: 7, level: 5, previous: 3), linesUnder: 2),
            .init(problem: .levelJump(line: 10, level: 5, previous: 3), linesUnder: 0),
            .init(problem: .levelTooDeep(line: 12, level: 100), linesUnder: 0),
            .init(problem: .missingTag(line: 13), linesUnder: 0),
            .init(problem: .badCrossReference(line: 14, text: "@broken FAMS"), linesUnder: 1),
        ])
        let person = output.records[0]
        #expect(person.child("SEX")?.value == "F" && person.child("NAME")?.value == "Ann /Lee/")
        #expect(person.child("SOUR")?.child("DATA")?.child("TEXT")?.value == "cited\nmore")
        #expect(person.child("SOUR")?.child("DATA")?.child("DATE")?.value == "1900", "the line after the skipped subtree is read")
        #expect(GEDCOMWarning.lineSkipped(output.skipped[0].problem, linesUnder: 2).description
                == "line 7: level 5 follows level 3; a line may go at most one level deeper; skipped with the 2 lines under it")
    }

    @Test func aStrayLineInsideARecordIsJoinedToTheLineBefore() {
        // A bare line break inside a note (ged2dot's multiline-note.ged) leaves a line that is
        // no GEDCOM line; readers join it to the value before rather than give up.
        let output = parse("0 HEAD\n0 @N1@ NOTE first\nsecond\n3\n0 TRLR\n")
        #expect(output.problems.isEmpty)
        #expect(output.records[1].value == "first\nsecond\n3")
        #expect(output.joinedLines == [3, 4])
    }

    @Test func ninetyNineLevelsDeepIsFineAndIterative() {
        var text = ""
        for level in 0...99 { text += "\(level) _L\(level)\n" }
        let output = parse(text)
        #expect(output.problems.isEmpty)
        var node = output.records[0]
        var depth = 0
        while let next = node.children.first { node = next; depth += 1 }
        #expect(depth == 99)
    }

    /// Every GEDCOM file of the shared data sets decodes and parses without crashing.
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func everySharedDatasetParses() throws {
        let root = try #require(FixturePaths.sharedDatasets)
        let files = FixturePaths.sharedGEDCOMFiles(in: root)
        #expect(files.count > 100)
        var records = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
            let output = GEDCOMParser().parse(GEDCOMTextDecoder().decode(bytes).text)
            records += output.records.count
        }
        #expect(records > 10_000)
        let ansel = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/gedcom-go-testdata/encoding/ansel-lf.ged")))
        let decoded = GEDCOMTextDecoder().decode(ansel)
        #expect(decoded.encoding == .ansel)
        #expect(decoded.text.contains("slash l - uppercase (Ł), slash o - uppercase (Ø)"))
        let royal = GEDCOMParser().parse(GEDCOMTextDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/d-jeffrey-gedcom-samples/royal/royal92.ged")))).text)
        #expect(royal.records.filter { $0.tag == "INDI" }.count == 3010)
        #expect(royal.records.filter { $0.tag == "FAM" }.count == 1422)
        #expect(royal.hasTrailer)
    }
}

@Suite struct GEDCOMDocumentTests {
    func document(_ text: String) -> GEDCOMDocument { GEDCOMDocument(records: GEDCOMParser().parse(text).records) }

    @Test func namesLoseSlashesUnderscoresAndDoubleSpaces() {
        func name(_ value: String) -> (String, String?) {
            let read = GEDCOMNameReader.read(value)
            return (read.name, read.surname)
        }
        #expect(name("John /Smith/ Jr.") == ("John Smith Jr.", "Smith"))
        #expect(name("Victoria  /Hanover/") == ("Victoria Hanover", "Hanover"))
        #expect(name("Ferdinand_I of_Hohenzollern-//") == ("Ferdinand I of Hohenzollern-", nil))
        #expect(name("/Van der Berg/") == ("Van der Berg", "Van der Berg"))
        #expect(name("  //") == ("", nil))
        #expect(name("王 /小明/") == ("王 小明", "小明"), "the space the file has is kept")
    }

    @Test func yearsComeFromAnyDateFormIncludingBeforeTheCommonEra() {
        #expect(GEDCOMDocument.year("12 MAR 1901") == 1901)
        #expect(GEDCOMDocument.year("BET 1900 AND 1910") == 1910)
        #expect(GEDCOMDocument.year("BEF    1461") == 1461)
        #expect(GEDCOMDocument.year("ABT 990 BC") == -990)
        #expect(GEDCOMDocument.year("@#DJULIAN@ 44 BCE") == nil, "two digits are no year")
        #expect(GEDCOMDocument.year("(unknown)") == nil)
        #expect(Person(id: "x", name: "x", generation: 0, birthYear: -990, deathYear: -930).lifeYears == "990 BC–930 BC")
    }

    @Test func theGeneratorsGEDCOMImportsAsTheSameFamilyAsItsJSON() throws {
        let data = SyntheticFamily(persons: 300, seed: 7).generate()
        let fromJSON = try FamilyImport(json: Array(SeedJSONWriter().write(data).utf8), source: "<json>").graph
        let text = GEDCOMWriter().write(data)
        let fromGEDCOM = try FamilyImport(bytes: Array(text.utf8), source: "<gedcom>")
        #expect(fromGEDCOM.format == .gedcom && fromGEDCOM.warnings.isEmpty)
        let graph = fromGEDCOM.graph
        #expect(graph.persons.map(\.id) == fromJSON.persons.map(\.id))
        #expect(graph.persons.map(\.name) == fromJSON.persons.map(\.name))
        // Surnames between slashes, so genealogy programs file them as surnames (not ", Ming 杨").
        let names = text.split(separator: "\n").filter { $0.hasPrefix("1 NAME ") }
        #expect(names.count == 300 && names.allSatisfy { $0.filter { $0 == "/" }.count == 2 })
        #expect(names.contains("1 NAME Ming /杨/") || names.contains { $0.hasPrefix("1 NAME /") }, "Chinese names: /王/华")
        #expect(graph.persons.map(\.nameParts) == data.allPersons.map(\.nameParts))
        func unions(_ g: FamilyGraph) -> Set<[String]> {
            Set(g.unions.map { u in u.partners.map { g.persons[$0].id }.sorted() + ["|"] + u.children.map { g.persons[$0].id } })
        }
        #expect(unions(graph) == unions(fromJSON))
    }

    @Test func readsIndividualsFamiliesNamesAndYears() throws {
        let doc = document("""
            0 HEAD
            0 @I1@ INDI
            1 NAME John Quincy /Public/
            1 SEX M
            1 BIRT
            2 DATE ABT 1850
            1 DEAT
            2 DATE 12 MAR 1901
            1 FAMS @F1@
            1 FAMS @F2@
            0 @I2@ INDI
            1 NAME Jane /Doe/
            1 SEX F
            1 FAMS @F1@
            0 @I3@ INDI
            1 NAME /Roe/
            1 FAMS @F2@
            0 @I4@ INDI
            1 NAME Kid
            1 FAMC @F1@
            0 @F1@ FAM
            1 HUSB @I1@
            1 WIFE @I2@
            1 CHIL @I4@
            0 @F2@ FAM
            1 HUSB @I1@
            1 WIFE @I3@
            0 TRLR
            """)
        #expect(doc.individuals.map(\.name) == ["John Quincy Public", "Jane Doe", "Roe", "Kid"])
        #expect(doc.individuals[0].surname == "Public" && doc.individuals[3].surname == nil)
        #expect(doc.individuals[0].birthYear == 1850 && doc.individuals[0].deathYear == 1901)
        #expect(doc.individuals[0].spouseFamilies == ["F1", "F2"], "remarriage: two families as partner")
        #expect(doc.families.map(\.partners) == [["I1", "I2"], ["I1", "I3"]])
        #expect(doc.families[0].children == ["I4"])
        #expect(doc.warnings.isEmpty)
    }

    @Test func brokenLinksAreDroppedWithTheirLine() {
        let doc = document("""
            0 @I1@ INDI
            1 FAMS @F9@
            0 @F1@ FAM
            1 WIFE @I1@
            1 HUSB @VOID@
            1 CHIL @I7@
            1 CHIL @I1@
            1 CHIL @I1@
            0 TRLR
            """)
        #expect(doc.warnings == [
            .missingRecord(line: 3, from: "F1", to: "I7"),
            .childListedTwice(line: 3, family: "F1", child: "I1"),
            .missingRecord(line: 1, from: "I1", to: "F9"),
        ])
        #expect(doc.families[0].partners == ["I1"] && doc.families[0].children == ["I1"])
        #expect(doc.individuals[0].spouseFamilies.isEmpty)
        #expect(doc.warnings[0].description == "line 3: @F1@ points to @I7@, which is not in the file; link ignored")
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func royal92HasItsPeopleFamiliesAndRemarriages() throws {
        let root = try #require(FixturePaths.sharedDatasets)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/d-jeffrey-gedcom-samples/royal/royal92.ged")))
        let doc = GEDCOMDocument(records: GEDCOMParser().parse(GEDCOMTextDecoder().decode(bytes).text).records)
        #expect(doc.individuals.count == 3010 && doc.families.count == 1422)
        #expect(doc.individuals.filter { $0.spouseFamilies.count >= 2 }.count > 50)
        #expect(doc.individuals.first { $0.name == "Victoria Hanover" && $0.surname == "Hanover" && $0.birthYear == 1819 } != nil)
        // 83 DIV lines, 9 of them PAF's "DIV N" (not divorced): Victoria and Albert (@F1@) among them.
        #expect(doc.families.filter(\.isDivorced).count == 74)
        #expect(doc.families[try #require(doc.familyIndex["F1"])].isDivorced == false)
    }

    @Test func aDivorceThatSaysNoIsNoDivorce() {
        let doc = document("""
            0 @F1@ FAM
            1 DIV N
            0 @F2@ FAM
            1 DIV Y
            0 @F3@ FAM
            1 DIV
            2 DATE 1985
            0 @F4@ FAM
            1 DIV
            0 @F5@ FAM
            1 MARR
            0 TRLR
            """)
        #expect(doc.families.map(\.isDivorced) == [false, true, true, true, false])
    }
}
