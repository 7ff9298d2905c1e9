@testable import FamilyLayout
import FamilyModel
import Testing

/// Tracks for the horizontal runs between two rows: overlapping runs never share one,
/// whatever cycles the crossing preferences make, and the cheaper order wins.
@Suite struct ConnectorRoutingTests {
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func overlappingRunsNeverShareATrack(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let runs = ConnectorRouting.Run.random(5 + Int(random.below(60)), &random, width: 2_000, maxDrops: 5, spread: 800, left: 400)
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

    @Test func runsThatCrossNothingEitherWayAlternateBetweenTwoTracks() {
        // Each run ends 4 pt before the next begins (closer than the clearance), and no
        // drop or top lies inside another's span: either order crosses nothing, so a row
        // of them needs two tracks, not a staircase of one per run.
        let runs = (0..<6).map { k in
            ConnectorRouting.Run(top: Double(k) * 104, drops: [Double(k) * 104, Double(k) * 104 + 100])
        }
        let (track, count) = ConnectorRouting.tracks(for: runs)
        #expect(count == 2)
        for k in 1..<runs.count { #expect(track[k] != track[k - 1]) }
    }

    @Test func aCheaperOrderStillWinsOverTheFewestTracks() {
        // B above A crosses nothing (A above B: two crossings), A above C one (C above A:
        // two), so the three take three tracks although B and C do not overlap.
        let a = ConnectorRouting.Run(top: 280, drops: [90, 280])
        let b = ConnectorRouting.Run(top: 100, drops: [0, 50])
        let c = ConnectorRouting.Run(top: 500, drops: [270, 500])
        let (track, count) = ConnectorRouting.tracks(for: [a, b, c])
        #expect(count == 3)
        #expect(track[1] < track[0] && track[0] < track[2])
    }
}
