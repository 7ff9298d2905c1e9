import Foundation

/// How a cost grows with its input, for tests that guard against super-linear steps
/// without timing anything absolutely: the time of a large input over a small one, the
/// best of three interleaved runs of each (so a busy machine slows both alike).
public enum CostGrowth {
    public static func ratio(_ small: () throws -> Void, _ large: () throws -> Void) rethrows -> Double {
        var a = Double.infinity, b = Double.infinity
        for _ in 0..<3 {
            a = min(a, try seconds(small))
            b = min(b, try seconds(large))
        }
        return b / max(a, 1e-4)
    }

    /// Wall-clock seconds `work` took.
    public static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try work()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
