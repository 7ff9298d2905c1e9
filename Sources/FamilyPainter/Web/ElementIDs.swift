/// Stable, unique XML ids for person groups: `p-` and the person's id when it is made
/// of letters, digits, `-` and `.` (`p-I12`), with any other character written as
/// `_HEX_` (`p-family_20_17` for "family 17", `_5F_` for `_` itself), so every id
/// maps to exactly one element id and back. A person's further boxes (references)
/// get `r1-`, `r2-`, … instead of `p-`.
struct ElementIDs {
    private var used: Set<String> = []
    private var places: [String: Int] = [:]

    /// The element id of the next box of person `id`: the first one asked for gets `p-`.
    mutating func next(for id: String) -> String {
        let encoded = Self.encode(id)
        let place = places[id, default: 0]
        places[id] = place + 1
        var candidate = (place == 0 ? "p-" : "r\(place)-") + encoded
        var extra = place
        while !used.insert(candidate).inserted {  // only if the scene repeats a primary id
            extra += 1
            candidate = "r\(extra)-" + encoded
        }
        return candidate
    }

    /// `id` with every character outside ASCII letters, digits, `-` and `.`, and outside
    /// the letters XML allows in names, written as `_HEX_`.
    static func encode(_ id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars {
            if isKept(scalar.value) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "_" + String(scalar.value, radix: 16, uppercase: true) + "_"
            }
        }
        return result
    }

    /// ASCII letters, digits, `-`, `.`, and the XML name characters beyond Latin-1 that are
    /// letters of some script (CJK, Cyrillic, Greek, …), not marks, spaces, controls or noncharacters.
    private static func isKept(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x2C00...0x2FEF,
             0x3041...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return !Markup.isReferenced(value) && !(0x2000...0x206F).contains(value)
        default: return false
        }
    }
}
