/// Why an output file could not be written.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotReplace(path: String, reason: String)
    /// The target is something an output must never replace or write into (a folder, a
    /// disk, a socket, an input of the same command...); nothing was written.
    case refused(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "\(MessageText.escaped(path)): cannot create output: \(reason)"
        case .cannotWrite(let path, let reason): "\(MessageText.escaped(path)): cannot write output: \(reason)"
        case .cannotReplace(let path, let reason): "\(MessageText.escaped(path)): cannot move finished output into place: \(reason)"
        case .refused(let path, let reason): "\(MessageText.escaped(path)): refusing to write output: \(reason)"
        }
    }
}
