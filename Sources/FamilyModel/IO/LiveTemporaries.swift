import Foundation

/// Every temporary file this process is writing right now, so that an interrupted
/// command (SIGINT, SIGTERM) can remove them before it exits.
public final class LiveTemporaries: @unchecked Sendable {  // every access holds `lock`
    public static let shared = LiveTemporaries()

    private let lock = NSLock()
    private var paths: Set<String> = []

    private init() {}

    func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
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
        for path in paths { unlink(path) }
        let count = paths.count
        paths.removeAll()
        return count
    }
}
