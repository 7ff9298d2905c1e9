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
    /// - Complexity: O(n) in the value's length, on its UTF-8 bytes.
    public static func read(_ value: String, pieces: Pieces = Pieces()) -> (name: String, parts: NameParts?, surname: String?) {
        var bytes = Array(value.utf8)
        var open: Int?, close: Int?
        for k in bytes.indices {
            switch bytes[k] {
            case UInt8(ascii: "_"), 0x09, 0x0A, 0x0D: bytes[k] = 0x20
            case UInt8(ascii: "/") where close == nil: if open == nil { open = k } else { close = k }
            default: continue
            }
        }
        let before: Segment, surname: Segment, after: Segment
        if let open {
            let end = close ?? bytes.count
            before = Segment(bytes[..<open])
            surname = Segment(bytes[(open + 1)..<end])
            after = end < bytes.count ? Segment(bytes[(end + 1)...]) : Segment(ArraySlice())
        } else {
            (before, surname, after) = (Segment(bytes[...]), Segment(ArraySlice()), Segment(ArraySlice()))
        }
        if before.isEmpty && surname.isEmpty && after.isEmpty { return fromPieces(pieces) }

        var builder = NameBuilder()
        if before.isEmpty && !surname.isEmpty && !after.isEmpty && (after.text == pieces.given?.trimmingSpaces || !looksLikeSuffix(after.firstWord)) {
            builder.append(surname, role: .surname, spaced: false)
            builder.append(after, role: .given, spaced: surname.trailingSpace || after.leadingSpace)
        } else {
            if let prefix = pieces.prefix?.split(separator: " "), !prefix.isEmpty, case let words = before.words, words.count > prefix.count,
               zip(words, prefix).allSatisfy({ $0.lowercased() == $1.lowercased() }) {
                builder.append(Segment(words: Array(words.prefix(prefix.count))), role: .other, spaced: false)
                builder.append(Segment(words: Array(words.dropFirst(prefix.count))), role: .given, spaced: true)
            } else {
                builder.append(before, role: .given, spaced: false)
            }
            builder.append(surname, role: .surname, spaced: before.trailingSpace || surname.leadingSpace)
            builder.append(after, role: .other, spaced: surname.trailingSpace || after.leadingSpace || surname.isEmpty && before.trailingSpace)
        }
        return (builder.text, builder.parts, surname.isEmpty ? nil : surname.text)
    }

    /// A name made of pieces only.
    private static func fromPieces(_ pieces: Pieces) -> (name: String, parts: NameParts?, surname: String?) {
        func segment(_ text: String?) -> Segment {
            Segment(Array((text ?? "").replacingCommas.utf8)[...])
        }
        let given = segment(pieces.given)
        var surname = segment(pieces.surname)
        let particle = segment(pieces.surnamePrefix)
        if !particle.isEmpty { surname = Segment(words: particle.words + surname.words) }
        var builder = NameBuilder()
        if let first = given.firstScalar, let last = surname.lastScalar, isWrittenWithoutSpaces(first), isWrittenWithoutSpaces(last) {
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
    static func looksLikeSuffix(_ first: String) -> Bool {
        guard let initial = first.unicodeScalars.first else { return false }
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

/// One part of a `NAME` value as UTF-8: its words joined by single spaces, and whether
/// spaces stood at its ends.
struct Segment {
    var bytes: [UInt8] = []
    var leadingSpace = false
    var trailingSpace = false

    init(words: [String]) {
        bytes = Array(words.joined(separator: " ").utf8)
    }

    /// Collapses runs of spaces and trims the ends.
    init(_ slice: ArraySlice<UInt8>) {
        leadingSpace = slice.first == 0x20
        trailingSpace = slice.last == 0x20
        bytes.reserveCapacity(slice.count)
        var pendingSpace = false
        for byte in slice {
            if byte == 0x20 || byte == UInt8(ascii: "/") {  // further slashes after the surname separate words
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
        }
    }

    var isEmpty: Bool { bytes.isEmpty }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    var words: [String] { bytes.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) } }
    var firstWord: String { String(decoding: bytes.prefix { $0 != 0x20 }, as: UTF8.self) }
    var firstScalar: Unicode.Scalar? { String(decoding: bytes.prefix(4), as: UTF8.self).unicodeScalars.first }
    var lastScalar: Unicode.Scalar? {
        // The last scalar starts at the last byte that is no continuation byte.
        guard let start = bytes.lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return nil }
        return String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.first
    }
}

/// Joins parts into the displayed name, counting code points to record the spans.
private struct NameBuilder {
    enum Role { case given, surname, other }

    var bytes: [UInt8] = []
    var parts = NameParts()
    private var length = 0
    private var last: Unicode.Scalar?

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `segment`; a space goes before it when the file had one there, or where
    /// two words would otherwise run together (`First/Last/`).
    mutating func append(_ segment: Segment, role: Role, spaced: Bool) {
        guard !segment.isEmpty, let first = segment.firstScalar else { return }
        if let last, spaced || Self.needsSpace(after: last, before: first) {
            bytes.append(0x20)
            length += 1
        }
        let start = length
        bytes += segment.bytes
        length += segment.bytes.lazy.filter { $0 & 0xC0 != 0x80 }.count
        last = segment.lastScalar
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
