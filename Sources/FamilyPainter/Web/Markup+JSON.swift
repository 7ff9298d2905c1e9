extension Markup {
    /// Appends `text` as a JSON string that is also safe inside an HTML `<script>`
    /// element: `<`, `>` and `&` as `\u003C`-style escapes (no `</script>` or `<!--` can
    /// form), control characters, U+2028 and U+2029 escaped, everything else as UTF-8.
    mutating func jsonString(_ text: String) {
        raw("\"")
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x09: raw("\\t")
            case 0x00...0x1F, 0x3C, 0x3E, 0x26, 0x2028, 0x2029, 0x7F...0x9F, 0xFFFE, 0xFFFF, 0xFDD0...0xFDEF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                raw(String(scalar))
            }
        }
        raw("\"")
    }

    /// Appends `"name":` for a JSON object member.
    mutating func jsonKey(_ name: StaticString) {
        raw("\"")
        raw(name)
        raw("\":")
    }

    /// Appends a JSON array of whole numbers.
    mutating func jsonIntegers(_ values: [Int]) {
        raw("[")
        for (k, value) in values.enumerated() {
            if k > 0 { raw(",") }
            raw(String(value))
        }
        raw("]")
    }

    /// Appends a JSON array of arrays of whole numbers.
    mutating func jsonIntegerLists(_ lists: [[Int]]) {
        raw("[")
        for (k, list) in lists.enumerated() {
            if k > 0 { raw(",") }
            jsonIntegers(list)
        }
        raw("]")
    }
}
