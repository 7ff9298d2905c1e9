import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output file could not be written.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotReplace(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "\(path): cannot create output: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write output: \(reason)"
        case .cannotReplace(let path, let reason): "\(path): cannot move finished output into place: \(reason)"
        }
    }
}

/// Writes a file so that readers see either the old file or the complete new one, never
/// a partial one: everything goes to a temporary file beside the target, which is
/// flushed to disk and then renamed over it.
public struct AtomicFile {
    public let path: String

    public init(path: String) { self.path = path }

    /// A fresh temporary path in the target's directory (same file system, so rename is atomic).
    public func temporaryPath() -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// When `name` (a file name, no folder) is a temporary made by `temporaryPath()`, the
    /// id of the process that made it; nil for any other name.
    public static func writerProcess(ofTemporary name: String) -> Int32? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let rest = name[marker.upperBound...]
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return Int32(rest[..<dash])
    }

    /// Lets `produce` write a temporary file at the path it is given, then moves it into
    /// place. The temporary file is removed if `produce` throws.
    public func write<E: Error>(_ produce: (String) throws(E) -> Void) throws -> Void {
        if isDirectory(path) { throw OutputError.cannotCreate(path: path, reason: "it is a directory") }
        let temporary = temporaryPath()
        do {
            try produce(temporary)
            try commit(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `bytes` atomically.
    public func write(bytes: [UInt8]) throws(OutputError) {
        do {
            try write { (temporary: String) throws(OutputError) in
                let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw OutputError.cannotCreate(path: path, reason: errnoText()) }
                defer { close(fd) }
                var offset = 0
                while offset < bytes.count {
                    let written = bytes.withUnsafeBytes { buffer in
                        Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    }
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw OutputError.cannotWrite(path: path, reason: errnoText())
                    }
                    offset += written
                }
            }
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    private func commit(_ temporary: String) throws(OutputError) {
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError.cannotWrite(path: path, reason: "temporary file vanished: \(errnoText())") }
        let synced = fsync(fd)
        close(fd)
        guard synced == 0 else { throw OutputError.cannotWrite(path: path, reason: errnoText()) }
        guard rename(temporary, path) == 0 else { throw OutputError.cannotReplace(path: path, reason: errnoText()) }
    }

    private func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The current `errno` as text.
func errnoText() -> String { String(cString: strerror(errno)) }
