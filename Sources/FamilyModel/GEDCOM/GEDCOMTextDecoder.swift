import FoundationEssentials

/// The character encodings GEDCOM files come in.
public enum GEDCOMEncoding: String, Sendable, Equatable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    /// ANSI Z39.47, GEDCOM 5.5's default: combining diacritics precede their letter.
    case ansel = "ANSEL"
    case ascii = "ASCII"
    /// What GEDCOM files call `ANSI`: Windows code page 1252.
    case windows1252 = "ANSI"
    /// Central European Windows code page, recognised by content (`CharacterSetGuess`).
    case windows1250 = "Windows-1250"
    /// Cyrillic Windows code page, recognised by content.
    case windows1251 = "Windows-1251"

    /// The name a message uses.
    public var displayName: String { self == .windows1252 ? "Windows-1252" : rawValue }
}

/// A file whose text is not in the character set its header declares (or, declaring
/// none, is neither UTF-8 nor ANSEL): read in the set its content fits.
public struct CharacterSetOverride: Sendable, Equatable {
    /// What `1 CHAR` says; nil when the header says nothing.
    public var declared: String?
    /// How many bytes could not be read in the declared set.
    public var misread: Int
}

/// Turns a GEDCOM file's bytes into text: a byte order mark decides UTF-8 or UTF-16;
/// otherwise `1 CHAR` in the header does (`UTF-8`, `UNICODE`, `ANSEL`, `ASCII`, `ANSI`),
/// and a file that declares nothing is read as UTF-8 when it is valid UTF-8, else as ANSEL.
///
/// A file that declares ANSEL or ASCII (or nothing) but is valid UTF-8 with non-ASCII
/// characters is read as UTF-8; one where more than `fewBytes` bytes cannot be read as
/// declared is read as the Windows code page its content fits (`CharacterSetGuess`);
/// `override` then says so, for a warning.
public struct GEDCOMTextDecoder {
    public init() {}

    public struct Output: Sendable {
        public var text: String
        public var encoding: GEDCOMEncoding
        /// Bytes that are not valid in the encoding, replaced by U+FFFD.
        public var invalidBytes: Int
        /// Set when the content decided the encoding against the header.
        public var override: CharacterSetOverride?
    }

    /// Misread bytes a declared ANSEL or ASCII file may have before its content decides.
    public static let fewBytes = 3

    public func decode(_ bytes: [UInt8]) -> Output {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(Array(bytes.dropFirst(2)), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(Array(bytes.dropFirst(2)), littleEndian: false) }
        // UTF-16 without a byte order mark: "0 HEAD" has a zero byte beside every letter.
        if bytes.count >= 4, bytes[0] == 0x30, bytes[1] == 0 { return utf16(bytes, littleEndian: true) }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0x30 { return utf16(bytes, littleEndian: false) }
        let declared = declaredCharacterSet(bytes)
        switch declared {
        case "ANSEL": return byContent(ansel(bytes), declared: declared, bytes)
        case "ASCII": return byContent(ascii(bytes), declared: declared, bytes)
        case "ANSI", "CP1252", "WINDOWS-1252", "IBMPC", "IBM WINDOWS", "LATIN1", "ISO-8859-1": return windows1252(bytes)
        case "UNICODE" where bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0): return utf16(bytes, littleEndian: bytes[1] == 0)
        case "UTF-8", "UTF8": return utf8(bytes)
        default:
            return String(validating: bytes, as: UTF8.self) != nil ? utf8(bytes) : byContent(ansel(bytes), declared: nil, bytes)
        }
    }

    /// `reading` (ANSEL or ASCII), unless the bytes are UTF-8 or read far better in a
    /// Windows code page.
    private func byContent(_ reading: Output, declared: String?, _ bytes: [UInt8]) -> Output {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return reading }
        let misread = reading.encoding == .ascii ? bytes.lazy.filter { $0 >= 0x80 }.count
            : CharacterSetGuess.anselMisreadings(bytes, spacing: { Self.anselSpacing[$0] != nil }, combining: { Self.anselCombining[$0] != nil })
        if declared != nil, String(validating: bytes, as: UTF8.self) != nil {
            var output = utf8(bytes)
            output.override = CharacterSetOverride(declared: declared, misread: misread)
            return output
        }
        guard misread > Self.fewBytes, let page = CharacterSetGuess.bestCodePage(bytes) else { return reading }
        let (text, invalid) = page.decode(bytes)
        return Output(text: text, encoding: page.encoding, invalidBytes: invalid,
                      override: CharacterSetOverride(declared: declared, misread: misread))
    }

    /// The value of `1 CHAR` in the header (upper-cased), read as ASCII.
    func declaredCharacterSet(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(8192).map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        for (index, line) in head.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).enumerated() {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            if index > 0, fields.first == "0" { return nil }  // the header has ended
            if fields.count == 3, fields[0] == "1", fields[1] == "CHAR" {
                return fields[2].trimmingSpaces.uppercased()
            }
        }
        return nil
    }

    private func utf8(_ bytes: [UInt8]) -> Output {
        if let text = String(validating: bytes, as: UTF8.self) { return Output(text: text, encoding: .utf8, invalidBytes: 0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return Output(text: text, encoding: .utf8, invalidBytes: text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count)
    }

    private func utf16(_ bytes: [UInt8], littleEndian: Bool) -> Output {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            units.append(littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        let invalid = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count + bytes.count % 2
        return Output(text: text, encoding: littleEndian ? .utf16LittleEndian : .utf16BigEndian, invalidBytes: invalid)
    }

    private func ascii(_ bytes: [UInt8]) -> Output {
        var scalars = String.UnicodeScalarView()
        var invalid = 0
        for byte in bytes {
            if byte < 0x80 { scalars.append(Unicode.Scalar(byte)) } else {
                scalars.append("\u{FFFD}")
                invalid += 1
            }
        }
        return Output(text: String(scalars), encoding: .ascii, invalidBytes: invalid)
    }

    private func windows1252(_ bytes: [UInt8]) -> Output {
        let (text, invalid) = CodePage.windows1252.decode(bytes)
        return Output(text: text, encoding: .windows1252, invalidBytes: invalid)
    }

    /// ANSEL: ASCII below 0x80; special letters 0xA1–0xCF; combining marks 0xE0–0xFE come
    /// *before* their base letter, so they are held and emitted after it, and each such
    /// letter is composed (NFC): `0xE8 u` → `ü`. Only those small clusters go through
    /// Unicode normalisation, so plain ASCII runs cost a byte copy.
    private func ansel(_ bytes: [UInt8]) -> Output {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        var pendingMarks: [Unicode.Scalar] = []
        var invalid = 0
        func emit(_ base: Unicode.Scalar) {
            if pendingMarks.isEmpty {
                utf8.append(contentsOf: String(Character(base)).utf8)
                return
            }
            var cluster = String.UnicodeScalarView()
            cluster.append(base)
            cluster.append(contentsOf: pendingMarks)
            pendingMarks.removeAll()
            utf8.append(contentsOf: String(cluster)._nfcCodeUnits)  // composed (NFC), as the standard library compares strings
        }
        for byte in bytes {
            if byte < 0x80 {
                if pendingMarks.isEmpty { utf8.append(byte) } else { emit(Unicode.Scalar(byte)) }
            } else if let mark = Self.anselCombining[byte] {
                // At most 30 marks on one letter (Unicode's stream-safe limit), counted
                // as invalid beyond: normalising a 160,000-mark cluster took 18 s.
                if pendingMarks.count < 30 { pendingMarks.append(mark) } else { invalid += 1 }
            } else if let letter = Self.anselSpacing[byte] {
                emit(letter)
            } else {
                emit("\u{FFFD}")
                invalid += 1
            }
        }
        for mark in pendingMarks { utf8.append(contentsOf: String(Character(mark)).utf8) }
        return Output(text: String(decoding: utf8, as: UTF8.self), encoding: .ansel, invalidBytes: invalid)
    }

    private static let anselSpacing: [UInt8: Unicode.Scalar] = [
        0xA1: "\u{0141}", 0xA2: "\u{00D8}", 0xA3: "\u{0110}", 0xA4: "\u{00DE}", 0xA5: "\u{00C6}", 0xA6: "\u{0152}",
        0xA7: "\u{02B9}", 0xA8: "\u{00B7}", 0xA9: "\u{266D}", 0xAA: "\u{00AE}", 0xAB: "\u{00B1}", 0xAC: "\u{01A0}",
        0xAD: "\u{01AF}", 0xAE: "\u{02BC}", 0xB0: "\u{02BB}", 0xB1: "\u{0142}", 0xB2: "\u{00F8}", 0xB3: "\u{0111}",
        0xB4: "\u{00FE}", 0xB5: "\u{00E6}", 0xB6: "\u{0153}", 0xB7: "\u{02BA}", 0xB8: "\u{0131}", 0xB9: "\u{00A3}",
        0xBA: "\u{00F0}", 0xBC: "\u{01A1}", 0xBD: "\u{01B0}", 0xC0: "\u{00B0}",
        0xC1: "\u{2113}", 0xC2: "\u{2117}", 0xC3: "\u{00A9}", 0xC4: "\u{266F}", 0xC5: "\u{00BF}", 0xC6: "\u{00A1}",
        0xC7: "\u{00DF}", 0xC8: "\u{20AC}", 0xCF: "\u{00DF}",
        // GEDCOM's extensions: empty and black box, midline e and o.
        0xBE: "\u{25A1}", 0xBF: "\u{25A0}", 0xCD: "\u{1D49}", 0xCE: "\u{1D52}",
    ]

    private static let anselCombining: [UInt8: Unicode.Scalar] = [
        0xE0: "\u{0309}", 0xE1: "\u{0300}", 0xE2: "\u{0301}", 0xE3: "\u{0302}", 0xE4: "\u{0303}", 0xE5: "\u{0304}",
        0xE6: "\u{0306}", 0xE7: "\u{0307}", 0xE8: "\u{0308}", 0xE9: "\u{030C}", 0xEA: "\u{030A}", 0xEB: "\u{FE20}",
        0xEC: "\u{FE21}", 0xED: "\u{0315}", 0xEE: "\u{030B}", 0xEF: "\u{0310}", 0xF0: "\u{0327}", 0xF1: "\u{0328}",
        0xF2: "\u{0323}", 0xF3: "\u{0324}", 0xF4: "\u{0325}", 0xF5: "\u{0333}", 0xF6: "\u{0332}", 0xF7: "\u{0326}",
        0xF8: "\u{031C}", 0xF9: "\u{032E}", 0xFA: "\u{FE22}", 0xFB: "\u{FE23}", 0xFC: "\u{0338}", 0xFE: "\u{0313}",
    ]
}
