/// One GEDCOM structure: a line and the lines nested under it, with `CONC`/`CONT`
/// already folded into `value`.
public struct GEDCOMNode: Equatable, Sendable {
    public var level: Int
    /// The cross-reference id without the at signs (`I1` for `@I1@`), if any.
    public var xref: String?
    public var tag: String
    public var value: String?
    /// 1-based line number in the file, for messages.
    public var line: Int
    public var children: [GEDCOMNode] = []

    /// The first child with `tag`.
    public func child(_ tag: String) -> GEDCOMNode? { children.first { $0.tag == tag } }

    /// Every child with `tag`, in file order.
    public func children(_ tag: String) -> [GEDCOMNode] { children.filter { $0.tag == tag } }

    /// The value as a pointer (`@F1@` → `F1`), if it is one.
    public var pointer: String? {
        guard let bytes = value?.utf8, bytes.count > 2, bytes.first == UInt8(ascii: "@"), bytes.last == UInt8(ascii: "@") else { return nil }
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
