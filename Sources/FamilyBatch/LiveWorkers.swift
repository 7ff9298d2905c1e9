import Foundation

/// The worker processes running now, so an interrupted batch can end them.
public final class LiveWorkers: @unchecked Sendable {  // every access holds `lock`
    public static let shared = LiveWorkers()
    private let lock = NSLock()
    private var pids = Set<pid_t>()

    func add(_ pid: pid_t) {
        lock.lock()
        pids.insert(pid)
        lock.unlock()
    }

    func remove(_ pid: pid_t) {
        lock.lock()
        pids.remove(pid)
        lock.unlock()
    }

    /// Sends `signal` to every worker.
    public func signalAll(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        for pid in pids { _ = kill(pid, signal) }
    }
}
