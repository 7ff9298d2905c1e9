#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file this process is writing right now, so that an interrupted
/// command (SIGINT, SIGTERM) can remove them before it exits.
public final class LiveTemporaries: @unchecked Sendable {  // every access holds `lock`
    public static let shared = LiveTemporaries()

    private let lock = Lock()
    private var paths: Set<String> = []

    private init() {}

    /// Creates a temporary with `create` (which returns a descriptor, or -1) and records
    /// it, both under the lock, so an interruption either sees the file recorded or runs
    /// before it exists: never a created file it does not know of.
    func create(_ path: String, _ create: () -> Int32) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let fd = create()
        if fd >= 0 { paths.insert(path) }
        return fd
    }

    func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// The temporaries being written now, sorted.
    public var current: [String] {
        lock.lock()
        defer { lock.unlock() }
        return paths.sorted()
    }

    /// Deletes every temporary being written and forgets them; returns how many there were.
    /// Writers that go on find their file gone and fail, which is what an interrupted
    /// command wants.
    @discardableResult
    public func removeAll() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return unlinkAll()
    }

    /// Like `removeAll`, but keeps the lock: no temporary can be created afterwards. For
    /// a process about to end.
    @discardableResult
    public func removeAllForExit() -> Int {
        lock.lock()
        return unlinkAll()
    }

    private func unlinkAll() -> Int {
        for path in paths { unlink(path) }
        let count = paths.count
        paths.removeAll()
        return count
    }
}
