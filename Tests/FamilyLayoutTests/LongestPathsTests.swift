@testable import FamilyLayout
import Testing

/// `LongestPaths` (the leftmost and rightmost placements of `SpanCompaction`): exact
/// where the paths settle, and bounded work where they settle only slowly.
@Suite struct LongestPathsTests {
    typealias Edge = (from: Int, to: Int, weight: Double)

    /// A chain 0 → 1 → … → k−1 (weight 1 each), every chain block also raising a hub k
    /// (block i by i), the hub pointing at `sinks` blocks it never raises. Visited chain
    /// last to first, the chain settles one block per round and the hub is taken again
    /// in every round, looking at all its edges each time: k × sinks / 2 looks for
    /// 3k + 2 · sinks blocks and edges.
    static func hubGraph(chain k: Int, sinks m: Int, chainFirst: Bool)
        -> (start: [Double], edges: [Edge], next: [[Int]], order: [Int]) {
        let n = k + 1 + m
        var edges: [Edge] = [], next = [[Int]](repeating: [], count: n)
        func add(_ from: Int, _ to: Int, _ weight: Double) {
            next[from].append(edges.count)
            edges.append((from, to, weight))
        }
        for i in 0..<(k - 1) { add(i, i + 1, 1) }
        for i in 0..<k { add(i, k, Double(i)) }
        for s in 0..<m { add(k, k + 1 + s, -1e9) }
        var start = [Double](repeating: -1e18, count: n)
        start[0] = 0
        for s in 0..<m { start[k + 1 + s] = 0 }
        let chain = chainFirst ? Array(0..<k) : Array((0..<k).reversed())
        return (start, edges, next, chain + [k] + Array((k + 1)..<n))
    }

    @Test func pathsThatSettleAreExact() throws {
        let graph = Self.hubGraph(chain: 300, sinks: 300, chainFirst: true)
        let value = try #require(LongestPaths.find(start: graph.start, edges: graph.edges, next: graph.next, forward: true, order: graph.order))
        #expect((0..<300).allSatisfy { value[$0] == Double($0) })  // along the chain
        #expect(value[300] == 2 * 299)  // the hub: block 299 at 299, plus 299
        #expect(value[301...].allSatisfy { $0 == 0 })  // sinks never raised
    }

    /// The bound counts every edge looked at: the hub's edges looked at in every round
    /// (k × sinks / 2 = 8 million here) exceed it, and the search gives up after about
    /// 64 × (blocks + edges) = 1.3 million looks. Bounding only the values that moved
    /// (8,000 here) let such parts of random intermarried families take seconds.
    @Test func workIsBoundedByTheEdgesLookedAt() {
        let graph = Self.hubGraph(chain: 4_000, sinks: 4_000, chainFirst: false)
        #expect(LongestPaths.find(start: graph.start, edges: graph.edges, next: graph.next, forward: true, order: graph.order) == nil)
        // The same graph visited chain first settles in one round.
        let easy = Self.hubGraph(chain: 4_000, sinks: 4_000, chainFirst: true)
        #expect(LongestPaths.find(start: easy.start, edges: easy.edges, next: easy.next, forward: true, order: easy.order) != nil)
    }
}
