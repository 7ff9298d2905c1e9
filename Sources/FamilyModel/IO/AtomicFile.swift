#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output so that readers see either the old file or the complete new one,
/// never a partial one, and so that nothing that is not a regular file is ever replaced:
/// a regular file is written to a temporary beside it, flushed, and renamed over it;
/// `-` (standard output), `/dev/stdout`, `/dev/fd/N`, character devices (`/dev/null`)
/// and FIFOs are written in place; folders, disks, sockets and symlinks are refused
/// (unless `followsSymlinks`). See `PendingOutput`.
public struct AtomicFile {
    public let path: String
    /// Whether a FIFO nobody reads yet is waited for (true) or refused (batches).
    public var waitsForReader = true
    /// Whether a symlink at `path` is written through (the file it points to replaced);
    /// by default it is refused: only a user who names the link means it.
    public var followsSymlinks = false
    /// Whether the file and its folder are flushed to disk before `write` returns. A
    /// caller that turns this off makes the file durable itself before it says the
    /// file is done (a batch: one `syncfs` for a group of items, `DurableGroup`).
    public var syncs = true

    public init(path: String) { self.path = path }

    /// Lets `produce` write the output, then moves it into place. Nothing is left behind
    /// when `produce` throws; a write error reported by the output wins over whatever
    /// `produce` made of it.
    public func write<E: Error>(_ produce: (PendingOutput) throws(E) -> Void) throws {
        let output = try PendingOutput(path: path, waitForReader: waitsForReader, followsSymlinks: followsSymlinks)
        output.syncs = syncs
        do {
            try produce(output)
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
    }

    /// Writes `bytes`.
    public func write(bytes: [UInt8]) throws(OutputError) {
        let output = try PendingOutput(path: path, waitForReader: waitsForReader, followsSymlinks: followsSymlinks)
        output.syncs = syncs
        try output.write(bytes)
        try output.commit()
    }
}

/// The current `errno` as text.
func errnoText() -> String { String(cString: strerror(errno)) }
