import Dispatch

/// Runs two independent pieces of work at once, one on the calling thread and one on
/// another (a worker of the system's pool), and returns both results.
///
/// For the big charts only: starting the second thread costs some microseconds, so a
/// caller passes `parallel: false` below its own size threshold and both run in turn on
/// the calling thread. Neither piece may share mutable state with the other.
/// When the pool has no thread to spare, `concurrentPerform` runs both in turn.
func sideBySide<A, B>(parallel: Bool = true, _ first: () -> A, _ second: () -> B) -> (A, B) {
    guard parallel else { return (first(), second()) }
    var a: A?, b: B?
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let results = Results(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { results.run($0) }
            (a, b) = (results.a, results.b)
        }
    }
    return (a!, b!)
}

/// The two pieces and their results, each written by one thread only, read after both end.
private final class Results<A, B>: @unchecked Sendable {
    let first: () -> A, second: () -> B
    var a: A?, b: B?
    init(first: @escaping () -> A, second: @escaping () -> B) { (self.first, self.second) = (first, second) }
    func run(_ k: Int) { if k == 0 { a = first() } else { b = second() } }
}

/// Lets go of `value` on the calling thread: what only it held is freed now, there (the
/// big family chart frees its passes on the second thread while the first goes on).
func letGo<T>(_ value: inout T?) { value = nil }
