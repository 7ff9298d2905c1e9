import Dispatch
import FamilyModel
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker processes running now, so an interrupted batch can end them.
public final class LiveWorkers: @unchecked Sendable {  // every access holds `lock`
    public static let shared = LiveWorkers()
    private let lock = Lock()
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

    /// Sends SIGTERM to every worker and waits (at most `seconds`) until each has ended, so
    /// each removes its own temporary before the batch ends (its workers then get the
    /// parent-death SIGKILL, which would leave the temporary behind).
    public func endAll(waiting seconds: Double) {
        signalAll(SIGTERM)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            lock.lock()
            let live = pids
            lock.unlock()
            if live.allSatisfy(Self.hasEnded) { return }
            usleep(5_000)
        }
    }

    /// Whether `pid` has exited (a zombie not yet reaped, or gone), from /proc.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state == "Z" || state == "X"
    }

    /// Sends `signal` to every worker.
    public func signalAll(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        for pid in pids { _ = kill(pid, signal) }
    }
}
