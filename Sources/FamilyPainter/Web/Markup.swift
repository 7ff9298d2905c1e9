/// The bytes of an SVG or HTML document being written, with escaping that keeps any
/// text — names with `<`, `&`, `]]>`, quotes, control characters, bidi controls or
/// noncharacters — well-formed XML and unchanged HTML.
struct Markup {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup as it is (never user text).
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends markup or already-escaped text as it is.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `text` as element content.
    mutating func text(_ text: String) {
        escape(text, quotes: false)
    }

    /// Appends ` name="value"` with the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        raw(" ")
        raw(name)
        raw("=\"")
        escape(value, quotes: true)
        raw("\"")
    }

    /// Appends ` name="number"`.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        raw(" ")
        raw(name)
        raw("=\"")
        number(value)
        raw("\"")
    }

    /// Appends a number rounded to hundredths of a point (what the PDF keeps too),
    /// without trailing zeros: `12`, `12.5`, `-0.25`.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("0")
            return
        }
        var hundredths = Int64((value * 100).rounded())
        if hundredths < 0 {
            bytes.append(UInt8(ascii: "-"))
            hundredths = -hundredths
        }
        bytes.append(contentsOf: String(hundredths / 100).utf8)
        let fraction = hundredths % 100
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    /// Appends two numbers separated by a space (a point, a size, a translation).
    mutating func numbers(_ first: Double, _ second: Double) {
        number(first)
        raw(" ")
        number(second)
    }

    /// Escapes one string. Characters XML forbids (C0 controls other than tab, line feed and
    /// carriage return; U+FFFE, U+FFFF) become U+FFFD, the replacement character; the
    /// markup characters, tab, line feed and carriage return, bidi controls and
    /// noncharacters are written as character references, so they survive parsing and
    /// cannot reorder the source text around them; everything else is written as UTF-8.
    private mutating func escape(_ text: String, quotes: Bool) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x22 where quotes: raw("&quot;")
            case 0x27 where quotes: raw("&#39;")
            case 0x09, 0x0A, 0x0D: reference(value)
            case 0x00...0x1F, 0xFFFE, 0xFFFF: raw("\u{FFFD}")
            default:
                if Self.isReferenced(value) {
                    reference(value)
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    private mutating func reference(_ value: UInt32) {
        raw("&#x")
        raw(String(value, radix: 16, uppercase: true))
        raw(";")
    }

    /// Bidi controls (marks, embeddings, overrides, isolates) and noncharacters.
    static func isReferenced(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }
}
