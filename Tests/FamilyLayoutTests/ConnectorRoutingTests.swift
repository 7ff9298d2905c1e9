@testable import FamilyLayout
import FamilyModel
import Testing

/// Tracks for the horizontal runs between two rows: overlapping runs never share one,
/// whatever cycles the crossing preferences make, and the cheaper order wins.
@Suite struct ConnectorRoutingTests {
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func overlappingRunsNeverShareATrack(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var runs: [ConnectorRouting.Run] = []
        for _ in 0..<(5 + Int(random.below(60))) {
            let top = Double(random.below(2_000))
            let drops = (0..<(1 + Int(random.below(5)))).map { _ in top + Double(random.below(800)) - 400 }.sorted()
            runs.append(ConnectorRouting.Run(top: top, drops: drops))
        }
        let (track, count) = ConnectorRouting.tracks(for: runs)
        for i in runs.indices where runs[i].needsTrack {
            #expect(track[i] < count)
            for j in runs.indices where j > i && runs[j].needsTrack
                && runs[i].low <= runs[j].high + ConnectorRouting.clearance && runs[j].low <= runs[i].high + ConnectorRouting.clearance {
                #expect(track[i] != track[j], "runs \(i) and \(j) overlap on track \(track[i])")
            }
        }
    }

    @Test func aRunWhoseParentsStandOverAnothersChildrenGoesHigher() {
        // B comes down inside A's span, and A's children are left of B's: B above A crosses nothing.
        let a = ConnectorRouting.Run(top: 0, drops: [-100, 300])
        let b = ConnectorRouting.Run(top: 200, drops: [500])
        let (track, count) = ConnectorRouting.tracks(for: [a, b])
        #expect(count == 2 && track[1] < track[0])
    }
}
