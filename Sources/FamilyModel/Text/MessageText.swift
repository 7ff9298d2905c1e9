/// Text from an input (an id, a path, a line) made safe to print in a message or a log
/// line: control characters (C0 including line breaks, DEL, C1), bidi controls and line
/// separators are written as escapes, so an id holding ESC cannot drive the terminal and
/// one holding a line break cannot forge a line ("failed: …") in a log.
public enum MessageText {
    /// `text` with every unsafe character escaped (`\n`, `\r`, `\t`, else `\u{1B}`).
    /// Returned as is, without copying, when there is nothing to escape.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return escape(text, keepingLineBreaks: false)
    }

    /// `text` in double quotes, escaped.
    public static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// A whole message made safe to print, keeping its own line breaks and tabs (the
    /// parts taken from inputs are escaped where the message is made).
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isUnsafe($0) }) else { return text }
        return escape(text, keepingLineBreaks: true)
    }

    private static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// C0 controls, DEL, C1 controls, bidi controls (ALM, LRM, RLM, embeddings,
    /// overrides, isolates) and the line and paragraph separators.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
