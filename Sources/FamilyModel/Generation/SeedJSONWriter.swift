/// Writes `FamilyData` in the seed's JSON shape, one person per line, children listed on
/// every person that listed them. `SeedJSONDecoder` reads the output back unchanged.
public struct SeedJSONWriter {
    public init() {}

    /// - Complexity: O(size of the output).
    public func write(_ data: FamilyData) -> String {
        var out = "{\"generations\": [\n"
        for (g, generation) in data.generations.enumerated() {
            out += "  ["
            for (i, p) in generation.enumerated() {
                out += i == 0 ? "\n" : ",\n"
                out += "    {\"id\": \(quoted(p.id)), \"name\": \(quoted(p.name)), \"gender\": \(quoted(p.gender.rawValue))"
                if let age = p.age { out += ", \"age\": \(age)" }
                out += ", \"coupleID\": \(quoted(p.coupleID ?? ""))"
                out += ", \"childrenIDs\": [" + p.childrenIDs.map(quoted).joined(separator: ", ") + "]}"
            }
            out += generation.isEmpty ? "]" : "\n  ]"
            out += g + 1 < data.generations.count ? ",\n" : "\n"
        }
        out += "]}\n"
        return out
    }
}

/// A JSON (and DOT-compatible) string literal.
func quoted(_ text: String) -> String { JSONString.quote(text) }

/// Quoting text for JSON output.
public enum JSONString {
    /// `text` as a JSON string literal, with quotes, backslashes and control characters escaped.
    public static func quote(_ text: String) -> String {
        // Most texts (names, paths, messages) need no escape: quoted whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
