import Dispatch
import FamilyPainter
import Foundation

/// Draws the items of a source across `jobs` threads in one process.
///
/// Memory stays bounded whatever the number of items: workers pull items one at a time
/// from the (streamed) source, each worker owns one painter, and results are handed to
/// `onResult` as they finish (serialised: it never runs on two threads at once).
public struct BatchRunner: Sendable {
    public var jobs: Int
    public var shard: Shard
    public var defaults: ItemOptions
    public var skipExisting: Bool
    public var fonts: FontConfiguration
    /// Colours, fonts and box size of every item.
    public var theme: Theme
    /// Files no item may write over, besides its own input: (how messages name it, path),
    /// e.g. `("the manifest", "jobs.jsonl")`.
    public var protectedFiles: [(role: String, path: String)] = []

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard = .whole,
                defaults: ItemOptions = ItemOptions(), skipExisting: Bool = false, fonts: FontConfiguration = .system,
                theme: Theme = .colour) {
        self.jobs = max(1, jobs)
        self.shard = shard
        self.defaults = defaults
        self.skipExisting = skipExisting
        self.fonts = fonts
        self.theme = theme
    }

    /// Runs every item of `items` that belongs to this runner's shard. Once
    /// `stopRequested` returns true no further item is started (items under way finish).
    /// - Throws: only when a worker cannot set up its painter; failing items do not throw.
    public func run(_ items: AnyIterator<BatchItem>, stopRequested: @escaping @Sendable () -> Bool = { false },
                    onResult: @escaping @Sendable (BatchResult, BatchSummary) -> Void) throws -> BatchSummary {
        let state = SharedState(items: items, shard: shard, stopRequested: stopRequested, onResult: onResult)
        let clock = ContinuousClock()
        let start = clock.now
        let runner = self
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let renderer: ItemRenderer
            do {
                renderer = try ItemRenderer(fonts: runner.fonts, theme: runner.theme, defaults: runner.defaults,
                                            skipExisting: runner.skipExisting, protectedFiles: runner.protectedFiles)
            } catch {
                state.fail(error)
                return
            }
            while let item = state.next() {
                state.finish(renderer.render(item))
            }
        }
        if let error = state.setupError { throw error }
        var summary = state.summary
        let elapsed = clock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }
}

/// The source iterator, the running summary and the result callback, behind one lock.
private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private let items: AnyIterator<BatchItem>
    private let shard: Shard
    private let onResult: @Sendable (BatchResult, BatchSummary) -> Void
    private let stopRequested: @Sendable () -> Bool
    private(set) var summary = BatchSummary()
    private(set) var setupError: (any Error)?

    init(items: AnyIterator<BatchItem>, shard: Shard, stopRequested: @escaping @Sendable () -> Bool,
         onResult: @escaping @Sendable (BatchResult, BatchSummary) -> Void) {
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

    func finish(_ result: BatchResult) {
        lock.lock()
        defer { lock.unlock() }
        summary.add(result)
        onResult(result, summary)
    }

    func fail(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if setupError == nil { setupError = error }
    }
}
