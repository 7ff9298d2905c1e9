import Dispatch
import Glibc
import Synchronization

/// Runs two independent pieces of work at once, one on the calling thread and one on
/// another (a worker of the system's pool), and returns both results.
///
/// For the big charts only: starting the second thread costs some microseconds, so a
/// caller passes `parallel: false` below its own size threshold and both run in turn on
/// the calling thread. Neither piece may share mutable state with the other.
///
/// The second piece is offered to the pool; when the first is done and no worker has
/// taken the second yet, the calling thread runs it itself (so a call never waits for a
/// thread). Calls nest: one made inside either piece uses a worker that has come free
/// (with `DispatchQueue.concurrentPerform`, a nested call always ran both in turn). At
/// most `OfferedWork.limit` second pieces wait or run at once in the process (one fewer
/// than the cores); a call beyond that runs both in turn, so that the pool does not start
/// a thread more for it (each new thread had a heap of its own: at a million persons the
/// peak rose by 90 MB).
func sideBySide<A, B>(parallel: Bool = true, _ first: () -> A, _ second: () -> B) -> (A, B) {
    guard parallel, OfferedWork<B>.reserve() else { return (first(), second()) }
    return withoutActuallyEscaping(second) { second in
        let offered = OfferedWork(second)
        DispatchQueue.global().async { offered.runIfUntaken() }
        let a = first()
        return (a, offered.result())
    }
}

/// How many second pieces are offered and not yet done, in the whole process.
private let offeredPieces = Atomic<Int>(0)
/// `OfferedWork.limit`, found once.
private let offerLimit = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)) - 1)

/// The second piece of `sideBySide`, taken by exactly one thread: a worker of the pool,
/// or the caller when it gets there first. Whoever takes it lets go of the closure once it
/// has run, so that nothing holds it after `sideBySide` returns (the pool's block may run
/// later, and then finds it taken).
private final class OfferedWork<B>: @unchecked Sendable {
    private let taken = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Read and cleared only by the thread that took the work.
    private var work: (() -> B)?
    /// Written by a worker before `finished` is signalled, taken after the wait.
    private var value: B?

    init(_ work: @escaping () -> B) { self.work = work }

    /// Second pieces offered at once at most: one fewer than the cores, at least one.
    static var limit: Int { offerLimit }

    /// Counts one more piece offered, unless `limit` are already.
    static func reserve() -> Bool {
        var current = offeredPieces.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, found) = offeredPieces.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
        return false
    }

    /// Counts an offered piece done (a nested call may offer its own piece from then on).
    private static func release() { offeredPieces.subtract(1, ordering: .acquiringAndReleasing) }

    /// Whether this thread is the one that takes the work.
    private func take() -> Bool {
        taken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// On a worker: runs the work unless the caller has taken it.
    func runIfUntaken() {
        guard take() else { return }
        value = work!()
        work = nil
        Self.release()
        finished.signal()
    }

    /// On the caller, after its own piece: the work's result, run here if no worker took
    /// it, else waited for.
    func result() -> B {
        if take() {
            let result = work!()
            work = nil
            Self.release()
            return result
        }
        finished.wait()
        return value.take()!  // moved out: a copy left here would share the result's storage
    }
}

/// Lets go of `value` on the calling thread: what only it held is freed now, there (the
/// big family chart frees its passes on the second thread while the first goes on).
func letGo<T>(_ value: inout T?) { value = nil }
