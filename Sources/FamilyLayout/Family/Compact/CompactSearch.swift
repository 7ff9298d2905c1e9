import FamilyModel

/// `--compact`'s candidate search, run by the *narrow* step: a stretched bar holds its
/// couple's neighbours apart, and the gap between families holds every unit apart. Each
/// part takes, of the placements squeezed with and without stretched bars and with the
/// families' gap or the tighter `Self.compactCousinGaps` (and further reaches,
/// `Self.compactReaches`), the one of least area (by `candidateGain` at least) whose
/// lines, routed, cross no more often than the first's. Each candidate is slid, built as a
/// scene (route, pack, write) and its lines moved apart as the pipeline's later steps would.
struct CompactSearch {
    let chart: FamilyChart
    let graph: FamilyGraph
    let partCount: Int
    let ownBoxes: OwnBoxes?

    typealias Pass = FamilyChart.Pass
    typealias Squeezed = FamilyChart.Squeezed

    /// Chooses each part's placement; `placed` is the first candidate's on entry, the merged
    /// choice on return, and `pass.placement.stretch` the stretch the chosen parts keep.
    /// - Returns: the scene of the choice, when weighing built it already.
    func search(_ pass: inout Pass, placed: inout Squeezed, stretch: [Int: [Int: Double]], width: SpanCompaction.Width,
                style: LayoutStyle) -> Scene? {
        var kept: Scene?
        func slid(_ pass: Pass, _ placed: Squeezed, style: LayoutStyle) -> Squeezed { chart.slid(pass, placed, style: style) }
        func build(_ pass: Pass, _ placed: Squeezed, style: LayoutStyle) -> Scene {
            chart.builtScene(graph: graph, pass: pass, placed: placed, style: style, partCount: partCount, ownBoxes: ownBoxes)
        }
        func squeeze(_ pass: Pass, width: SpanCompaction.Width, style: LayoutStyle, reach: Double?, exactStacks: Bool) -> Squeezed {
            chart.squeeze(pass, width: width, style: style, reach: reach, exactStacks: exactStacks)
        }
        func drawnCrossings(_ scene: Scene, parts: Int) -> [Int] { chart.drawnCrossings(scene, parts: parts) }
        // Unstretched where the stretched placement stands: each unit keeps its
        // anchor box and shrinks within its extent, so every row keeps its order.
        var plain = pass
        plain.placement.stretch = [:]
        plain.boxX = plain.placement.boxCentres(unitAnchorX: pass.units.units.indices.map { pass.boxX[pass.forest.anchorBox[$0]] },
                                                order: pass.order)
        /// A placement to weigh: its pass (bars stretched or not), style (the gap between
        /// families), reach (nil: `SpanCompaction`'s) and how its stacks are weighed.
        typealias Candidate = (pass: Pass, style: LayoutStyle, stretched: Bool, reach: Double?, exactStacks: Bool)
        var candidates: [Candidate] = [(pass, style, true, nil, false)]
        if !stretch.isEmpty { candidates.append((plain, style, false, nil, false)) }
        for gap in Self.compactCousinGaps where gap < style.cousinGap {
            var tight = style
            tight.cousinGap = gap
            candidates.append((pass, tight, true, nil, false))
            if !stretch.isEmpty { candidates.append((plain, tight, false, nil, false)) }
        }
        let firstReach = candidates.count
        for reach in Self.compactReaches.prefix(2) { candidates.append((pass, style, true, reach, false)) }
        // Each slid with its own gap, so that the parts taken are drawn as they were weighed.
        var squeezed = [slid(pass, placed, style: style)]
        func squeezedAndSlid(_ candidate: Candidate) -> Squeezed {
            slid(candidate.pass, squeeze(candidate.pass, width: width, style: candidate.style, reach: candidate.reach,
                                         exactStacks: candidate.exactStacks), style: candidate.style)
        }
        func squeezeCandidates(from first: Int) {
            for candidate in candidates[first...] { squeezed.append(squeezedAndSlid(candidate)) }
        }
        squeezeCandidates(from: 1)
        placed = squeezed[0]
        let areas0 = Self.areas(squeezed[0], pass: pass)
        // Weighed as drawn: a part's area in the built scene counts the gaps its
        // tracks widened (a longer reach makes runs longer, and gaps taller).
        var crossings: [[Int]] = [], drawnAreas: [[Double]] = []
        var first: Scene?
        var choice = [Int](repeating: 0, count: partCount)
        /// Weighs the candidates from `start` on; with `keepingCrossings`, a part takes
        /// one only where its lines cross no more often than at the part's choice so far.
        func weigh(from start: Int, keepingCrossings: Bool = false) {
            crossings += Array(repeating: [], count: squeezed.count - crossings.count)
            drawnAreas += Array(repeating: [], count: squeezed.count - drawnAreas.count)
            let smaller = squeezed.indices.dropFirst(max(1, start)).filter { k in
                let areas = Self.areas(squeezed[k], pass: pass)
                return areas.indices.contains { areas[$0] < areas0[$0] * (1 - Self.candidateGain) }
            }
            guard !smaller.isEmpty else { return }
            for k in smaller + (first == nil ? [0] : []) {  // the first last: no other scene is kept beside it
                let scene = build(candidates[k].pass, squeezed[k], style: candidates[k].style)
                crossings[k] = drawnCrossings(scene, parts: partCount)
                drawnAreas[k] = scene.boxAreasByPart(parts: partCount)
                if k == 0 { first = scene }
            }
            for part in 0..<partCount {
                let most = keepingCrossings ? crossings[choice[part]][part] : crossings[0][part]
                for k in smaller where drawnAreas[k][part] < drawnAreas[choice[part]][part] * (1 - Self.candidateGain)
                    && crossings[k][part] <= most {
                    choice[part] = k
                }
            }
        }
        weigh(from: 1)
        // The longest reaches with the families' gap and stretched bars, and the gap and
        // bars that suit the largest part best at the first reach (if not those) with
        // every reach, each taken only where its lines cross no more often than the
        // part's choice so far.
        let largest = drawnAreas.first.flatMap { areas in areas.indices.max { areas[$0] < areas[$1] } }
        let bestAtFirstReach = largest.flatMap { part in
            candidates.indices.filter { k in
                candidates[k].reach == nil && !drawnAreas[k].isEmpty && crossings[k][part] <= crossings[0][part]
            }.min { drawnAreas[$0][part] < drawnAreas[$1][part] }
        }
        let firstChoice = choice
        // Where a longer reach moved no box (a part whose persons are each reached
        // along one line), the longer ones will not either.
        let reachesBind = (firstReach..<(firstReach + 2)).contains { squeezed[$0].boxX != squeezed[0].boxX }
        if first != nil && reachesBind {
            let count = candidates.count
            // The longest (`longestReaches`) with the largest part's best gap and bars
            // only (the families' gap and stretched bars when those are best).
            let best = bestAtFirstReach.map { candidates[$0] } ?? candidates[0]
            let bestIsFirst = (bestAtFirstReach ?? 0) == 0
            for reach in Self.compactReaches.dropFirst(2) where bestIsFirst || !Self.longestReaches.contains(reach) {
                candidates.append((pass, style, true, reach, false))
            }
            if !bestIsFirst {
                for reach in Self.compactReaches { candidates.append((best.pass, best.style, best.stretched, reach, false)) }
            }
            squeezeCandidates(from: count)
            weigh(from: count, keepingCrossings: true)
        }
        // The placements the parts chose so far once more, their stacks weighed by their
        // height as drawn (`LeafStacks.exactHeights`), each taken only where its lines
        // cross no more often than at the part's choice.
        // (One that places every box as its base placement does is not built again.)
        if first != nil && squeezed.contains(where: { !$0.stacks.isEmpty }) {
            let count = candidates.count
            for k in Set(choice).sorted() where !squeezed[k].stacks.isEmpty {
                var exact = candidates[k]
                exact.exactStacks = true
                let placed = squeezedAndSlid(exact)
                guard placed.boxX != squeezed[k].boxX || placed.stacks != squeezed[k].stacks else { continue }
                candidates.append(exact)
                squeezed.append(placed)
            }
            if candidates.count > count { weigh(from: count, keepingCrossings: true) }
        }
        if first != nil {
            var merged = pass
            (merged.placement.stretch, placed) = Self.merge(squeezed, choice: choice, stretched: candidates.map(\.stretched),
                                                            stretch: stretch, pass: pass)
            if choice != firstChoice {
                // Drawn together, a part's lines may be nudged apart otherwise than in its
                // candidate's scene: a part that then crosses more often than at its first
                // choice goes back to that.
                let scene = build(merged, placed, style: style)
                let drawn = drawnCrossings(scene, parts: partCount)
                let worse = (0..<partCount).filter { drawn[$0] > crossings[firstChoice[$0]][$0] }
                if worse.isEmpty {
                    kept = scene
                } else {
                    for part in worse { choice[part] = firstChoice[part] }
                    (merged.placement.stretch, placed) = Self.merge(squeezed, choice: choice, stretched: candidates.map(\.stretched),
                                                                    stretch: stretch, pass: pass)
                }
            }
            pass.placement.stretch = merged.placement.stretch
            if choice.allSatisfy({ $0 == 0 }) { kept = first }
        }
        return kept
    }

    /// Per part, its area at `placed`: its width times its rows, a stack reaching below them
    /// counted (`LeafStacks` weighs its caps the same way).
    static func areas(_ placed: Squeezed, pass: Pass) -> [Double] {
        let units = pass.units
        let partCount = (units.units.map(\.part).max() ?? -1) + 1
        var low = [Double](repeating: .infinity, count: partCount), high = [Double](repeating: -.infinity, count: partCount)
        var rows = [Int](repeating: 0, count: partCount)
        for unit in units.units {
            let half = pass.placement.boxWidth(row: unit.row) / 2
            rows[unit.part] = max(rows[unit.part], unit.row + 1)
            for box in unit.boxes {
                low[unit.part] = min(low[unit.part], placed.boxX[box] - half)
                high[unit.part] = max(high[unit.part], placed.boxX[box] + half)
            }
        }
        for plan in placed.stacks {
            let part = units.units[plan.units[0]].part
            rows[part] = max(rows[part], plan.row + plan.extraRows + 1)
        }
        return (0..<partCount).map { rows[$0] == 0 ? 0 : (high[$0] - low[$0]) * Double(rows[$0]) }
    }

    /// One placement of the parts, each part's taken from `candidates[choice[part]]`, and
    /// `stretch` kept for the parts whose candidate was placed with stretched bars.
    static func merge(_ candidates: [Squeezed], choice: [Int], stretched: [Bool], stretch: [Int: [Int: Double]],
                      pass: Pass) -> (stretch: [Int: [Int: Double]], placed: Squeezed) {
        let units = pass.units
        guard choice.contains(where: { $0 != 0 }) else { return (stretch, candidates[0]) }
        var placed = candidates[0]
        for unit in units.units where choice[unit.part] != 0 {
            for box in unit.boxes { placed.boxX[box] = candidates[choice[unit.part]].boxX[box] }
        }
        // The stacks in part order, as `LeafStacks` lists them.
        var stacks = [[LeafStackPlan]](repeating: [], count: choice.count)
        for (k, candidate) in candidates.enumerated() {
            for plan in candidate.stacks where choice[units.units[plan.units[0]].part] == k {
                stacks[units.units[plan.units[0]].part].append(plan)
            }
        }
        placed.stacks = stacks.flatMap { $0 }
        placed.squeezed = candidates.indices.flatMap { k in candidates[k].squeezed.filter { choice[$0] == k } }.sorted()
        placed.reach = Set(choice).map { candidates[$0].reach }.max() ?? 0
        return (stretch.filter { stretched[choice[units.units[$0.key].part]] }, placed)
    }

    /// The least share of a part's area another `compact` placement must save to be taken.
    static let candidateGain = 0.002

    /// The gaps between neighbouring units of different families a part may take with
    /// `compact` (down to the siblings' gap), where its lines then cross no more often than
    /// at the style's (28 pt). At 20 pt for every part, royal92's compact chart crossed 195
    /// times instead of 171 and willis.ged's variants 29 instead of 9 (5 December).
    static let compactCousinGaps = [20.0, 14.0]

    /// Further reaches a `compact` part may take (box pitches beyond its children's span;
    /// `SpanCompaction` reaches 8): weighed as drawn, the narrower part is taken only where
    /// its area, taller gaps counted, is smaller and its lines cross no more often. Each is
    /// tried with the families' gap and stretched bars, and with the gap and bars the
    /// largest part took at 8 (royal92 at 32 with 14 pt gaps and plain bars: 27,885 pt wide
    /// instead of 35,322, and 159 crossings instead of 165; runs that step keep the gaps
    /// low, 6 December). IvarKingOfDublin.ged at 64 with 14 pt gaps and plain bars: 29,322 pt
    /// wide instead of 37,648 (its widest row 1.01× instead of 1.36×), 11 crossings instead
    /// of 12 (its long lines cross fewer others than short ones crowded together).
    static let compactReaches = [12.0, 16.0, 24.0, 32.0, 48.0, 64.0]
    /// The reaches of `compactReaches` tried with the largest part's best gap and bars alone
    /// (each is a squeeze and a scene more: with both, royal92's and Queen's `--compact`
    /// took half as long again).
    static let longestReaches: Set<Double> = [48, 64]
}
