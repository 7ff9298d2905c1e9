/// A sort key for names as a reader of the index expects them, without a locale library:
/// letters compared without case or accents first (Ångström with angstrom, Łukasz with
/// Lukasz, Straße with Strasse), Latin before other scripts, each script in its own code
/// point order (Greek, Cyrillic, then CJK ideographs in their radical order), punctuation
/// and spaces ignored; names equal that way are ordered by their exact text.
///
/// A Latin letter with marks is folded to its base through its Unicode name ("LATIN SMALL
/// LETTER A WITH RING ABOVE" → a), so every precomposed letter is covered, not a table's.
public enum NameCollation {
    /// The primary key of `text`.
    public static func key(_ text: String) -> [UInt32] {
        var key: [UInt32] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x41...0x5A: key.append(v + 0x20)
            case 0x61...0x7A, 0x30...0x39: key.append(v)
            case 0...0x7F: continue  // spaces, punctuation
            default:
                let properties = scalar.properties
                if properties.generalCategory == .nonspacingMark || properties.isWhitespace || properties.generalCategory == .otherPunctuation
                    || properties.generalCategory == .dashPunctuation { continue }
                if let folded = latinBase(scalar) {
                    key.append(contentsOf: folded)
                } else if let lower = properties.lowercaseMapping.unicodeScalars.first, properties.isAlphabetic {
                    key.append(0x1000 + lower.value)  // after every Latin letter
                } else {
                    key.append(0x1000 + v)
                }
            }
        }
        return key
    }

    private static let special: [UInt32: String] = [0xDF: "ss", 0xC6: "ae", 0xE6: "ae", 0x152: "oe", 0x153: "oe",
                                                     0xDE: "th", 0xFE: "th", 0xD0: "d", 0xF0: "d", 0x1E9E: "ss"]

    /// The ASCII letters a Latin letter with marks is filed under.
    private static func latinBase(_ scalar: Unicode.Scalar) -> [UInt32]? {
        if let fixed = special[scalar.value] { return fixed.unicodeScalars.map(\.value) }
        guard let name = scalar.properties.name, name.hasPrefix("LATIN ") else { return nil }
        // "LATIN CAPITAL LETTER O WITH STROKE", "LATIN SMALL LETTER DOTLESS I"
        let words = name.split(separator: " ")
        guard let letter = words.firstIndex(of: "LETTER"), letter + 1 < words.count else { return nil }
        var base = words[letter + 1]
        if base == "DOTLESS", letter + 2 < words.count { base = words[letter + 2] }
        guard base.count == 1, let ascii = base.unicodeScalars.first, (0x41...0x5A).contains(ascii.value) else { return nil }
        return [ascii.value + 0x20]
    }

    /// Whether `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let (ka, kb) = (key(a), key(b))
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        return a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }
}
