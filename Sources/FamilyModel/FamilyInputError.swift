/// Why an input could not be turned into a chart. `source` is the file path, or
/// `<stdin>`, so every message says which input it is about.
public enum FamilyInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(source: String, reason: String)
    case tooLarge(source: String, bytes: Int, limit: Int)
    case syntax(source: String, JSONSyntaxError)
    /// Every problem found, in input order, so the user can fix them all at once.
    case invalid(source: String, problems: [ValidationProblem])
    /// Lines of a GEDCOM file that cannot be read, in file order.
    case gedcom(source: String, problems: [GEDCOMProblem])

    /// At most this many problems are listed in a message; the rest are counted.
    public static let problemsShown = 100

    public var description: String {
        switch self {
        case .unreadable(let rawSource, let reason):
            let source = MessageText.escaped(rawSource)
            return "\(source): cannot read: \(reason)"
        case .tooLarge(let rawSource, let bytes, let limit):
            let source = MessageText.escaped(rawSource)
            return "\(source): input is \(bytes) bytes, more than the limit of \(limit) bytes"
        case .syntax(let rawSource, let error):
            let source = MessageText.escaped(rawSource)
            return "\(source):\(error.line):\(error.column): invalid JSON: \(error.message)"
        case .invalid(let rawSource, let problems):
            let source = MessageText.escaped(rawSource)
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            let shown = problems.prefix(Self.problemsShown).map { "  \(source): \($0)" }
            let more = problems.count > Self.problemsShown ? ["  … and \(problems.count - Self.problemsShown) more"] : []
            return "\(source): \(count):\n" + (shown + more).joined(separator: "\n")
        case .gedcom(let rawSource, let problems):
            let source = MessageText.escaped(rawSource)
            let shown = problems.prefix(20).map { "  \(source): \($0)" }
            let more = problems.count > 20 ? ["  … and \(problems.count - 20) more"] : []
            let count = problems.count == 1 ? "1 line" : "\(problems.count) lines"
            return "\(source): invalid GEDCOM, \(count) cannot be read:\n" + (shown + more).joined(separator: "\n")
        }
    }
}
