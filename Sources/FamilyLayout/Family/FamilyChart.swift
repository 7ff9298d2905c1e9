import FamilyModel

/// The whole family as one connected drawing per part (`--layout family`): a layered
/// drawing of persons and unions in which partners share a row, children stand one row
/// below their parents' union, every parent–child link is drawn (as a line, or ending at a
/// reference box that names where the person stands), couples stay side by side, and the
/// parts (and persons with no family at all) are packed together on the page.
///
/// Phases, each in its own file: rows (`FamilyRows`; where generations disagree, perhaps
/// `ShortestLinkRows`) → units (`FamilyUnits`) → spanning
/// forest and grafts (`FamilyForest`) → ordering (`FamilyOrdering`) → coordinates
/// (`FamilyPlacement`, the tidy tree engine, and its hang points, `FamilyPlacement+Hang`;
/// parts beyond the width limit, or all with `compact`, narrowed by `SpanCompaction`;
/// with `compact`, childless siblings stacked in columns, `LeafStacks`, and each part
/// placed with or without stretched bars and with a tighter gap between families,
/// whichever takes least area without more crossings; `FreeUnitSlide`) → routing (`ConnectorRouting`,
/// `FamilyGeometry`) → packing (`PartPacking`) → scene (`FamilySceneBuilder`) → the lines
/// of a child of several families ending apart on the child's top edge (`SharedChildDrops`)
/// → hang points moved clear of other families' lines (`HangNudging`) → a child's drop
/// moved clear of another family's upright line above or below it (`DropNudging`).
///
/// A chart of `sideBySideThreshold` persons or more uses a second thread where two pieces
/// of work are independent (`sideBySide`): the persons' own boxes, named and with their
/// life details (`OwnBoxes`), while the passes run, the crossings a first pass left
/// uncounted, the lines' families (`LineFamilies`) and the boxes' branches (`colourBy:
/// lineage`) while the chart is finished, the second half of the bars and lines while the
/// first is written (`FamilySceneBuilder`, when the second thread has come free by then),
/// and the freeing of the passes while the lines move apart. The scene is the same.
struct FamilyChart {
    var style: LayoutStyle
    var partnerOrder: PartnerOrder
    var arrangement: PartArrangement
    /// Target width / height when packing parts.
    var aspect: Double
    /// Whether parts are squeezed to their rows' width (`SpanCompaction`).
    var compact = false
    /// Without `compact`: parts wider than this many times their widest row are squeezed to
    /// that width (`SpanCompaction.Width.limited`); nil keeps exact centring everywhere.
    var widthLimit: Double? = FamilyChartOptions.defaultWidthLimit
    var labelWidth: ((_ name: String, _ detail: String?) -> Double)?
    /// With `compact`, whether each part may take a placement without stretched bars or
    /// with a tighter gap of `compactCousinGaps` (tests turn it off to compare).
    var weighsPlacements = true

    /// - Complexity: O(n log n) for n persons and links (a fixed number of ordering rounds).
    func scene(for graph: FamilyGraph) -> (scene: Scene, statistics: LayoutStatistics) {
        // The passes' rows, units, forests and orders are freed while the lines are refined
        // (at a million persons, a few hundred MB), before anything else is allocated.
        var (scene, statistics, families, leftovers) = placedScene(for: graph)  // the passes below move points only
        assert(families == LineFamilies(of: scene), "the lines drawn are the lines the units foretold")
        // The ends of a shared child's lines first: a hang point then keeps clear of them too.
        SharedChildDrops(spacing: Self.sharedDropSpacing).apply(to: &scene)
        // A big chart frees its passes on the second thread while its lines move apart, and
        // hands their pages back to the system (`FreedMemory`).
        let big = usesSecondThread(for: graph)
        _ = sideBySide(parallel: big, {
            SceneBuilder.moveLinesApart(in: &scene, families: families, rowGap: style.rowGap)
        }, {
            letGo(&leftovers)
            if big { FreedMemory.returnToSystem() }
        })
        return (scene, statistics)
    }

    /// The crossings of `scene`'s lines per part (`parts` parts) once they are moved apart
    /// as `scene(for:)` draws them (`--compact` weighs its placements so): the families
    /// found for moving them serve for counting (moving changes points only).
    private func drawnCrossings(_ scene: Scene, parts: Int) -> [Int] {
        var moved = scene
        SharedChildDrops(spacing: Self.sharedDropSpacing).apply(to: &moved)
        let families = LineFamilies(of: moved)
        SceneBuilder.moveLinesApart(in: &moved, families: families, rowGap: style.rowGap)
        return moved.crossingsByPart(parts: parts, families: families)
    }

    /// Phases 1–8: rows, the layout passes (with far and out-of-birth-order lines made
    /// references), stretching, squeezing and sliding, then routing, packing and the scene.
    /// Squeezing and sliding may move a child who hangs from another family out of birth
    /// order among their siblings again: then the whole is laid out once more with that
    /// line a reference too (a few times at most; the last time as it comes).
    /// - Returns: also the last pass (its units, forest and order), for the caller to free
    ///   when it suits it.
    private func placedScene(for graph: FamilyGraph) -> (scene: Scene, statistics: LayoutStatistics, families: LineFamilies,
                                                          leftovers: LastPass?) {
        // A big chart makes its persons' own boxes (names, life details) on another thread
        // while it is laid out.
        let big = usesSecondThread(for: graph)
        let style = drawingStyle
        var (passes, ownBoxes) = sideBySide(parallel: big, { lastPass(for: graph) }, {
            big ? OwnBoxes(of: graph, style: style) : nil
        })
        var attempt = 0
        while true {
            let (outcome, families) = placedScene(for: graph, passes: passes, ownBoxes: ownBoxes,
                                                  checksBirthOrder: attempt < Self.birthOrderPasses)
            switch outcome {
            case .placed(let scene, let statistics): return (scene, statistics, families, passes)
            case .outOfBirthOrder(let links): passes = lastPass(for: graph, referenced: links)  // the earlier ones among them
            }
            attempt += 1
        }
    }

    /// Charts of at least this many persons do two independent pieces of work at once
    /// (`sideBySide`); smaller ones in turn, where a thread would cost more than it saves.
    static let sideBySideThreshold = 10_000
    /// `sideBySideThreshold`, or another for tests (0: always two threads).
    var sideBySideFrom = FamilyChart.sideBySideThreshold

    /// Whether `graph` is big enough for the second thread (`sideBySideFrom`).
    private func usesSecondThread(for graph: FamilyGraph) -> Bool { graph.count >= sideBySideFrom }

    /// What one try at placing the chart gives: its scene, or the lines that the
    /// squeezed placement left out of birth order (the scene not built).
    private enum PlacedOutcome {
        case placed(Scene, LayoutStatistics)
        case outOfBirthOrder(Set<ChildLinkKey>)
    }

    /// - Parameter passes: `lastPass`'s (its rows freed already, before the scene is built).
    /// - Parameter ownBoxes: every person's own box, when made beforehand (taken by the first scene built).
    /// - Returns: the try's outcome, and the families of the lines its scene has (or would have).
    private func placedScene(for graph: FamilyGraph, passes: LastPass, ownBoxes: OwnBoxes?,
                             checksBirthOrder: Bool) -> (outcome: PlacedOutcome, families: LineFamilies) {
        // While the chart is finished (in a big chart on another thread): the pass's
        // crossings for the statistics, where the ordering left them uncounted (as the
        // ordering placed the chart), and the families of the lines the scene will have.
        // A big chart finds the boxes' branches there too (the scene's box b is the units' box b).
        let ordered = passes.pass, big = usesSecondThread(for: graph)
        let (outcome, (crossings, families, lineages)) = sideBySide(parallel: big,
            { finishedScene(for: graph, passes: passes, ownBoxes: ownBoxes, checksBirthOrder: checksBirthOrder) },
            { (ordered.crossings, FamilySceneBuilder.lineFamilies(of: ordered.units),
               big ? FamilySceneBuilder.lineages(units: ordered.units, forest: ordered.forest, placement: ordered.placement, order: ordered.order) : []) })
        guard case .placed(var scene, var statistics) = outcome else { return (outcome, families) }
        statistics.crossings = crossings
        if big {
            // Through the buffer: box after box through the array's accessor took twice as
            // long (2.5 against 1.5 ms at 100,000 persons).
            scene.persons.withUnsafeMutableBufferPointer { boxes in
                for b in lineages.indices { boxes[b].lineage = lineages[b] }
            }
        }
        return (.placed(scene, statistics), families)
    }

    /// `placedScene` but for the lines' families, the statistics' crossings (left 0) and, in a
    /// big chart, the boxes' branches (left out).
    private func finishedScene(for graph: FamilyGraph, passes: LastPass, ownBoxes: OwnBoxes?, checksBirthOrder: Bool) -> PlacedOutcome {
        var pass = passes.pass
        let (far, partCount, brokenLinks) = (passes.far, passes.partCount, passes.brokenLinks)
        // Bars stretch so partners stand under their own parents; then the chart is placed once more.
        let style = drawingStyle
        let stretch = SeamStretch(pass: pass, maximum: 1.5 * style.boxWidth).gaps()
        if !stretch.isEmpty {
            pass.placement.stretch = stretch
            pass.boxX = pass.placement.boxCentres(unitAnchorX: pass.placement.place(pass.order), order: pass.order)
        }
        // Free units slid toward their places (`FreeUnitSlide`).
        func slid(_ pass: Pass, _ placed: Squeezed, style: LayoutStyle) -> Squeezed {
            var slide = FreeUnitSlide(pass: pass, style: style)
            slide.stacks = placed.stacks
            var result = placed
            result.boxX = slide.apply(to: placed.boxX)
            return result
        }
        // Route, pack and build the scene of a placement slid already.
        func build(_ pass: Pass, _ placed: Squeezed, style: LayoutStyle) -> Scene {
            let boxX = placed.boxX
            var builder = FamilySceneBuilder(graph: graph, units: pass.units, forest: pass.forest, placement: pass.placement,
                                             order: pass.order, style: style, partCount: partCount)
            builder.stacks = placed.stacks
            builder.ownBoxes = ownBoxes
            builder.usesSecondThread = usesSecondThread(for: graph)
            builder.assignsLineages = !builder.usesSecondThread  // a big chart's are found beside it
            if compact {
                builder.trackPad = FamilyGeometry.compactTrackPad
                builder.stepsRuns = true
            }
            // Parts stand a full row pitch of the chart's own style apart, compact or not.
            var packing = PartPacking(aspect: aspect, gap: style.treeGap, shelfGap: self.style.boxHeight + self.style.rowGap)
            packing.toleratesLargestPartShape = compact
            packing.fillsGaps = compact
            var scene = builder.build(boxX: boxX, packing: packing, arrangement: arrangement)
            scene.squeezedParts = placed.squeezed
            scene.hangReach = placed.reach
            return scene
        }
        var placed = Squeezed(boxX: pass.boxX)
        // The scene of the first `--compact` candidate, when weighing built it and every part
        // kept that candidate: the chart's own scene, not built twice.
        var kept: Scene?
        if let width = compactionWidth {
            placed = squeeze(pass, width: width, style: style)
            // `--compact`: a stretched bar holds its couple's neighbours apart, and the gap
            // between families holds every unit apart. Each part takes, of the placements
            // squeezed with and without stretched bars and with the families' gap or the
            // tighter `compactCousinGaps`, the one of least area (by `candidateGain` at
            // least) whose lines, routed, cross no more often than the first's.
            if compact && weighsPlacements {
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
            }
        }
        if !(compact && weighsPlacements) { placed = slid(pass, placed, style: style) }
        if checksBirthOrder {
            pass.boxX = placed.boxX
            let misplaced = BirthOrderLinks(graph: graph).select(pass).subtracting(far)
            if !misplaced.isEmpty { return .outOfBirthOrder(far.union(misplaced)) }
        }
        pass.boxX = []
        let scene = kept ?? build(pass, placed, style: style)
        var statistics = LayoutStatistics(parts: partCount, references: pass.units.boxes.count - graph.count,
                                          brokenLinks: brokenLinks, farLinks: far.count, crossings: 0)
        statistics.shortestLinkRows = passes.shortestLinkRows
        statistics.passes = passes.passes
        return .placed(scene, statistics)
    }

    /// A placement squeezed by `SpanCompaction` (and, with `compact`, its leaf stacks).
    struct Squeezed {
        var boxX: [Double]
        var squeezed: [Int] = []
        var reach = 0.0
        var stacks: [LeafStackPlan] = []
    }

    /// `pass` squeezed to `width`, with `compact` its childless siblings stacked.
    /// - Parameter reach: with `.narrowest`, the reach beyond a family's children's span in
    ///   box pitches (nil: `SpanCompaction`'s greatest).
    /// - Parameter exactStacks: `LeafStacks.exactHeights`.
    private func squeeze(_ pass: Pass, width: SpanCompaction.Width, style: LayoutStyle, reach: Double? = nil,
                         exactStacks: Bool = false) -> Squeezed {
        var compaction = SpanCompaction(pass: pass, siblingGap: style.siblingGap, cousinGap: style.cousinGap, width: width)
        if let reach { compaction.reachSteps = [reach * (pass.placement.boxWidth(row: 0) + style.siblingGap)] }
        let placed = compaction.apply(to: pass.boxX)
        var result = Squeezed(boxX: placed.boxX, squeezed: placed.squeezed, reach: placed.reach)
        if compact {
            var stacks = LeafStacks(pass: pass, boxHeight: style.boxHeight, rowPitch: style.boxHeight + style.rowGap)
            stacks.exactHeights = exactStacks
            (result.boxX, result.stacks) = stacks.apply(to: result.boxX, compaction: compaction)
        }
        return result
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

    /// The page's border with `compact`: the frames of parts (12 pt outside their boxes)
    /// stay 4 pt inside the page, and a printed sheet has a margin of its own (`--margin`).
    static let compactMargin = 16.0

    /// Phase 1, the rows. Where the breadth-first rows (`FamilyRows`) had to break links
    /// because generations disagree, the rows that keep the links shortest (as Graphviz
    /// ranks a graph, `ShortestLinkRows`) are taken instead when they need less room
    /// (`FamilyRows.boxArea`: in Queen.ged, the widest row of 154 persons becomes 112). The
    /// choice is made before placement, so `compact` and the exact chart share their rows.
    /// Rows stated by the input (seed JSON) stay.
    private func chosenRows(for graph: FamilyGraph) -> (rows: FamilyRows, shortestLinks: Bool) {
        let rows = FamilyRows(graph: graph)
        guard rows.brokenLinks > 0, !graph.hasFixedGenerations else { return (rows, false) }
        guard let other = ShortestLinkRows(graph: graph, rows: rows).apply(),
              other.boxArea(graph: graph) < rows.boxArea(graph: graph) else { return (rows, false) }
        return (other, true)
    }

    /// The last layout pass of `lastPass`, with what the passes found on the way.
    private typealias LastPass = (pass: Pass, far: Set<ChildLinkKey>, partCount: Int, brokenLinks: Int, shortestLinkRows: Bool, passes: Int)

    /// Phase 1 and the layout passes: the rows, then passes until no more lines become
    /// references; the last pass, the links made references, and the rows' part count,
    /// broken links and kind (the rows themselves are not needed after the passes).
    /// - Parameter referenced: lines drawn as references from the start (an earlier try's).
    private func lastPass(for graph: FamilyGraph, referenced: Set<ChildLinkKey> = []) -> LastPass {
        let (rows, shortestLinks) = chosenRows(for: graph)
        var pass = layOut(graph, rows: rows, referenced: referenced)
        var passes = 1
        // Lines that would run far or across many others, or reach a child standing out of
        // birth order among their siblings, become references, and the chart is laid out
        // again without them (a few times: a new layout may stretch or move other lines).
        var far = referenced
        for _ in 0..<Self.farLinkPasses {
            let more = FarLinks(maximumCrossings: maximumLinkCrossings, maximumSpans: maximumLinkSpans).select(pass)
                .union(BirthOrderLinks(graph: graph).select(pass)).subtracting(far)
            guard !more.isEmpty else { break }
            far.formUnion(more)
            pass = layOut(graph, rows: rows, referenced: far, previous: pass.order)
            passes += 1
        }
        // The last layout may have moved a child out of birth order again: a few more
        // passes for those alone (far lines are left as they are now).
        for _ in 0..<Self.birthOrderPasses {
            let more = BirthOrderLinks(graph: graph).select(pass).subtracting(far)
            guard !more.isEmpty else { break }
            far.formUnion(more)
            pass = layOut(graph, rows: rows, referenced: far, previous: pass.order)
            passes += 1
        }
        return (pass, far, rows.partCount, rows.brokenLinks, shortestLinks, passes)
    }

    /// The style the placed rows are drawn with (ordering, placement and packing keep the
    /// chart's own): with `compact`, the gap between rows shrinks to `compactRowGap` (a gap
    /// still grows where its tracks need the room, with `FamilyGeometry.compactTrackPad`
    /// between its boxes and tracks) and the page's border to `compactMargin`.
    private var drawingStyle: LayoutStyle {
        guard compact else { return style }
        var compacted = style
        compacted.rowGap = min(style.rowGap, Self.compactRowGap)
        compacted.margin = min(style.margin, Self.compactMargin)
        return compacted
    }

    /// The gap between rows with `compact`. Not less: a drop from a couple's bar must stand
    /// a row gap (44 pt) from the drop above it, which a track in the middle of a 36 pt gap
    /// gives (18 pt, and half a box); at 30 pt the lines of a line of only children came
    /// within 5 pt of each other in Queen.ged where no hang point could move clear. Gaps
    /// between families shrink only part by part (`compactCousinGaps`): shrinking them all to
    /// the siblings' gap made royal92's compact chart cross 313 times instead of 243 for 4 %
    /// less width.
    static let compactRowGap = 36.0

    /// How `SpanCompaction` narrows the parts, if at all.
    private var compactionWidth: SpanCompaction.Width? {
        if compact { return .narrowest }
        return widthLimit.map { .limited(factor: $0, smallestGap: min(style.coupleGap, style.siblingGap)) }
    }

    /// A cross link (an up-link that is not a tree link) becomes a reference when its line
    /// would cross more than this many other lines…
    var maximumLinkCrossings = 6
    /// …or run further than this many box spans.
    var maximumLinkSpans = 30.0

    /// Distance between the ends of two families' lines on the top edge of a child they share.
    /// A little more than twice the least distance between two families' upright lines
    /// (`ChartMetrics.separation` and a line's width): another family's drop coming down
    /// between two ends has room to stand clear of both (at 12 pt only one exact x was,
    /// which a rounding error in the last digits could lose).
    static let sharedDropSpacing = 13.0

    static let farLinkPasses = 3
    static let birthOrderPasses = 3

    /// One layout pass: units, forest, order and placement.
    struct Pass {
        var units: FamilyUnits
        var forest: FamilyForest
        var placement: FamilyPlacement
        var order: FamilyOrder
        /// The ordering's count of crossing line pairs, nil where it had no choice to make
        /// and did not count (`FamilyOrdering.order`): `crossings` counts them then.
        var countedCrossings: Int?
        var boxX: [Double]

        /// Crossing pairs of parent→child lines as the ordering placed them (`FamilyCrossings`).
        var crossings: Int {
            countedCrossings ?? FamilyCrossings.count(units: units, placement: placement, order: order, boxX: boxX)
        }
    }

    /// One pass of phases 2–5 (units, forest, ordering, placement) over `rows`, with the
    /// links in `referenced` drawn as references; `previous` is an earlier pass's order to
    /// start from. Internal so that tests can time and inspect a pass as the chart makes it.
    func layOut(_ graph: FamilyGraph, rows: FamilyRows, referenced: Set<ChildLinkKey>, previous: FamilyOrder? = nil) -> Pass {
        let units = FamilyUnits(graph: graph, rows: rows, partnerOrder: partnerOrder, referenced: referenced,
                                maximumArchesPerSide: FamilyGeometry.archesPerSide(boxWidth: style.boxWidth))
        let forest = FamilyForest(units: units, partCount: rows.partCount, primaryUnion: rows.primaryParentUnion)
        let placement = FamilyPlacement(units: units, forest: forest, style: style,
                                        rowWidths: rowWidths(graph: graph, units: units))
        // The ordering placed its best order already: its box centres are the pass's.
        let (order, crossings, boxX) = FamilyOrdering.order(graph: graph, units: units, forest: forest, placement: placement,
                                                            previous: previous)
        return Pass(units: units, forest: forest, placement: placement, order: order, countedCrossings: crossings, boxX: boxX)
    }

    /// With `labelWidth`, each row's boxes grow to the widest name and detail in that row
    /// (up to the style's maximum); otherwise every row has the style's width.
    private func rowWidths(graph: FamilyGraph, units: FamilyUnits) -> [Double] {
        guard let labelWidth else { return [] }
        var widths: [Double] = []
        for box in units.boxes where box.unit >= 0 {
            let row = units.units[box.unit].row
            if widths.count <= row { widths += Array(repeating: style.boxWidth, count: row + 1 - widths.count) }
            let detail = box.reference == nil ? SceneBuilder.lifeDetail(of: box.person, graph: graph, style: style) : "see generation 00"
            let needed = labelWidth(graph.persons[box.person].name, detail)
            widths[row] = min(style.maximumBoxWidth, max(widths[row], needed.rounded(.up)))
        }
        return widths
    }
}

/// Figures about a family layout, for tests and reports.
public struct LayoutStatistics: Sendable, Equatable {
    /// Connected parts (a person with no family is a part of one).
    public var parts: Int
    /// Reference boxes drawn.
    public var references: Int
    /// Links drawn as references because generation rows disagreed.
    public var brokenLinks: Int
    /// Links drawn as references because the line would have run far or across many others.
    public var farLinks: Int
    /// Crossing pairs of parent→child lines (the ordering phase's measure).
    public var crossings: Int
    /// Whether the rows are those that keep links shortest (`ShortestLinkRows`), taken
    /// because the breadth-first rows broke links and needed more room.
    public var shortestLinkRows = false
    /// Layout passes made: the first, and one for each round of far or out-of-birth-order
    /// lines made references (at most 1 + 3 + 3).
    public var passes = 1
}
