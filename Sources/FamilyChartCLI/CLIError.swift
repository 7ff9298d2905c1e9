import FamilyBatch
import FamilyModel
import FamilyPainter

/// Every way a command can fail, each with the exit status it maps to.
enum CLIError: Error, CustomStringConvertible {
    /// Wrong arguments: exit status 2, with a pointer to `--help`.
    case usage(command: String?, message: String)
    /// The input could not be read or is not a valid family: exit status 1.
    case input(FamilyInputError)
    case output(OutputError)
    case painting(PainterError)
    case theme(ThemeError)
    case batch(BatchError)
    /// Some batch items failed (each was reported as it happened).
    case batchFailed(Int)
    case other(String)

    var exitStatus: Int32 {
        if case .usage = self { return 2 }
        return 1
    }

    var description: String {
        switch self {
        case .usage(let command, let message):
            let help = command.map { "familychart \($0) --help" } ?? "familychart --help"
            return "error: \(message)\n(see '\(help)')"
        case .input(let error): return "error: \(error)"
        case .output(let error): return "error: \(error)"
        case .painting(let error): return "error: \(error)"
        case .theme(let error): return "error: \(error)"
        case .batch(let error): return "error: \(error)"
        case .batchFailed(let count): return "error: \(count) item\(count == 1 ? "" : "s") failed"
        case .other(let message): return "error: \(message)"
        }
    }

    /// Wraps whatever a library call threw.
    init(_ error: any Error) {
        switch error {
        case let error as CLIError: self = error
        case let error as FamilyInputError: self = .input(error)
        case let error as OutputError: self = .output(error)
        case let error as PainterError: self = .painting(error)
        case let error as ThemeError: self = .theme(error)
        case let error as BatchError: self = .batch(error)
        default: self = .other("\(error)")
        }
    }
}
