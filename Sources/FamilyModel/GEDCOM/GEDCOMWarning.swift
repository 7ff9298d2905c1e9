/// Something in a GEDCOM file that was skipped or repaired, with the line it is on.
public enum GEDCOMWarning: Equatable, Sendable, CustomStringConvertible {
    /// A pointer to a record that is not in the file; the link is ignored.
    case missingRecord(line: Int, from: String, to: String)
    /// A link to a record of another kind (`FAMC` naming a person, `CHIL` a source).
    case wrongRecordType(line: Int, from: String, to: String, expected: String, found: String)
    case childListedTwice(line: Int, family: String, child: String)
    /// A second record with an id already used; it is skipped.
    case duplicateRecord(line: Int, id: String, firstLine: Int)
    /// `FAMS`/`FAMC` on a person that the family does not list (or the other way round); the link is kept.
    case oneSidedLink(line: Int, person: String, family: String)
    /// A family with more than two partners; the extra ones are left out.
    case extraPartner(line: Int, family: String, person: String)
    /// The same person is both partners of a family.
    case partnerListedTwice(line: Int, family: String, person: String)
    /// A line that is no GEDCOM line inside a record (e.g. a bare line break in a note); joined to the line before.
    case lineJoined(line: Int)
    /// More joined lines than are listed one by one (`GEDCOMParser.listedLines`): how many in all.
    case manyLinesJoined(total: Int)
    /// Bytes that are not valid in the file's encoding, shown as U+FFFD.
    case invalidBytes(count: Int, encoding: String)
    /// The file does not end with `0 TRLR` (it may have been cut short).
    case missingTrailer(line: Int)
    /// A line inside a record that cannot be placed (a level jump…); it is left out with the lines under it.
    case lineSkipped(GEDCOMProblem, linesUnder: Int)
    /// More skipped lines than are listed one by one (`GEDCOMParser.listedLines`): how many in all.
    case manyLinesSkipped(total: Int)
    /// The text is not in the character set the header declares; it was read in the one its content fits.
    case characterSetMismatch(declared: String?, detected: String, misread: Int)
    /// A `DATE` value that is no GEDCOM date; the year found in it, if any, is shown.
    case unreadableDate(line: Int, text: String, year: Int?)
    /// A second family record for the same two partners; its children and events are merged
    /// into the first (`line` and `family` are the second record, `firstLine`/`first` the first).
    case duplicateFamily(line: Int, family: String, firstLine: Int, first: String)

    /// A person or family with more than `GEDCOMDocument.maximumFactsPerRecord` events
    /// and facts: the first are kept, the rest left out.
    case factsLeftOut(line: Int, id: String, kept: Int, total: Int)

    /// The case's name, to group warnings of one kind.
    public var kind: String {
        switch self {
        case .missingRecord: "gedcom.missingRecord"
        case .wrongRecordType: "gedcom.wrongRecordType"
        case .childListedTwice: "gedcom.childListedTwice"
        case .duplicateRecord: "gedcom.duplicateRecord"
        case .oneSidedLink: "gedcom.oneSidedLink"
        case .extraPartner: "gedcom.extraPartner"
        case .partnerListedTwice: "gedcom.partnerListedTwice"
        case .lineJoined, .manyLinesJoined: "gedcom.lineJoined"
        case .invalidBytes: "gedcom.invalidBytes"
        case .missingTrailer: "gedcom.missingTrailer"
        case .unreadableDate: "gedcom.unreadableDate"
        case .lineSkipped, .manyLinesSkipped: "gedcom.lineSkipped"
        case .characterSetMismatch: "gedcom.characterSetMismatch"
        case .duplicateFamily: "gedcom.duplicateFamily"
        case .factsLeftOut: "gedcom.factsLeftOut"
        }
    }

    public var description: String {
        switch self {
        case .missingRecord(let line, let from, let to):
            return "line \(line): \(MessageText.xref(from)) points to \(MessageText.xref(to)), which is not in the file; link ignored"
        case .wrongRecordType(let line, let from, let to, let expected, let found):
            return "line \(line): \(MessageText.xref(from)) points to \(MessageText.xref(to)), which is \(Self.recordName(found)), not \(Self.recordName(expected)); link ignored"
        case .childListedTwice(let line, let family, let child):
            return "line \(line): family \(MessageText.xref(family)) lists child \(MessageText.xref(child)) more than once; kept once"
        case .duplicateRecord(let line, let id, let firstLine):
            return "line \(line): a second record \(MessageText.xref(id)) (the first is on line \(firstLine)); this one is skipped"
        case .oneSidedLink(let line, let person, let family):
            return "line \(line): \(MessageText.xref(person)) and family \(MessageText.xref(family)) name each other only on one side; link kept"
        case .extraPartner(let line, let family, let person):
            return "line \(line): family \(MessageText.xref(family)) has more than two partners; \(MessageText.xref(person)) is left out of it"
        case .partnerListedTwice(let line, let family, let person):
            return "line \(line): family \(MessageText.xref(family)) names \(MessageText.xref(person)) as both partners; kept once"
        case .lineJoined(let line):
            return "line \(line): not a GEDCOM line; joined to the value of the line before"
        case .manyLinesJoined(let total):
            return "\(total) lines are not GEDCOM lines; each is joined to the value of the line before (the first \(GEDCOMParser.listedLines) are listed)"
        case .invalidBytes(let count, let encoding):
            return (count == 1 ? "1 byte is" : "\(count) bytes are") + " not valid \(encoding); shown as �"
        case .missingTrailer(let line):
            return "line \(line): the file does not end with 0 TRLR; it may be cut short"
        case .characterSetMismatch(let declared, let detected, let misread):
            let header = declared.map { "the header declares \($0), but" } ?? "the header declares no character set, the text is not UTF-8, and"
            if misread == 0 { return "\(header) the text is \(detected); read as \(detected)" }
            let bytes = misread == 1 ? "1 byte is" : "\(misread) bytes are"
            return "\(header) \(bytes) not valid \(declared ?? "ANSEL"); read as \(detected), which the text fits"
        case .manyLinesSkipped(let total):
            return "\(total) lines cannot be placed; each is left out with the lines under it (the first \(GEDCOMParser.listedLines) are listed)"
        case .lineSkipped(let problem, let under):
            let rest = under == 0 ? "" : under == 1 ? " with the line under it" : " with the \(under) lines under it"
            return "\(problem); skipped\(rest)"
        case .unreadableDate(let line, let text, let year):
            let shown = year.map { "the year \($0 < 0 ? "\(-$0) BC" : "\($0)") is shown" } ?? "it is left out"
            return "line \(line): date \"\(text.prefix(60))\" is not a GEDCOM date; \(shown)"
        case .factsLeftOut(let line, let id, let kept, let total):
            return "line \(line): \(MessageText.xref(id)) has \(total) events and facts; the first \(kept) are kept, the rest left out"
        case .duplicateFamily(let line, let family, let firstLine, let first):
            return "line \(line): family \(MessageText.xref(family)) has the same partners as \(MessageText.xref(first)) (line \(firstLine)); merged into it"
        }
    }

    /// "a person (INDI)", "a family (FAM)", "a SOUR record".
    private static func recordName(_ tag: String) -> String {
        switch tag {
        case "INDI": "a person (INDI)"
        case "FAM": "a family (FAM)"
        default: "a \(MessageText.escaped(String(tag.prefix(20)))) record"
        }
    }
}
