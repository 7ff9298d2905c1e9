@testable import FamilyLayout
import FamilyModel

extension ConnectorRouting.Run {
    /// `count` runs of one gap for the routing tests, drawn from `random`: each from a top
    /// in 0..<`width` down to 1...`maxDrops` children, each drawn from `left` left of the
    /// top to `spread - left` right of it, sorted.
    static func random(_ count: Int, _ random: inout SplitMix64, width: UInt64, maxDrops: UInt64, spread: UInt64,
                       left: Double) -> [Self] {
        (0..<count).map { _ in
            let top = Double(random.below(width))
            let drops = (0..<(1 + Int(random.below(maxDrops)))).map { _ in top + Double(random.below(spread)) - left }.sorted()
            return Self(top: top, drops: drops)
        }
    }
}
