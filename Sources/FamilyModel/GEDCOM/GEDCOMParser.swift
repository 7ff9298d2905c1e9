/// Splits GEDCOM text into level-0 records, each a tree of nodes. Iterative (a stack of
/// open nodes), so deep nesting cannot overflow the call stack; every malformed line is
/// reported with its number, and parsing goes on after it.
///
/// Accepted leniently, as real exports need: CR, LF or CRLF line ends; leading spaces
/// (indented files); blank lines; `CONC` and `CONT` (joined without or with a line break).
/// Inside a record, a line that cannot be placed (a level more than one deeper than the
/// line before, a level above 99, a malformed `@xref@`, a `CONC` under nothing) is
/// skipped with the lines under it and reported in `skipped`; only lines that keep the
/// file from being split into records (outside any record, or a level-0 line that cannot
/// be read) are `problems`.
public struct GEDCOMParser {
    /// Joined and skipped lines are listed (each becomes a warning) up to this many; the
    /// rest are counted (2 million stray lines were 2 million warnings: 500 MB for 4 MB).
    public static let listedLines = 1_000

    public init() {}

    /// A line inside a record that was left out, with how many lines under it went with it.
    public struct SkippedLine: Equatable, Sendable {
        public var problem: GEDCOMProblem
        public var linesUnder: Int
    }

    public struct Output: Sendable {
        /// The records, compactly (`GEDCOMTree`).
        public var tree: GEDCOMTree
        public var problems: [GEDCOMProblem]
        /// Whether the file ends with `0 TRLR`, as it should.
        public var hasTrailer: Bool
        /// Lines inside a record that were no GEDCOM lines (a bare line break in a note,
        /// say), joined to the value of the line before: the first `listedLines` of them.
        public var joinedLines: [Int] = []
        /// How many lines were joined in all (`joinedLines` lists the first).
        public var joinedLineCount = 0
        /// The number of the last line.
        public var lineCount: Int = 0
        /// Lines inside records that could not be placed, skipped with their subtrees: the
        /// first `listedLines` of them.
        public var skipped: [SkippedLine] = []
        /// How many lines were skipped in all (`skipped` lists the first).
        public var skippedCount = 0

        /// The level-0 records, in file order (`tree.records` without making an array).
        public var records: [GEDCOMNode] { Array(tree.records) }
    }

    /// - Complexity: O(n) in the length of the text: one pass over its UTF-8 bytes.
    /// - Precondition: the text is at most `GEDCOMTree.maximumTextBytes` long (checked by `FamilyImport`).
    public func parse(_ text: String) -> Output {
        var text = text
        text.makeContiguousUTF8()
        precondition(text.utf8.count <= GEDCOMTree.maximumTextBytes, "GEDCOM text longer than GEDCOMTree.maximumTextBytes")
        let contiguous = text
        return contiguous.utf8.withContiguousStorageIfAvailable { parse(utf8: $0, text: contiguous) }
            ?? Array(contiguous.utf8).withUnsafeBufferPointer { parse(utf8: $0, text: contiguous) }
    }

    private func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, text: String) -> Output {
        // As many entries as the text has lines, at most: reserved exactly, so a file of
        // tiny lines does not grow the table by doubling past what it needs.
        var lineEnds = 1
        for k in bytes.indices where bytes[k] == 0x0A || bytes[k] == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A) { lineEnds += 1 }
        var lines: [GEDCOMTree.Line] = []
        lines.reserveCapacity(lineEnds)
        var tags = TagTable()
        var joinedValues: [String] = []
        var recordCount = 0
        var problems: [GEDCOMProblem] = []
        var open: [Int] = []  // indices in `lines`; open[k] has level k
        var hasTrailer = false
        var lineNumber = 0
        var joinedLines: [Int] = [], joinedLineCount = 0
        var skipped: [SkippedLine] = [], skippedCount = 0
        /// While lines under a skipped line are being skipped: that line's level.
        var skippedLevel: Int?
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), at = UInt8(ascii: "@")

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Inside a record, leaves the line out with the lines under it (deeper than `level`).
        func skip(_ problem: GEDCOMProblem, level: Int) -> Bool {
            guard !open.isEmpty, level > 0 else { return false }
            skippedCount += 1
            if skippedCount <= Self.listedLines { skipped.append(SkippedLine(problem: problem, linesUnder: 0)) }
            skippedLevel = level
            return true
        }

        /// Appends to the value of open line `k`, which becomes a string of its own
        /// (appended to in place: `a = a + b` would copy the whole value each time,
        /// quadratic over a long chain of continuation lines).
        func append(_ joiner: String, _ range: Range<Int>, toOpen k: Int) {
            let i = open[k]
            if lines[i].flags & GEDCOMTree.Line.isJoined == 0 {
                let value = lines[i].flags & GEDCOMTree.Line.hasValue == 0 ? ""
                    : string(Int(lines[i].valueStart)..<Int(lines[i].valueStart) + Int(lines[i].valueLength))
                lines[i].valueStart = UInt32(joinedValues.count)
                lines[i].valueLength = 0
                lines[i].flags |= GEDCOMTree.Line.isJoined
                joinedValues.append(value)
            }
            let j = Int(lines[i].valueStart)
            joinedValues[j].append(joiner)
            joinedValues[j].append(string(range))
        }

        /// A stray line inside a record is taken as the rest of the previous line's value.
        func joinToPrevious(_ range: Range<Int>) -> Bool {
            guard !open.isEmpty else { return false }
            if skippedLevel != nil {
                if skippedCount <= Self.listedLines { skipped[skipped.count - 1].linesUnder += 1 }
                return true
            }
            append("\n", range, toOpen: open.count - 1)
            joinedLineCount += 1
            if joinedLineCount <= Self.listedLines { joinedLines.append(lineNumber) }
            return true
        }

        func close(downTo level: Int) {
            while open.count > level {
                lines[open.removeLast()].end = UInt32(lines.count)
            }
        }

        /// The index of the first byte at or after `i` (before `end`) that is not a space.
        func skipSpaces(_ i: Int, _ end: Int) -> Int {
            var i = i
            while i < end, bytes[i] == space { i += 1 }
            return i
        }

        var position = 0
        let count = bytes.count
        while position < count {
            // One line: up to CR, LF or CRLF.
            var end = position
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let next = end < count && bytes[end] == 0x0D && end + 1 < count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
            defer { position = next }
            lineNumber += 1
            var start = position
            while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
            if start == end { continue }

            // Level: digits, then a space or the end of the line.
            var i = start
            var level = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39, level <= 1_000 {
                level = level * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            guard i > start, i == end || bytes[i] == space else {
                if !joinToPrevious(start..<end) {
                    problems.append(.notANumberedLine(line: lineNumber, text: string(start..<min(end, start + 200))))
                }
                continue
            }
            var rest = skipSpaces(i, end)
            if rest == end {
                // A bare number: no GEDCOM line, most likely a line break inside a value.
                if !joinToPrevious(start..<end) { problems.append(.missingTag(line: lineNumber)) }
                continue
            }
            if let skipping = skippedLevel {
                if level > skipping {
                    if skippedCount <= Self.listedLines { skipped[skipped.count - 1].linesUnder += 1 }
                    continue
                }
                skippedLevel = nil
            }
            if level > 99 {
                let problem = GEDCOMProblem.levelTooDeep(line: lineNumber, level: level)
                if !skip(problem, level: level) { problems.append(problem) }
                continue
            }
            guard level <= open.count else {
                let problem = GEDCOMProblem.levelJump(line: lineNumber, level: level, previous: open.count - 1)
                if !skip(problem, level: level) { problems.append(problem) }
                continue
            }
            var xref = 0..<0
            if bytes[rest] == at {
                var close = rest + 1
                while close < end, bytes[close] != at { close += 1 }
                guard close < end, close > rest + 1 else {
                    let problem = GEDCOMProblem.badCrossReference(line: lineNumber, text: string(rest..<min(end, rest + 200)))
                    if !skip(problem, level: level) { problems.append(problem) }
                    continue
                }
                guard close - rest - 1 <= Person.maximumIDBytes else {
                    let problem = GEDCOMProblem.crossReferenceTooLong(line: lineNumber, bytes: close - rest - 1)
                    if !skip(problem, level: level) { problems.append(problem) }
                    continue
                }
                xref = (rest + 1)..<close
                rest = skipSpaces(close + 1, end)
            }
            var tagEnd = rest
            while tagEnd < end, bytes[tagEnd] != space { tagEnd += 1 }
            guard tagEnd > rest else {
                if xref.isEmpty ? !joinToPrevious(start..<end) : !skip(.missingTag(line: lineNumber), level: level) {
                    problems.append(.missingTag(line: lineNumber))
                }
                continue
            }
            let tag = tags.id(UnsafeBufferPointer(rebasing: bytes[rest..<tagEnd]))
            if tags.isContinuation(tag) {
                close(downTo: level)
                guard level >= 1, open.count == level else {
                    let problem = GEDCOMProblem.continuationWithoutParent(line: lineNumber, tag: tags.names[Int(tag)])
                    if !skip(problem, level: level) { problems.append(problem) }
                    continue
                }
                append(tags.names[Int(tag)] == "CONT" ? "\n" : "", tagEnd < end ? (tagEnd + 1)..<end : end..<end, toOpen: level - 1)
                continue
            }
            close(downTo: level)
            if level == 0 {
                hasTrailer = tags.names[Int(tag)] == "TRLR"
                recordCount += 1
            }
            open.append(lines.count)
            let hasValue = tagEnd < end
            lines.append(GEDCOMTree.Line(valueStart: UInt32(hasValue ? tagEnd + 1 : 0), valueLength: UInt32(hasValue ? end - tagEnd - 1 : 0),
                                         xrefStart: UInt32(xref.lowerBound), xrefLength: UInt16(xref.count), level: UInt8(level),
                                         flags: hasValue ? GEDCOMTree.Line.hasValue : 0, tag: tag, line: UInt32(lineNumber), end: 0))
        }
        close(downTo: 0)
        let tree = GEDCOMTree(text: text, lines: lines, tags: tags.names, tagIDs: tags.ids, joinedValues: joinedValues, recordCount: recordCount)
        return Output(tree: tree, problems: problems, hasTrailer: hasTrailer, joinedLines: joinedLines, joinedLineCount: joinedLineCount,
                      lineCount: lineNumber, skipped: skipped, skippedCount: skippedCount)
    }
}

/// Every distinct tag once (upper-cased when it has lower-case ASCII letters, as
/// GEDCOM tags are read), each with a small number. Tags of up to 7 bytes, nearly all,
/// are found by their bytes packed in an integer, without making a string.
private struct TagTable {
    var names: [String] = []
    var ids: [String: UInt32] = [:]
    private var packed: [UInt64: UInt32] = [:]
    private var conc: UInt32?, cont: UInt32?

    func isContinuation(_ id: UInt32) -> Bool { id == conc || id == cont }

    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hasLowerCase = bytes.contains { $0 >= 0x61 && $0 <= 0x7A }
        if !hasLowerCase, let key = Self.key(bytes), let id = packed[key] { return id }
        var name = String(decoding: bytes, as: UTF8.self)
        if hasLowerCase { name = name.uppercased() }
        if let id = ids[name] { return id }
        let id = UInt32(names.count)
        names.append(name)
        ids[name] = id
        if let key = Array(name.utf8).withUnsafeBufferPointer(Self.key) {
            packed[key] = id
        }
        if name == "CONC" { conc = id } else if name == "CONT" { cont = id }
        return id
    }

    /// Up to 7 bytes and their count in one integer.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count <= 7 else { return nil }
        var key = UInt64(bytes.count) << 56
        for (k, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * k) }
        return key
    }
}
