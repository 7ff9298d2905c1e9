/// A parsed GEDCOM file, stored compactly: the decoded text once, and one small fixed-size
/// entry per kept line in file order (a line's subtree is the entries up to its `end`).
/// Values, ids and tags are read from the text when asked for; only values joined from
/// several lines (`CONC`, `CONT`, stray lines) are kept as strings of their own, and
/// every distinct tag once. A file of 15.7 MB of tiny lines took 388 MB as a tree of
/// nodes with strings and child arrays; it takes about 28 bytes a line here.
public final class GEDCOMTree: Sendable {
    /// One kept line. Offsets are UTF-8 byte offsets into `text` (which is at most
    /// `maximumTextBytes` long).
    struct Line {
        /// The value's first byte, or its index in `joinedValues` when `isJoined`.
        var valueStart: UInt32
        var valueLength: UInt32
        var xrefStart: UInt32
        /// 0: no cross-reference id (an id is never empty; at most `Person.maximumIDBytes`).
        var xrefLength: UInt16
        var level: UInt8
        var flags: UInt8
        /// Index in `tags`.
        var tag: UInt32
        var line: UInt32
        /// One past the last entry of this line's subtree.
        var end: UInt32

        static let hasValue: UInt8 = 1
        static let isJoined: UInt8 = 2
    }

    /// Text longer than this is refused (offsets are 32-bit): more than `InputFile`'s
    /// default limit of 1 GiB can decode to.
    public static let maximumTextBytes = Int(UInt32.max) - 1

    let text: String
    let lines: [Line]
    let tags: [String]
    let tagIDs: [String: UInt32]
    let joinedValues: [String]
    /// The number of level-0 records.
    public let recordCount: Int

    init(text: String, lines: [Line], tags: [String], tagIDs: [String: UInt32], joinedValues: [String], recordCount: Int) {
        self.text = text
        self.lines = lines
        self.tags = tags
        self.tagIDs = tagIDs
        self.joinedValues = joinedValues
        self.recordCount = recordCount
    }

    /// The level-0 records, in file order.
    public var records: Children { Children(tree: self, start: 0, end: lines.count) }

    /// The text's bytes in `start..<start + length` as a string.
    func string(_ start: UInt32, _ length: Int) -> String {
        let start = Int(start)
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
        } ?? String(decoding: Array(text.utf8.dropFirst(start).prefix(length)), as: UTF8.self)
    }

    /// The lines directly under one line (or the records), as a collection of nodes.
    public struct Children: Collection, Sendable {
        let tree: GEDCOMTree
        public let startIndex: Int
        public let endIndex: Int

        init(tree: GEDCOMTree, start: Int, end: Int) {
            self.tree = tree
            startIndex = start
            endIndex = end
        }

        public func index(after i: Int) -> Int { Int(tree.lines[i].end) }
        public subscript(position: Int) -> GEDCOMNode { GEDCOMNode(tree: tree, index: position) }
    }
}

/// One GEDCOM structure: a line and the lines nested under it, with `CONC`/`CONT`
/// already folded into `value`. A view into its `GEDCOMTree`: cheap to copy.
public struct GEDCOMNode: Sendable {
    let tree: GEDCOMTree
    let index: Int

    private var entry: GEDCOMTree.Line { tree.lines[index] }

    public var level: Int { Int(entry.level) }

    /// The cross-reference id without the at signs (`I1` for `@I1@`), if any.
    public var xref: String? {
        let entry = entry
        return entry.xrefLength == 0 ? nil : tree.string(entry.xrefStart, Int(entry.xrefLength))
    }

    public var tag: String { tree.tags[tagIndex] }

    /// The tag's index in the tree's table of tags.
    var tagIndex: Int { Int(entry.tag) }

    public var value: String? {
        let entry = entry
        if entry.flags & GEDCOMTree.Line.isJoined != 0 { return tree.joinedValues[Int(entry.valueStart)] }
        return entry.flags & GEDCOMTree.Line.hasValue == 0 ? nil : tree.string(entry.valueStart, Int(entry.valueLength))
    }

    /// 1-based line number in the file, for messages.
    public var line: Int { Int(entry.line) }

    /// The lines directly under this one, in file order.
    public var children: GEDCOMTree.Children { GEDCOMTree.Children(tree: tree, start: index + 1, end: Int(entry.end)) }

    /// The first child with `tag`.
    public func child(_ tag: String) -> GEDCOMNode? {
        guard let id = tree.tagIDs[tag] else { return nil }
        let lines = tree.lines
        var k = index + 1
        let end = Int(lines[index].end)
        while k < end {
            if lines[k].tag == id { return GEDCOMNode(tree: tree, index: k) }
            k = Int(lines[k].end)
        }
        return nil
    }

    /// Every child with `tag`, in file order.
    public func children(_ tag: String) -> [GEDCOMNode] {
        guard let id = tree.tagIDs[tag] else { return [] }
        return children.filter { tree.lines[$0.index].tag == id }
    }

    /// How many lines anywhere under this one have `tag` (one pass over the subtree).
    public func descendantCount(_ tag: String) -> Int {
        let end = Int(entry.end)
        guard index + 1 < end, let id = tree.tagIDs[tag] else { return 0 }
        var count = 0
        for k in (index + 1)..<end where tree.lines[k].tag == id { count += 1 }
        return count
    }

    /// The value as a pointer (`@F1@` → `F1`), if it is one.
    public var pointer: String? {
        let entry = entry
        if entry.flags & GEDCOMTree.Line.isJoined != 0 { return Self.pointer(in: tree.joinedValues[Int(entry.valueStart)]) }
        guard entry.flags & GEDCOMTree.Line.hasValue != 0, entry.valueLength > 2 else { return nil }
        let start = Int(entry.valueStart), length = Int(entry.valueLength)
        let isPointer = tree.text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes[start] == UInt8(ascii: "@") && bytes[start + length - 1] == UInt8(ascii: "@")
        }
        guard let isPointer else { return value.flatMap(Self.pointer(in:)) }
        return isPointer ? tree.string(entry.valueStart + 1, length - 2) : nil
    }

    private static func pointer(in value: String) -> String? {
        let bytes = value.utf8
        guard bytes.count > 2, bytes.first == UInt8(ascii: "@"), bytes.last == UInt8(ascii: "@") else { return nil }
        return String(Substring(bytes.dropFirst().dropLast()))
    }
}

/// A GEDCOM line that cannot be read, with its line number.
public enum GEDCOMProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case notANumberedLine(line: Int, text: String)
    case levelJump(line: Int, level: Int, previous: Int)
    case levelTooDeep(line: Int, level: Int)
    case missingTag(line: Int)
    case badCrossReference(line: Int, text: String)
    /// A record's `@ID@` longer than `Person.maximumIDBytes`.
    case crossReferenceTooLong(line: Int, bytes: Int)
    case continuationWithoutParent(line: Int, tag: String)

    public var line: Int {
        switch self {
        case .notANumberedLine(let line, _), .levelJump(let line, _, _), .levelTooDeep(let line, _),
             .missingTag(let line), .badCrossReference(let line, _), .crossReferenceTooLong(let line, _),
             .continuationWithoutParent(let line, _):
            return line
        }
    }

    public var description: String {
        switch self {
        case .notANumberedLine(let line, let text):
            return "line \(line): expected a level number at the start, found \"\(text.prefix(40))\""
        case .levelJump(let line, let level, let previous):
            return "line \(line): level \(level) follows level \(previous); a line may go at most one level deeper"
        case .levelTooDeep(let line, let level):
            return "line \(line): level \(level) is deeper than GEDCOM's 99"
        case .missingTag(let line):
            return "line \(line): a tag must follow the level"
        case .badCrossReference(let line, let text):
            return "line \(line): malformed cross-reference \(text.prefix(40)) (expected @ID@)"
        case .crossReferenceTooLong(let line, let bytes):
            return "line \(line): a record id of \(bytes) bytes, longer than the limit of \(Person.maximumIDBytes) bytes"
        case .continuationWithoutParent(let line, let tag):
            return "line \(line): \(tag) continues nothing"
        }
    }
}
