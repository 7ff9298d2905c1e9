@testable import FamilyLayout
import FamilyModel
import Testing

/// `--compact`'s runs that step between tracks: a staircase of runs that each overlap the
/// next takes two tracks instead of one per run; over random gaps, pieces of different
/// runs that overlap never share a track, no gap needs more tracks than with whole runs,
/// and the lines cross exactly as often as with whole runs.
@Suite struct SteppedRunsTests {
    /// A gap's runs drawn as lines: each piece of each run at its track, each run's top
    /// coming down from above to the pieces either side of it, each drop going on down.
    private struct Drawn {
        var horizontals: [(run: Int, low: Double, high: Double, level: Int)] = []
        var verticals: [(run: Int, x: Double, from: Int, to: Int)] = []  // levels; -1 above every track, Int.max below

        init(runs: [ConnectorRouting.Run], shapes: [SteppedRuns.Shape]) {
            for (r, shape) in shapes.enumerated() where !shape.xs.isEmpty {
                for k in shape.tracks.indices { horizontals.append((r, shape.xs[k], shape.xs[k + 1], shape.tracks[k])) }
                // The levels the run stands at, at each of its points: its pieces either side.
                func levels(at x: Double) -> [Int] {
                    shape.tracks.indices.filter { shape.xs[$0] - 1e-9 <= x && x <= shape.xs[$0 + 1] + 1e-9 }.map { shape.tracks[$0] }
                }
                let top = levels(at: runs[r].top)
                verticals.append((r, runs[r].top, -1, top.max()!))
                for drop in runs[r].drops {
                    verticals.append((r, drop, levels(at: drop).min()!, Int.max))
                }
                // Steps between the run's own points.
                for k in 1..<shape.tracks.count where shape.tracks[k] != shape.tracks[k - 1] {
                    verticals.append((r, shape.xs[k], min(shape.tracks[k], shape.tracks[k - 1]), max(shape.tracks[k], shape.tracks[k - 1])))
                }
            }
        }

        /// Pairs of a vertical and another run's horizontal that cross (strictly inside both).
        var crossings: Int { crossingPairs.count }
        var crossingPairs: [String] {
            var found: [String] = []
            for v in verticals {
                for h in horizontals where h.run != v.run && h.low < v.x - 1e-9 && v.x + 1e-9 < h.high && v.from < h.level && h.level < v.to {
                    found.append("v\(v.run)@\(v.x) h\(h.run)")
                }
            }
            return found
        }
    }

    @Test func aStaircaseOfRunsTakesTwoTracks() {
        // Each family's parents stand left of their only child, and the next family's
        // parents stand under this one's line: crossing nothing, whole runs need one track
        // per family.
        let runs = (0..<8).map { k in ConnectorRouting.Run(top: Double(k) * 300, drops: [Double(k) * 300 + 400]) }
        let (track, count) = ConnectorRouting.tracks(for: runs)
        #expect(count == 8)
        let (shapes, stepped) = SteppedRuns.shapes(for: runs, track: track, count: count)
        #expect(stepped == 2)
        #expect(Drawn(runs: runs, shapes: shapes).crossings == 0)
        // Each run in the middle steps once, halfway between where the runs either side end and begin.
        let steps = shapes[3].tracks.indices.dropFirst().filter { shapes[3].tracks[$0] != shapes[3].tracks[$0 - 1] }
        #expect(steps.count == 1)
        // Run 2 ends at 1,000 and run 4 begins at 1,200; the clearance is 6 pt.
        let expected: Double = (1_006 + 1_194) / 2
        #expect(steps.map { shapes[3].xs[$0] } == [expected])
    }

    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func steppedRunsKeepApartAndCrossAsOftenAsWholeRuns(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let runs = ConnectorRouting.Run.random(3 + Int(random.below(40)), &random, width: 3_000, maxDrops: 4, spread: 900, left: 300)
        let (track, count) = ConnectorRouting.tracks(for: runs)
        let (shapes, stepped) = SteppedRuns.shapes(for: runs, track: track, count: count)
        #expect(stepped <= count)
        var pieces: [(run: Int, low: Double, high: Double, level: Int)] = []
        for (r, shape) in shapes.enumerated() {
            #expect(shape.xs.isEmpty == !runs[r].needsTrack)
            guard !shape.xs.isEmpty else { continue }
            #expect(shape.tracks.count == shape.xs.count - 1)
            #expect(shape.tracks.allSatisfy { $0 >= 0 && $0 < stepped })
            #expect(shape.xs.first == runs[r].low && shape.xs.last == runs[r].high)
            for k in shape.tracks.indices { pieces.append((r, shape.xs[k], shape.xs[k + 1], shape.tracks[k])) }
        }
        for i in pieces.indices {
            for j in pieces.indices where j > i && pieces[i].run != pieces[j].run
                && pieces[i].low <= pieces[j].high + ConnectorRouting.clearance && pieces[j].low <= pieces[i].high + ConnectorRouting.clearance {
                #expect(pieces[i].level != pieces[j].level, "runs \(pieces[i].run) and \(pieces[j].run) share track \(pieces[i].level)")
            }
        }
        let a = Drawn(runs: runs, shapes: shapes).crossingPairs, b = Drawn(runs: runs, shapes: SteppedRuns.wholeShapes(runs, track: track)).crossingPairs
        #expect(a.count == b.count, "crossings only with steps: \(Set(a).subtracting(b)), only with whole runs: \(Set(b).subtracting(a))")
    }

    @Test func aLineFollowsItsRunsStepsFromItsTopToItsDrop() {
        let shape = SteppedRuns.Shape(xs: [0, 50, 100, 150], tracks: [0, 1, 1])
        let y = { (track: Int) in 10 + Double(track) * 6 }
        #expect(shape.path(from: 0, to: 150, y: y) == [Point(0, 10), Point(50, 10), Point(50, 16), Point(150, 16)])
        #expect(shape.path(from: 150, to: 0, y: y) == [Point(150, 16), Point(50, 16), Point(50, 10), Point(0, 10)])
        #expect(shape.path(from: 100, to: 150, y: y) == [Point(100, 16), Point(150, 16)])
        #expect(shape.path(from: 100, to: 100, y: y).isEmpty)
    }
}
