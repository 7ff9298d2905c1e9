import FamilyModel

/// Why a batch could not start (problems with single items are reported per item).
public enum BatchError: Error, Equatable, Sendable, CustomStringConvertible {
    case badShard(String)
    case unreadableSource(path: String, reason: String)
    case cannotWriteReport(path: String, reason: String)
    case cannotStartWorker(reason: String)

    public var description: String {
        switch self {
        case .badShard(let message): return message
        case .unreadableSource(let path, let reason): return "\(MessageText.escaped(path)): cannot read: \(reason)"
        case .cannotWriteReport(let path, let reason): return "\(MessageText.escaped(path)): cannot write the report: \(reason)"
        case .cannotStartWorker(let reason): return "cannot start a worker process: \(reason)"
        }
    }
}
