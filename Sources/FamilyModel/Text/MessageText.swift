/// Text from an input (an id, a path, a line) made safe to print in a message or a log
/// line: control characters (C0 including line breaks, DEL, C1), bidi controls and line
/// separators are written as escapes, so an id holding ESC cannot drive the terminal and
/// one holding a line break cannot forge a line ("failed: …") in a log.
public enum MessageText {
    /// Characters of an id, name or title a message quotes; a longer one is cut, ending in
    /// "…" and its length in bytes (a 2 MB id quoted by 100 problems wrote 210 MB).
    public static let quotedCharacters = 80
    /// Characters of a path or other text `escaped` prints before cutting it the same way.
    public static let escapedCharacters = 4_096
    /// Bytes of one command's (or one batch item's) messages; the rest is left out, said so.
    public static let maximumMessageBytes = 64 * 1024

    /// `text` with every unsafe character escaped (`\n`, `\r`, `\t`, else `\u{1B}`), cut
    /// after `escapedCharacters` characters ("…" and the length in bytes). Returned as is,
    /// without copying, when there is nothing to escape or cut.
    public static func escaped(_ text: String) -> String {
        let (head, isCut) = escaped(text, keeping: escapedCharacters)
        return isCut ? head + "… (\(text.utf8.count) bytes)" : head
    }

    /// `text` in double quotes, escaped, cut after `quotedCharacters` characters:
    /// `"abc…" (2097152 bytes)`.
    public static func quoted(_ text: String) -> String {
        let (head, isCut) = escaped(text, keeping: quotedCharacters)
        return isCut ? "\"" + head + "…\" (\(text.utf8.count) bytes)" : "\"" + head + "\""
    }

    /// A GEDCOM cross-reference id as a message shows it, `@I1@`, cut like `quoted`.
    public static func xref(_ id: String) -> String {
        let (head, isCut) = escaped(id, keeping: quotedCharacters)
        return isCut ? "@" + head + "…@ (\(id.utf8.count) bytes)" : "@" + head + "@"
    }

    /// At most `limit` characters of `text`, escaped, and whether there were more.
    /// O(limit): the rest of the text is never read.
    static func escaped(_ text: String, keeping limit: Int) -> (text: String, isCut: Bool) {
        let scalars = text.unicodeScalars
        var kept = scalars.startIndex
        var count = 0, unsafe = false
        while kept < scalars.endIndex, count < limit {
            if isUnsafe(scalars[kept]) { unsafe = true }
            scalars.formIndex(after: &kept)
            count += 1
        }
        let isCut = kept < scalars.endIndex
        guard unsafe || isCut else { return (text, false) }
        let head = isCut ? String(scalars[..<kept]) : text
        return (unsafe ? escape(head, keepingLineBreaks: false) : head, isCut)
    }

    /// `text` (a whole message) cut to at most `limit` bytes, at a line break where one is
    /// near, with a last line saying how much was left out.
    public static func bounded(_ text: String, limit: Int = maximumMessageBytes) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > limit else { return text }
        var end = limit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
        if let lineBreak = bytes[..<end].lastIndex(of: 0x0A), lineBreak > limit / 2 { end = lineBreak }
        return String(decoding: bytes[..<end], as: UTF8.self)
            + "\n  … the rest of this message is left out (\(bytes.count) bytes in all, more than \(limit))\n"
    }

    /// A whole message made safe to print, keeping its own line breaks and tabs (the
    /// parts taken from inputs are escaped where the message is made).
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isUnsafe($0) }) else { return text }
        return escape(text, keepingLineBreaks: true)
    }

    /// JSON text made safe to print: every character `printable` would escape, written as
    /// a JSON escape (`\u001b`, `\u202e`) instead, so the JSON means the same. For JSON
    /// whose strings are quoted already (the unsafe characters are all inside strings).
    public static func jsonPrintable(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0 != "\n" && isUnsafe($0) }) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if scalar != "\n", isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
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
