@testable import FamilyLayout
import FamilyModel
import Testing
import TestSupport

/// The rows that keep links shortest (`NetworkSimplexLayering`, `ShortestLinkRows`): the
/// layering is checked against every possible layering of small graphs, and the family rows
/// built from it against the contract `FamilyRows` states.
@Suite struct ShortestLinkRowsTests {
    typealias Edge = (tail: Int, head: Int, weight: Int)

    /// The least total weighted length over every layering with rows 0..<n (enough: an
    /// optimal layering never leaves a row empty between its top and bottom).
    private func leastLength(_ n: Int, _ edges: [Edge]) -> Int {
        var best = Int.max
        var rank = [Int](repeating: 0, count: n)
        func assign(_ v: Int) {
            if v == n {
                guard edges.allSatisfy({ rank[$0.head] - rank[$0.tail] >= 1 }) else { return }
                best = min(best, edges.reduce(0) { $0 + $1.weight * (rank[$1.head] - rank[$1.tail]) })
                return
            }
            for r in 0..<n {
                rank[v] = r
                assign(v + 1)
            }
        }
        assign(0)
        return best
    }

    private func length(_ rows: [Int], _ edges: [Edge]) -> Int {
        edges.reduce(0) { $0 + $1.weight * (rows[$1.head] - rows[$1.tail]) }
    }

    @Test func aSourceJoinsTheRowAboveItsChildInsteadOfTheTop() throws {
        // s → a → b → c, and t → c: the longest-path rows put t on top (its edge 3 rows
        // long); the least total length puts it right above c.
        let edges: [Edge] = [(0, 1, 1), (1, 2, 1), (2, 3, 1), (4, 3, 1)]
        var layering = NetworkSimplexLayering(nodeCount: 5, edges: edges, budget: 10_000)
        let found = layering.rows()
        let rows = try #require(found)
        #expect(rows == [0, 1, 2, 3, 2])
    }

    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func randomSmallGraphsGetTheLeastTotalLength(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let n = 3 + random.upTo(4)  // 3–6 nodes
        // A random order; edges go forward in it (acyclic), a chain through a random tree
        // keeps the graph connected, and a few more edges make choices.
        var edges: [Edge] = []
        for v in 1..<n { edges.append((random.upTo(v), v, 1 + random.upTo(3))) }
        for _ in 0..<random.upTo(n) {
            let a = random.upTo(n - 1), b = a + 1 + random.upTo(n - 1 - a)
            edges.append((a, b, 1 + random.upTo(3)))
        }
        // Edges reversed half the time, so tails are not always earlier nodes: still acyclic
        // after renaming the nodes backwards.
        if seed % 2 == 0 { edges = edges.map { (n - 1 - $0.tail, n - 1 - $0.head, $0.weight) } }
        var layering = NetworkSimplexLayering(nodeCount: n, edges: edges, budget: 1_000_000)
        let found = layering.rows()
        let rows = try #require(found)
        #expect(edges.allSatisfy { rows[$0.head] - rows[$0.tail] >= 1 }, "seed \(seed): \(rows)")
        #expect(rows.min() == 0)
        #expect(length(rows, edges) == leastLength(n, edges), "seed \(seed): \(edges) → \(rows)")
    }

    @Test func aSpentBudgetGivesNothingOrAValidLayering() throws {
        var random = SplitMix64(seed: 7)
        let n = 400
        var edges: [Edge] = []
        for v in 1..<n { edges.append((random.upTo(v), v, 1)) }
        for _ in 0..<300 {
            let a = random.upTo(n - 1)
            edges.append((a, a + 1 + random.upTo(n - 1 - a), 1 + random.upTo(2)))
        }
        for budget in [10, 1_000, 20_000, 200_000] {
            var layering = NetworkSimplexLayering(nodeCount: n, edges: edges, budget: budget)
            if let rows = layering.rows() {
                #expect(edges.allSatisfy { rows[$0.head] - rows[$0.tail] >= 1 }, "budget \(budget)")
            }
        }
        var unlimited = NetworkSimplexLayering(nodeCount: n, edges: edges, budget: .max)
        var limited = NetworkSimplexLayering(nodeCount: n, edges: edges, budget: 20_000)
        let found = unlimited.rows()
        let best = try #require(found)
        if let some = limited.rows() { #expect(length(some, edges) >= length(best, edges)) }
    }

    /// `FamilyRows`' contract, on rows from either source: partners kept in their union's
    /// row, kept children one row below, every link not kept counted, parts from row 0.
    private func checkContract(_ rows: FamilyRows, _ graph: FamilyGraph, _ label: String) {
        var notKept = 0
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty {
            for (k, partner) in union.partners.enumerated() {
                if rows.partnerKept[u, k] { #expect(rows.personRow[partner] == rows.unionRow[u], "\(label)") } else { notKept += 1 }
            }
            for (k, child) in union.children.enumerated() {
                if rows.childKept[u, k] { #expect(rows.personRow[child] == rows.unionRow[u] + 1, "\(label)") } else { notKept += 1 }
            }
        }
        #expect(rows.brokenLinks == notKept, "\(label)")
        for p in graph.persons.indices where rows.hangsFromOwnFamily[p] {
            let u = rows.primaryParentUnion[p]
            let k = graph.unions[u].children.firstIndex(of: p)!
            #expect(rows.childKept[u, k], "\(label)")
        }
        var top = [Int: Int]()
        for p in graph.persons.indices { top[rows.personPart[p]] = min(top[rows.personPart[p]] ?? .max, rows.personRow[p]) }
        #expect(top.values.allSatisfy { $0 == 0 }, "\(label): \(top)")
    }

    @Test func aManMarriedToHisGranddaughterKeepsEveryLinkTheCycleAllows() throws {
        // A marries his granddaughter Z: partners share a row, so A, B and Z are one
        // cluster, and the line from X and Y down to Z closes a cycle: that one is broken.
        let graph = try FamilyPhaseTests.graph(["A M 1900", "B F 1902", "X M 1925", "Y F 1926", "Z F 1950"],
                                               ["F1 A B X", "F2 X Y Z", "F3 A Z"])
        let breadthFirst = FamilyRows(graph: graph)
        let rows = try #require(ShortestLinkRows(graph: graph, rows: breadthFirst).apply())
        checkContract(rows, graph, "granddaughter")
        #expect(rows.brokenLinks == 1)
        let row = { rows.personRow[FamilyPhaseTests.person($0, graph)] }
        #expect(row("A") == row("B") && row("A") == row("Z") && row("X") == row("A") + 1)
    }

    @Test func cousinsOfDifferentGenerationsMarriedBreakOneLinkAndNoMore() throws {
        // R and S have Y1 and X1; X1's son X2 marries his aunt Y1: one of the links cannot be
        // one row long (Y1 is a generation above X2), the others all are.
        let graph = try FamilyPhaseTests.graph(
            ["R M 1800", "S F 1802", "X1 M 1825", "P F 1826", "Y1 F 1840", "X2 M 1850", "K M 1870"],
            ["F1 R S X1 Y1", "F2 X1 P X2", "F3 X2 Y1 K"])
        let breadthFirst = FamilyRows(graph: graph)
        let rows = try #require(ShortestLinkRows(graph: graph, rows: breadthFirst).apply())
        checkContract(breadthFirst, graph, "breadth first")
        checkContract(rows, graph, "shortest")
        #expect(breadthFirst.brokenLinks == 1 && rows.brokenLinks == 1)
        let row = { rows.personRow[FamilyPhaseTests.person($0, graph)] }
        #expect(row("X2") == row("Y1") && row("K") == row("X2") + 1 && row("X2") == row("X1") + 1 && row("R") == 0)
    }

    /// Spent budgets give rows that keep the contract, or none (the chart then keeps the
    /// breadth-first rows).
    @Test(arguments: [1, 50, 500, 5_000])
    func aSpentBudgetGivesRowsThatKeepTheContractOrNone(budget: Int) throws {
        let graph = RandomFamilyGraph(persons: 400, seed: 3).make()
        let breadthFirst = FamilyRows(graph: graph)
        #expect(breadthFirst.brokenLinks > 0, "the family has links whose generations disagree")
        var shortest = ShortestLinkRows(graph: graph, rows: breadthFirst)
        shortest.budget = budget
        if let rows = shortest.apply() { checkContract(rows, graph, "budget \(budget)") }
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func randomFamiliesKeepTheRowsContract(seed: UInt64) throws {
        let graph = RandomFamilyGraph(persons: 150 + Int(seed) * 40, seed: seed).make()
        let breadthFirst = FamilyRows(graph: graph)
        checkContract(breadthFirst, graph, "seed \(seed), breadth first")
        #expect(breadthFirst.brokenLinks > 0, "seed \(seed): generations disagree somewhere (10-72 links in seeds 1-8)")
        guard let rows = ShortestLinkRows(graph: graph, rows: breadthFirst).apply() else { return }
        checkContract(rows, graph, "seed \(seed), shortest")
        #expect(rows.personPart == breadthFirst.personPart && rows.partCount == breadthFirst.partCount)
    }

    /// Queen.ged's generations disagree in 273 links: its breadth-first rows pile 154
    /// persons into one row, the shortest-link rows 112, and the chart takes them.
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func queenTakesTheNarrowerRows() throws {
        let graph = try TestFamilies.graph(shared: "d-jeffrey-gedcom-samples/queen/Queen.ged")
        let breadthFirst = FamilyRows(graph: graph)
        let rows = try #require(ShortestLinkRows(graph: graph, rows: breadthFirst).apply())
        checkContract(rows, graph, "Queen")
        #expect(rows.boxArea(graph: graph) < breadthFirst.boxArea(graph: graph) * 95 / 100, "\(rows.boxArea(graph: graph)) against \(breadthFirst.boxArea(graph: graph))")
        #expect(rows.brokenLinks <= breadthFirst.brokenLinks)
        let (scene, figures) = ChartLayout().familyScene(for: graph)
        #expect(figures.shortestLinkRows && figures.brokenLinks == rows.brokenLinks)
        var inRow: [String: Int] = [:]
        for box in scene.persons where !box.isReference { inRow["\(box.part)/\(box.generation)", default: 0] += 1 }
        #expect(inRow.values.max()! <= 115, "the chart's widest row holds \(inRow.values.max()!) persons")
    }
}

private extension SplitMix64 {
    /// A value in `0..<bound`.
    mutating func upTo(_ bound: Int) -> Int { Int(below(UInt64(bound))) }
}
