import Dispatch
import Foundation
import Testing
import TestSupport
@testable import FamilyLayout
@testable import FamilyModel

/// The big family chart does independent work on two threads (`sideBySide`): its persons'
/// own boxes while it is laid out, the boxes' branches while parts are routed, the
/// crossings the ordering left uncounted and the lines' families while the chart is
/// finished, the second half of its bars and lines, and the freeing of its passes.
/// Whatever the threads, the scene and the statistics are the ones made on one thread.
@Suite struct SideBySideTests {
    @Test func bothPiecesRunAndReturnTheirResults() {
        for parallel in [false, true] {
            let (a, b) = sideBySide(parallel: parallel, { (1...1000).reduce(0, +) }, { String(repeating: "x", count: 3) })
            #expect(a == 500_500 && b == "xxx")
        }
    }

    /// Calls inside either piece, and calls from many threads at once (the pool busy, so
    /// that callers often run the second piece themselves): every result comes back once,
    /// to its own caller.
    @Test func nestedAndConcurrentCallsReturnTheirOwnResults() {
        let threads = 8, rounds = 200
        let results = Slots(count: threads * rounds)
        defer { results.free() }
        let done = DispatchGroup()
        for t in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                for r in 0..<rounds { results.values[t * rounds + r] = Self.nested(t * rounds + r) }
                done.leave()
            }
        }
        done.wait()
        for k in 0..<threads * rounds {
            #expect(results.values[k] == [Self.sum(0...k), k, 2 * k, k * k, Self.sum(k...(k + 100))], "call \(k)")
        }
    }

    private static func sum(_ range: ClosedRange<Int>) -> Int { range.reduce(0, +) }

    /// Four pieces in two nested calls: `[sum(0...k), k, 2k, k², sum(k...k+100)]`.
    private static func nested(_ k: Int) -> [Int] {
        let (left, right) = sideBySide({ sideBySide({ sum(0...k) }, { [k, 2 * k] }) }, { sideBySide({ k * k }, { sum(k...(k + 100)) }) })
        return [left.0] + left.1 + [right.0, right.1]
    }

    /// One result per call, each written by one thread only and read after all have ended.
    private final class Slots: @unchecked Sendable {
        let values: UnsafeMutableBufferPointer<[Int]>
        init(count: Int) {
            values = .allocate(capacity: count)
            values.initialize(repeating: [])
        }
        func free() {
            _ = values.deinitialize()
            values.deallocate()
        }
    }

    /// Families with and without cross links (`SyntheticFamily` marries within the family,
    /// `RandomFamilyGraph` adopts and remarries too), default, compact, turned off the
    /// width limit: the same scene and figures on one thread and on two. (In a debug
    /// build every family chart also asserts that the lines' families, foretold from the
    /// units on the other thread, are those `LineFamilies(of:)` finds in the scene.)
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func twoThreadsDrawWhatOneDraws(seed: UInt64) throws {
        let graphs = [
            RandomFamilyGraph(persons: 150 + 40 * Int(seed), seed: seed).make(),
            try FamilyImport(bytes: Array(GEDCOMWriter().write(SyntheticFamily(persons: 300, seed: seed).generate()).utf8),
                             source: "synthetic-\(seed).ged").graph,
        ]
        for (k, graph) in graphs.enumerated() {
            for variant in 0..<3 {
                var chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 1)
                if variant == 1 { chart.compact = true }
                if variant == 2 { chart.profile = .exact }
                var serial = chart, parallel = chart
                serial.sideBySideFrom = .max
                parallel.sideBySideFrom = 0
                let (one, oneFigures) = serial.scene(for: graph)
                let (two, twoFigures) = parallel.scene(for: graph)
                #expect(one == two, "seed \(seed), graph \(k), variant \(variant)")
                #expect(oneFigures == twoFigures, "seed \(seed), graph \(k), variant \(variant)")
            }
        }
    }

    /// A first pass with no cross link has no order to choose (`FamilyOrdering.order`): it
    /// leaves the crossings uncounted, and what the pass reports is their count.
    @Test func aFamilyWithoutCrossLinksIsPlacedOnceAndCountedOnDemand() throws {
        let graph = try FamilyImport(bytes: Array(GEDCOMWriter().write(SyntheticFamily(persons: 200, seed: 7).generateChain()).utf8),
                                     source: "chain.ged").graph
        let chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 1)
        let pass = chart.layOut(graph, rows: FamilyRows(graph: graph), referenced: [])
        try #require(pass.forest.crossLinks.isEmpty, "the chain has no cross link")
        #expect(pass.countedCrossings == nil)
        #expect(pass.crossings == FamilyCrossings.count(units: pass.units, placement: pass.placement, order: pass.order, boxX: pass.boxX))
        #expect(pass.crossings == 0)
    }

    @Test func crossingsOfASliceCountOnlyItsLines() {
        let lines: [(top: Double, bottom: Double)] = [(0, 30), (10, 20), (20, 10), (30, 40), (40, 50)]
        #expect(FamilyCrossings.inversions(lines[0..<3]) == 3)
        #expect(FamilyCrossings.inversions(lines[1..<3]) == 1)
        #expect(FamilyCrossings.inversions(lines[3..<5]) == 0)
        #expect(FamilyCrossings.inversions(lines[2..<5]) == 0)
    }
}
