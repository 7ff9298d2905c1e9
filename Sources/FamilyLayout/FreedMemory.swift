import Glibc

/// Gives back to the system the memory pages that freed objects leave inside the C heap.
///
/// Freeing a big family chart's passes (hundreds of thousands of small lists at a million
/// persons) returns their memory to the heap, not to the system: the process keeps those
/// pages, and the lines' index that `HangNudging` builds next comes on top of them (at a
/// million persons the peak rose by 40–60 MB when the chart's second thread took more of
/// the work). glibc's `malloc_trim` hands the free pages back.
enum FreedMemory {
    /// `malloc_trim`, looked up once; nil with a C library that has none (nothing is done then).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Hands the heap's free pages back to the system (a few milliseconds for a big heap).
    static func returnToSystem() { _ = trim?(0) }
}
