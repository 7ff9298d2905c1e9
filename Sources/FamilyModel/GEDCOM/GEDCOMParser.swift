/// Splits GEDCOM text into level-0 records, each a tree of nodes. Iterative (a stack of
/// open nodes), so deep nesting cannot overflow the call stack; every malformed line is
/// reported with its number, and parsing goes on after it.
///
/// Accepted leniently, as real exports need: CR, LF or CRLF line ends; leading spaces
/// (indented files); blank lines; `CONC` and `CONT` (joined without or with a line break).
public struct GEDCOMParser {
    public init() {}

    public struct Output: Sendable {
        public var records: [GEDCOMNode]
        public var problems: [GEDCOMProblem]
        /// Whether the file ends with `0 TRLR`, as it should.
        public var hasTrailer: Bool
        /// Lines inside a record that were no GEDCOM lines (a bare line break in a note,
        /// say), joined to the value of the line before.
        public var joinedLines: [Int] = []
        /// The number of the last line.
        public var lineCount: Int = 0
    }

    /// - Complexity: O(n) in the length of the text.
    public func parse(_ text: String) -> Output {
        var records: [GEDCOMNode] = []
        var problems: [GEDCOMProblem] = []
        var open: [GEDCOMNode] = []  // open[k] has level k
        var hasTrailer = false
        var lineNumber = 0
        var joinedLines: [Int] = []

        /// A stray line inside a record is taken as the rest of the previous line's value.
        func joinToPrevious(_ text: Substring) -> Bool {
            guard !open.isEmpty else { return false }
            open[open.count - 1].value = (open[open.count - 1].value ?? "") + "\n" + text
            joinedLines.append(lineNumber)
            return true
        }

        func close(downTo level: Int) {
            while open.count > level {
                let node = open.removeLast()
                if open.isEmpty { records.append(node) } else { open[open.count - 1].children.append(node) }
            }
        }

        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }[...]
        if text.hasSuffix("\n") || text.hasSuffix("\r") { lines = lines.dropLast() }
        for raw in lines {
            lineNumber += 1
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty { continue }
            var fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)[...]
            guard let levelText = fields.popFirst(), let writtenLevel = Int(levelText), writtenLevel >= 0 else {
                if !joinToPrevious(line) { problems.append(.notANumberedLine(line: lineNumber, text: String(line))) }
                continue
            }
            if fields.first.map({ $0.allSatisfy { $0 == " " } }) ?? true {
                // A bare number: no GEDCOM line, most likely a line break inside a value.
                if !joinToPrevious(line) { problems.append(.missingTag(line: lineNumber)) }
                continue
            }
            if writtenLevel > 99 {
                problems.append(.levelTooDeep(line: lineNumber, level: writtenLevel))
                continue
            }
            let level = writtenLevel
            guard level <= open.count else {
                problems.append(.levelJump(line: lineNumber, level: level, previous: open.count - 1))
                continue
            }
            var rest = fields.first.map { $0.drop { $0 == " " } } ?? ""
            var xref: String?
            if rest.hasPrefix("@") {
                let end = rest.dropFirst().firstIndex(of: "@")
                guard let end, end > rest.index(after: rest.startIndex) else {
                    problems.append(.badCrossReference(line: lineNumber, text: String(rest)))
                    continue
                }
                xref = String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...].drop { $0 == " " }
            }
            let parts = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard let tagPart = parts.first, !tagPart.isEmpty else {
                if xref != nil || !joinToPrevious(line) { problems.append(.missingTag(line: lineNumber)) }
                continue
            }
            let tag = String(tagPart).uppercased()
            let value = parts.count > 1 ? String(parts[1]) : nil
            if tag == "CONC" || tag == "CONT" {
                close(downTo: level)
                guard level >= 1, open.count == level else {
                    problems.append(.continuationWithoutParent(line: lineNumber, tag: tag))
                    continue
                }
                let joiner = tag == "CONT" ? "\n" : ""
                open[level - 1].value = (open[level - 1].value ?? "") + joiner + (value ?? "")
                continue
            }
            close(downTo: level)
            if level == 0 { hasTrailer = tag == "TRLR" }
            open.append(GEDCOMNode(level: level, xref: xref, tag: tag, value: value, line: lineNumber))
        }
        close(downTo: 0)
        return Output(records: records, problems: problems, hasTrailer: hasTrailer, joinedLines: joinedLines, lineCount: lineNumber)
    }
}
