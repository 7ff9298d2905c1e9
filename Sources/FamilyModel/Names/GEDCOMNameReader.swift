/// Reads a GEDCOM personal name (`NAME` value and name pieces) into the name a chart
/// shows and where its parts are.
///
/// The `NAME` value is what is shown (GEDCOM 7: the pieces are auxiliary): the slashes
/// around the surname are removed, and a space is put where one was — never where the
/// file has none next to a hyphen, an apostrophe, punctuation, or between two
/// characters of scripts written without spaces (`/王/小明` → 王小明, `Jean-/Dupont/` →
/// Jean-Dupont, `Umayyad/, Caliph` → Umayyad, Caliph), while `First/Last/` and
/// `/Kamanawa/II` still read First Last and Kamanawa II. Runs of spaces, tabs, line
/// breaks (a `CONT` under the name) and the underscores PAF writes for spaces become single spaces.
///
/// Parts: before the slashes are the given names (after the `NPFX` prefix, if the
/// value starts with it), between them the surname, after them a suffix; a name that
/// starts with its surname (`/王/小明`, `/Kovács/ János`) has its given names after
/// it unless they read as a suffix (`/Kamanawa/II`, `Jr.`). A name given only as pieces
/// (`GIVN`, `SURN`, `SPFX`, `NPFX`, `NSFX`) is put together from them, surname first
/// and without a space when given name and surname are both CJK.
public enum GEDCOMNameReader {
    /// GEDCOM name pieces under a `NAME`.
    public struct Pieces: Sendable, Equatable {
        public var prefix: String?
        public var given: String?
        public var surnamePrefix: String?
        public var surname: String?
        public var suffix: String?

        public init(prefix: String? = nil, given: String? = nil, surnamePrefix: String? = nil, surname: String? = nil, suffix: String? = nil) {
            self.prefix = prefix
            self.given = given
            self.surnamePrefix = surnamePrefix
            self.surname = surname
            self.suffix = suffix
        }
    }

    /// The displayed name, its parts (nil when it has none), and the surname text.
    public static func read(_ value: String, pieces: Pieces = Pieces()) -> (name: String, parts: NameParts?, surname: String?) {
        var scalars = Array(value.unicodeScalars)
        for k in scalars.indices where scalars[k] == "_" || scalars[k] == "\t" || scalars[k] == "\n" || scalars[k] == "\r" { scalars[k] = " " }
        let slashes = scalars.indices.filter { scalars[$0] == "/" }.prefix(2)
        var segments: [Segment]
        if let open = slashes.first {
            let close = slashes.count > 1 ? slashes.last! : scalars.count
            var rest = close < scalars.count ? Array(scalars[(close + 1)...]) : []
            for k in rest.indices where rest[k] == "/" { rest[k] = " " }
            segments = [Segment(scalars[..<open]), Segment(scalars[(open + 1)..<close]), Segment(rest[...])]
        } else {
            segments = [Segment(scalars[...]), Segment(ArraySlice()), Segment(ArraySlice())]
        }
        if segments.allSatisfy(\.isEmpty) { return fromPieces(pieces) }

        var builder = NameBuilder()
        let (before, surname, after) = (segments[0], segments[1], segments[2])
        if before.isEmpty && !surname.isEmpty && !after.isEmpty && (after.text == pieces.given?.trimmingSpaces || !looksLikeSuffix(after.words)) {
            builder.append(surname, role: .surname, spaced: false)
            builder.append(after, role: .given, spaced: surname.trailingSpace || after.leadingSpace)
        } else {
            var given = before
            if let prefix = pieces.prefix?.split(separator: " "), !prefix.isEmpty, given.words.count > prefix.count,
               zip(given.words, prefix).allSatisfy({ $0.lowercased() == $1.lowercased() }) {
                builder.append(Segment(words: Array(given.words.prefix(prefix.count))), role: .other, spaced: false)
                given = Segment(words: Array(given.words.dropFirst(prefix.count)), trailingSpace: given.trailingSpace)
                builder.append(given, role: .given, spaced: true)
            } else {
                builder.append(given, role: .given, spaced: false)
            }
            builder.append(surname, role: .surname, spaced: before.trailingSpace || surname.leadingSpace)
            builder.append(after, role: .other, spaced: surname.trailingSpace || after.leadingSpace || surname.isEmpty && before.trailingSpace)
        }
        return (builder.text, builder.parts, surname.isEmpty ? nil : surname.text)
    }

    /// A name made of pieces only.
    private static func fromPieces(_ pieces: Pieces) -> (name: String, parts: NameParts?, surname: String?) {
        func segment(_ text: String?) -> Segment {
            Segment(Array((text ?? "").replacingCommas.unicodeScalars)[...])
        }
        let given = segment(pieces.given)
        var surname = segment(pieces.surname)
        let particle = segment(pieces.surnamePrefix)
        if !particle.isEmpty { surname = Segment(words: particle.words + surname.words) }
        var builder = NameBuilder()
        if !given.isEmpty, !surname.isEmpty, isWrittenWithoutSpaces(given.words.first!.unicodeScalars.first!),
           isWrittenWithoutSpaces(surname.words.last!.unicodeScalars.last!) {
            builder.append(surname, role: .surname, spaced: false)
            builder.append(given, role: .given, spaced: false)
        } else {
            builder.append(segment(pieces.prefix), role: .other, spaced: true)
            builder.append(given, role: .given, spaced: true)
            builder.append(surname, role: .surname, spaced: true)
            builder.append(segment(pieces.suffix), role: .other, spaced: true)
        }
        guard !builder.text.isEmpty else { return ("", nil, nil) }
        return (builder.text, builder.parts, surname.isEmpty ? nil : surname.text)
    }

    /// A Roman numeral, `Jr.`/`Sr.`/`Esq.`, or a word starting with a digit or punctuation.
    static func looksLikeSuffix(_ words: [String]) -> Bool {
        guard let first = words.first, let initial = first.unicodeScalars.first else { return false }
        if !initial.properties.isAlphabetic { return true }
        let bare = first.uppercased().filter { $0 != "." && $0 != "," }
        if ["JR", "SR", "JUNIOR", "SENIOR", "ESQ"].contains(bare) { return true }
        return !bare.isEmpty && bare.allSatisfy { "IVXLC".contains($0) }
    }

    /// Han, kana and Hangul: scripts written without spaces between family and given name.
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xAC00...0xD7AF, 0x1100...0x11FF, 0xF900...0xFAFF, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }
}

/// The words of one part of a `NAME` value, and whether spaces stood at its ends.
struct Segment {
    var words: [String]
    var leadingSpace = false
    var trailingSpace = false

    init(words: [String], leadingSpace: Bool = false, trailingSpace: Bool = false) {
        self.words = words
        self.leadingSpace = leadingSpace
        self.trailingSpace = trailingSpace
    }

    init(_ scalars: ArraySlice<Unicode.Scalar>) {
        leadingSpace = scalars.first == " "
        trailingSpace = scalars.last == " "
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        words = String(view).split(separator: " ").map(String.init)
    }

    var isEmpty: Bool { words.isEmpty }
    var text: String { words.joined(separator: " ") }
}

/// Joins parts into the displayed name, counting code points to record the spans.
private struct NameBuilder {
    enum Role { case given, surname, other }

    var text = ""
    var parts = NameParts()
    private var length = 0

    /// Appends `segment`; a space goes before it when the file had one there, or where
    /// two words would otherwise run together (`First/Last/`).
    mutating func append(_ segment: Segment, role: Role, spaced: Bool) {
        guard !segment.isEmpty else { return }
        let body = segment.text
        if let last = text.unicodeScalars.last, spaced || Self.needsSpace(after: last, before: body.unicodeScalars.first!) {
            text += " "
            length += 1
        }
        let start = length
        text += body
        length += body.unicodeScalars.count
        switch role {
        case .given: parts.given = NameSpan(start, length)
        case .surname: parts.surname = NameSpan(start, length)
        case .other: break
        }
    }

    /// Whether two characters that the file wrote together across a slash are two words.
    static func needsSpace(after last: Unicode.Scalar, before next: Unicode.Scalar) -> Bool {
        if "-‐‑'’(".unicodeScalars.contains(last) { return false }
        if !next.properties.isAlphabetic && !("0"..."9").contains(next) { return false }  // , . ) ;
        return !(GEDCOMNameReader.isWrittenWithoutSpaces(last) && GEDCOMNameReader.isWrittenWithoutSpaces(next))
    }
}

private extension String {
    /// GEDCOM pieces are comma-separated lists: "Joseph, Patrick" → "Joseph Patrick".
    var replacingCommas: String { split(separator: ",").map { $0.trimmingSpaces }.joined(separator: " ") }
}
