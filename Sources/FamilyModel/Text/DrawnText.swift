/// Text that will be drawn (names, titles) made safe to shape and draw, in one linear
/// pass before any shaping or normalisation:
///
/// - at most `maximumScalars` Unicode scalars (the rest is cut, ending in "…"): a 16 MB
///   name took 4.5 GB to draw;
/// - at most `maximumMarksPerCluster` combining marks after one letter (Unicode's
///   stream-safe text format allows 30): one letter and a million marks never finished;
/// - Unicode noncharacters (U+FFFE, U+FDD0…) replaced by U+FFFD: one made every PDF fail;
/// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) removed, so
///   a name cannot turn the text after it around ("Ann‮gnp.exe").
public enum DrawnText {
    public static let maximumScalars = 1_000
    public static let maximumMarksPerCluster = 30

    /// What `cleaned` changed.
    public struct Changes: Equatable, Sendable, CustomStringConvertible {
        public var cut = false
        public var droppedMarks = 0
        public var replacedNoncharacters = 0
        public var removedBidiControls = 0

        public var isEmpty: Bool { !cut && droppedMarks == 0 && replacedNoncharacters == 0 && removedBidiControls == 0 }

        public var description: String {
            var parts: [String] = []
            func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
            if cut { parts.append("cut to \(DrawnText.maximumScalars) characters") }
            if droppedMarks > 0 {
                parts.append(count(droppedMarks, "combining mark") + " beyond \(DrawnText.maximumMarksPerCluster) on one letter dropped")
            }
            if replacedNoncharacters > 0 { parts.append(count(replacedNoncharacters, "Unicode noncharacter") + " replaced by U+FFFD") }
            if removedBidiControls > 0 { parts.append(count(removedBidiControls, "bidi embedding, override or isolate control") + " removed") }
            return parts.joined(separator: ", ")
        }
    }

    /// `text` made safe to draw, and what changed (nothing for ordinary names, which are
    /// returned as they are without copying).
    /// - Complexity: O(n) in the length of `text`, stopping after `maximumScalars`.
    public static func cleaned(_ text: String) -> (text: String, changes: Changes) {
        var changes = Changes()
        guard needsWork(text) else { return (text, changes) }
        var result = String.UnicodeScalarView()
        var count = 0, marks = 0
        for scalar in text.unicodeScalars {
            if count == maximumScalars {
                changes.cut = true
                result.append("…")
                break
            }
            // Han ideographs and Hangul syllables (most of the scalars above U+0300 in real
            // names) are neither marks nor noncharacters: no property lookup for them.
            if (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) {
                marks = 0
            } else if scalar.value >= 0x300 {
                if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                    changes.removedBidiControls += 1
                    continue
                }
                if scalar.properties.isNoncharacterCodePoint {
                    changes.replacedNoncharacters += 1
                    result.append("\u{FFFD}")
                    count += 1
                    marks = 0
                    continue
                }
                if scalar.properties.canonicalCombiningClass != .notReordered {
                    marks += 1
                    if marks > maximumMarksPerCluster {
                        changes.droppedMarks += 1
                        continue
                    }
                } else {
                    marks = 0
                }
            } else {
                marks = 0
            }
            result.append(scalar)
            count += 1
        }
        return changes.isEmpty ? (text, changes) : (String(result), changes)
    }

    /// Characters of a chart title taken from the data (a GEDCOM header's `FILE` or `NOTE`,
    /// a file name): a longer one is cut, ending in "…".
    public static let maximumTitleCharacters = 80

    /// A title from the data made safe to show in a PDF's title, a page's `<title>` and a
    /// download name: cleaned like a name (`cleaned`), control characters and line breaks
    /// as spaces, runs of spaces as one, at most `maximumTitleCharacters` characters; nil
    /// when nothing is left. O(`maximumTitleCharacters`): a 15 MB title is never read whole.
    public static func title(_ raw: some StringProtocol) -> String? {
        var head = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars.makeIterator()
        // Room for the marks `cleaned` may drop and the spaces folded below.
        while head.count < maximumTitleCharacters * 40, let scalar = scalars.next() { head.append(scalar) }
        let (text, _) = cleaned(String(head))
        var result = String.UnicodeScalarView()
        var count = 0, pendingSpace = false, cut = scalars.next() != nil
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || MessageText.isUnsafe(scalar) || scalar.properties.generalCategory == .control {
                pendingSpace = count > 0
                continue
            }
            if count + (pendingSpace ? 1 : 0) >= maximumTitleCharacters {
                cut = true
                break
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            result.append(scalar)
            count += 1
        }
        guard count > 0 else { return nil }
        if cut, result.last != "…" { result.append("…") }
        return String(result)
    }

    /// Whether `text` can need changing: longer than the limit, or holding a scalar at or
    /// above U+0300 (every mark, noncharacter and bidi control is).
    private static func needsWork(_ text: String) -> Bool {
        if text.utf8.count > maximumScalars { return true }
        return text.utf8.contains { $0 >= 0xCC }  // U+0300 and above start with 0xCC…0xF4 in UTF-8
    }
}
