import Dispatch
import FamilyPainter
import FamilyModel
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws the items of a source across `jobs` workers: threads of this process, or, with
/// `isolation`, child processes under a watchdog (a hung or crashing item then costs that
/// item, not the run).
///
/// Memory stays bounded whatever the number of items: workers pull items one at a time
/// from the (streamed) source, each worker owns one painter, and results are handed to
/// `onResult` as they finish (serialised: it never runs on two threads at once).
public struct BatchRunner: Sendable {
    public var jobs: Int
    public var shard: Shard
    /// How items are read and drawn.
    public var settings: ItemSettings
    /// Run items in worker processes (see `WorkerIsolation`); nil: in this process.
    public var isolation: WorkerIsolation?

    public var defaults: ItemOptions {
        get { settings.defaults }
        set { settings.defaults = newValue }
    }

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard = .whole,
                defaults: ItemOptions = ItemOptions(), skipExisting: Bool = false, fonts: FontConfiguration = .system,
                theme: Theme = .colour) {
        self.jobs = max(1, jobs)
        self.shard = shard
        settings = ItemSettings()
        settings.defaults = defaults
        settings.skipExisting = skipExisting
        settings.fonts = fonts
        settings.theme = theme
    }

    /// Runs every item of `items` that belongs to this runner's shard. Once
    /// `stopRequested` returns true no further item is started (items under way finish).
    /// - Throws: only when a worker cannot be set up; failing items do not throw.
    public func run(_ items: AnyIterator<BatchItem>, stopRequested: @escaping @Sendable () -> Bool = { false },
                    onResult: @escaping @Sendable (BatchResult, BatchSummary) -> Void) throws -> BatchSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let state = SharedState(items: items, shard: shard, stopRequested: stopRequested, onResult: onResult, started: start,
                                groupsSyncs: settings.groupsSyncs)
        let runner = self
        if isolation != nil { signal(SIGPIPE, SIG_IGN) }  // a dead worker's pipe is an error, not our death
        // One thread per job (not `concurrentPerform`, which runs no more at once than there
        // are cores: `--jobs 8` on 2 cores ran 2 workers). Each thread outlives the worker
        // processes it starts, which die with it (`WorkerLoop`'s parent-death signal).
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            startThread(stackSize: 8 << 20) {
                if let isolation = runner.isolation {
                    runner.runInProcesses(isolation, state: state)
                } else {
                    runner.runInThisProcess(state: state)
                }
                group.leave()
            }
        }
        group.wait()
        state.reportUnsynced()
        if let error = state.setupError { throw error }
        var summary = state.summary
        let elapsed = clock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    private func runInThisProcess(state: SharedState) {
        let renderer: ItemRenderer
        do {
            renderer = try ItemRenderer(settings: settings)
        } catch {
            state.fail(error)
            return
        }
        while let item = state.next() {
            state.finish(renderer.render(item))
        }
    }

    /// One worker process at a time for this slot, replaced whenever one dies or is killed.
    private func runInProcesses(_ isolation: WorkerIsolation, state: SharedState) {
        var worker: WorkerProcess?
        defer { worker?.stop() }
        while let item = state.next() {
            if let problem = item.problem {
                state.finish(BatchResult(item: item, status: .failed, message: problem))
                continue
            }
            if worker == nil {
                do { worker = try WorkerProcess.start(isolation) } catch {
                    state.fail(error)
                    return
                }
            }
            let (result, alive) = worker!.render(item, timeout: isolation.itemTimeout)
            if !alive { worker = nil }
            state.finish(result)
        }
    }
}

/// The source iterator, the running summary and the result callback, behind one lock;
/// finished items wait in `unsynced` until their group is made durable.
private final class SharedState: @unchecked Sendable {
    private let lock = Lock()
    /// Held while a group is flushed and reported, so that groups are reported one at a
    /// time (never inside `lock`: workers take their next item meanwhile).
    private let flushLock = Lock()
    private let groupsSyncs: Bool
    private var unsynced: [BatchResult] = []
    private var oldestUnsynced: ContinuousClock.Instant?
    private let items: AnyIterator<BatchItem>
    private let shard: Shard
    private let onResult: @Sendable (BatchResult, BatchSummary) -> Void
    private let stopRequested: @Sendable () -> Bool
    private(set) var summary = BatchSummary()
    private(set) var setupError: (any Error)?
    private let started: ContinuousClock.Instant

    init(items: AnyIterator<BatchItem>, shard: Shard, stopRequested: @escaping @Sendable () -> Bool,
         onResult: @escaping @Sendable (BatchResult, BatchSummary) -> Void, started: ContinuousClock.Instant, groupsSyncs: Bool) {
        self.started = started
        self.groupsSyncs = groupsSyncs
        self.items = items
        self.shard = shard
        self.stopRequested = stopRequested
        self.onResult = onResult
    }

    func next() -> BatchItem? {
        lock.lock()
        defer { lock.unlock() }
        if setupError != nil || stopRequested() { return nil }
        while let item = items.next() {
            if shard.contains(item.index) { return item }
        }
        return nil
    }

    /// Reports `result`, or, when outputs are synced in groups, keeps it until its group
    /// is full or has waited long enough, then flushes and reports the group.
    func finish(_ result: BatchResult) {
        guard groupsSyncs else { return report([result]) }
        lock.lock()
        unsynced.append(result)
        let now = ContinuousClock.now
        if oldestUnsynced == nil { oldestUnsynced = now }
        var group: [BatchResult] = []
        if unsynced.count >= DurableGroup.largestGroup || now - oldestUnsynced! >= DurableGroup.longestWait {
            swap(&group, &unsynced)
            oldestUnsynced = nil
        }
        lock.unlock()
        if !group.isEmpty { flushAndReport(group) }
    }

    /// Flushes and reports whatever still waits (the workers are done).
    func reportUnsynced() {
        lock.lock()
        var group: [BatchResult] = []
        swap(&group, &unsynced)
        oldestUnsynced = nil
        lock.unlock()
        if !group.isEmpty { flushAndReport(group) }
    }

    private func flushAndReport(_ group: [BatchResult]) {
        flushLock.lock()
        defer { flushLock.unlock() }
        report(DurableGroup.flush(group))
    }

    private func report(_ results: [BatchResult]) {
        lock.lock()
        defer { lock.unlock() }
        for result in results { reportLocked(result) }
    }

    private func reportLocked(_ result: BatchResult) {
        summary.add(result)
        // The running total's time too: an interrupted batch reports it (it said 0.0).
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        onResult(result, summary)
    }

    func fail(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if setupError == nil { setupError = error }
    }
}
