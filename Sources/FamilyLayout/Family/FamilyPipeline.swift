import FamilyModel

/// One step of the family layout: a value that reads what the steps before it left in the
/// draft and adds its own. Each step is a small type in `Family/Steps/`, named after what
/// it makes; `FamilyPipeline.steps` lists them in the order they run.
protocol FamilyLayoutStep: Sendable {
    /// The step's name, as `familychart layout --stop-after NAME` takes it.
    var name: String { get }
    /// What the draft holds after the step, which the later steps rely on.
    var guarantees: String { get }
    /// The types that do the work (the step's own file only calls them).
    var doneBy: String { get }
    func run(_ draft: inout FamilyDraft)
}

/// The whole-family chart (`--chart family`), step by step, as Graphviz's `dotLayout`
/// reads: rank, order, position, splines. `FamilyDraft` holds what the steps have made so
/// far; `run(stopAfter:)` returns it after any step (`familychart layout --stop-after
/// order`), as dot's `maxphase` does.
///
/// The steps, in order (`steps`):
///
/// | slot | step | |
/// |---|---|---|
/// | rows and one layout pass | `rows`, `units`, `forest`, `widths`, `order` | |
/// | fixpoint | `references` | far and out-of-birth-order lines become references; `units`…`order` again (≤ 3 + 3) |
/// | within the width | `stretch`, `narrow`, `slide`, `align` | `narrow` is the `--compact` candidate search too (`CompactSearch`); `align` places narrowed parts anew (`HangAlignment`) |
/// | fixpoint | `birth-order` | back to `rows` with more references (≤ 3 times) |
/// | drawing | `scene`, `lines` | routing, packing, the scene; the line passes |
///
/// What runs beside (a big chart, `FamilyChart.sideBySideThreshold` persons or more, on a
/// second thread): the persons' own boxes (`OwnBoxes`) beside `rows`…`references`; the
/// ordering's crossings, the lines' families and the boxes' branches beside
/// `stretch`…`scene`; the freeing of the passes beside `lines`. The scene is the same.
///
/// `FamilyProfile` (exact, width-limited or compact) is the one value steps read to behave
/// otherwise under `--compact`: `narrow` (the width, leaf stacks, the candidate search),
/// `slide` (done per candidate in the search), `scene` (the drawing style, track pad,
/// stepped runs, packing into gaps).
struct FamilyPipeline {
    var chart: FamilyChart

    /// Rows, then layout passes until no more lines become references.
    static let passSteps: [any FamilyLayoutStep] = [RowsStep(), UnitsStep(), ForestStep(), WidthsStep(), OrderStep(), ReferencesStep()]
    /// One layout pass over the draft's rows (the `references` fixpoint runs it again).
    static let layoutPass: [any FamilyLayoutStep] = [UnitsStep(), ForestStep(), WidthsStep(), OrderStep()]
    /// The chart within its width limit, checked for birth order.
    static let placingSteps: [any FamilyLayoutStep] = [StretchStep(), NarrowStep(), SlideStep(), AlignStep(), BirthOrderStep()]
    /// The scene and its lines.
    static let drawingSteps: [any FamilyLayoutStep] = [SceneStep(), LinesStep()]
    /// Every step, in the order a chart runs them (`--stop-after` takes their names).
    static let steps: [any FamilyLayoutStep] = passSteps + placingSteps + drawingSteps
    /// The steps' names, in order.
    static var stepNames: [String] { steps.map(\.name) }

    /// The draft after `stopAfter` (its first run), or after every step: then it holds the
    /// scene and its statistics.
    /// - Complexity: O(n log n) for n persons and links (a fixed number of passes and rounds).
    func run(_ graph: FamilyGraph, stopAfter: String? = nil) -> FamilyDraft {
        var draft = FamilyDraft(graph: graph, chart: chart)
        let big = chart.usesSecondThread(for: graph)
        let style = chart.profile.drawingStyle(chart.style)
        // A big chart makes its persons' own boxes (names, life details) on another thread
        // while it is laid out.
        let (stopped, ownBoxes) = sideBySide(parallel: big, { Self.run(Self.passSteps, on: &draft, stopAfter: stopAfter) }, {
            big ? OwnBoxes(of: graph, style: style) : nil
        })
        draft.ownBoxes = ownBoxes
        if stopped { return draft }
        for attempt in 0... {
            draft.checksBirthOrder = attempt < FamilyChart.birthOrderPasses
            if finish(&draft, big: big, stopAfter: stopAfter) { return draft }
            guard let links = draft.outOfBirthOrder else { break }
            // Squeezing or sliding moved a child out of birth order: the whole is laid out
            // once more with those lines references too (the last time as it comes).
            draft.restart(referencing: links)
            if Self.run(Self.passSteps, on: &draft, stopAfter: stopAfter) { return draft }
        }
        _ = Self.run(Self.drawingSteps.dropFirst(), on: &draft, stopAfter: stopAfter)
        return draft
    }

    /// `placingSteps` and the scene, with (beside them, in a big chart) the ordering's
    /// crossings for the statistics where the ordering left them uncounted, the families of
    /// the lines the scene will have, and a big chart's boxes' branches (the scene's box b
    /// is the units' box b). Returns whether it stopped at `stopAfter`.
    private func finish(_ draft: inout FamilyDraft, big: Bool, stopAfter: String?) -> Bool {
        let ordered = draft.pass
        let (stopped, (crossings, families, lineages)) = sideBySide(parallel: big, {
            Self.run(Self.placingSteps, on: &draft, stopAfter: stopAfter)
                || (draft.outOfBirthOrder == nil && Self.run(Self.drawingSteps.prefix(1), on: &draft, stopAfter: stopAfter))
        }, {
            (ordered.crossings, FamilySceneBuilder.lineFamilies(of: ordered.units),
             big ? FamilySceneBuilder.lineages(units: ordered.units, forest: ordered.forest, placement: ordered.placement, order: ordered.order) : [])
        })
        guard draft.outOfBirthOrder == nil, draft.scene != nil else { return stopped }
        draft.statistics!.crossings = crossings
        draft.families = families
        if big {
            // Through the buffer: box after box through the array's accessor took twice as
            // long (2.5 against 1.5 ms at 100,000 persons).
            draft.scene!.persons.withUnsafeMutableBufferPointer { boxes in
                for b in lineages.indices { boxes[b].lineage = lineages[b] }
            }
        }
        return stopped
    }

    /// Runs `steps` in turn on `draft`; returns whether it stopped after `stopAfter`.
    private static func run(_ steps: some Collection<any FamilyLayoutStep>, on draft: inout FamilyDraft, stopAfter: String?) -> Bool {
        for step in steps {
            step.run(&draft)
            if step.name == stopAfter { return true }
            if draft.outOfBirthOrder != nil { return false }
        }
        return false
    }
}

extension FamilyPipeline {
    /// CONTRIBUTING.md's table of the family layout's steps, written from `steps` (a test
    /// keeps the file equal to it, so the order is written once, here).
    static var stepTable: String {
        (["| # | step | guarantees | done by |", "|---:|---|---|---|"]
            + steps.enumerated().map { k, step in "| \(k + 1) | `\(step.name)` | \(step.guarantees) | \(step.doneBy) |" })
            .joined(separator: "\n")
    }
}
