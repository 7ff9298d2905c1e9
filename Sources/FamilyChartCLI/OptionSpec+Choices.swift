/// What a shell may offer for an option's value, read from the option's own help text, so
/// completions say no more and no less than `--help` does.
extension OptionSpec {
    /// The words the help lists as the only values, as in "png, pdf, svg or html (default:
    /// from the output's extension)" or "Fan: show (default: …), frontier (…) or hide.":
    /// parenthesised remarks and leading labels ("Fan: ") are left out, the list is the
    /// first sentence's words before its first " or " and the one word after it. `nil` when
    /// any listed item is not a lowercase word or a number (free text, sizes, a file), or
    /// when the list ends in a phrase such as "or a theme JSON file".
    var choices: [String]? {
        guard valueName != nil else { return nil }
        if let listed = valueName.map({ $0.split(separator: "|").map(String.init) }), listed.count > 1, listed.allSatisfy(Self.isChoiceWord) {
            return listed
        }
        var sentence = Self.withoutParentheses(help)
        if let end = sentence.firstIndex(where: { $0 == "." || $0 == ";" }) { sentence = String(sentence[..<end]) }
        // Labels such as "Fan: " or "Ancestors and hourglass: " (no list inside them).
        while let colon = sentence.firstRange(of: ": "), !sentence[..<colon.lowerBound].contains(","),
              !sentence[..<colon.lowerBound].contains(" or ") {
            sentence = String(sentence[colon.upperBound...])
        }
        var items: [Substring]
        if let or = sentence.firstRange(of: " or ") {
            items = sentence[..<or.lowerBound].split(separator: ",")
            // The last choice is the word after "or" ("… or descendants outward from --focus"),
            // unless that begins a phrase ("… or a theme JSON file").
            let last = sentence[or.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).first ?? ""
            guard !["a", "an", "the"].contains(last) else { return nil }
            items.append(last)
        } else {
            items = sentence.split(separator: ",")
        }
        let words = items.map(\.trimmingSpaces)
        return words.count > 1 && words.allSatisfy(Self.isChoiceWord) ? words : nil
    }

    /// Whether the value names a file (`FILE`, `NAME|FILE`) or a folder (`DIR`).
    var takesFile: Bool { valueName.map { $0.contains("FILE") } ?? false }
    var takesFolder: Bool { valueName == "DIR" }

    private static func isChoiceWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func withoutParentheses(_ text: String) -> String {
        var depth = 0
        return String(text.filter { character in
            if character == "(" { depth += 1; return false }
            if character == ")" { depth = max(0, depth - 1); return false }
            return depth == 0
        })
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
