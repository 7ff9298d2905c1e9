import Foundation

/// How a cost grows with its input, for tests that guard against super-linear steps
/// without timing anything absolutely: the time of a large input over a small one, the
/// best of three interleaved runs of each (so a busy machine slows both alike).
///
/// Times are the calling thread's CPU time, not the wall clock: with the suites running
/// in parallel, a thread waiting for a core counted as work (a limit of 9 was crossed at
/// 9.4 with three test targets running, and held when the test ran alone). The work
/// measured must run on the calling thread.
public enum CostGrowth {
    public static func ratio(_ small: () throws -> Void, _ large: () throws -> Void) rethrows -> Double {
        var a = Double.infinity, b = Double.infinity
        for _ in 0..<3 {
            a = min(a, try seconds(small))
            b = min(b, try seconds(large))
        }
        return b / max(a, 1e-4)
    }

    /// Seconds of the calling thread's CPU time `work` took.
    public static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = threadTime()
        try work()
        return threadTime() - start
    }

    private static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
