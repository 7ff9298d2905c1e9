/// The line passes, which move points only: the ends of a shared child's lines first
/// (`SharedChildDrops`: a hang point then keeps clear of them too), then hang points,
/// risers and drops moved clear of other families' lines (`SceneBuilder.moveLinesApart`:
/// `HangNudging`, `RiserNudging`, `DropNudging`). The passes' units, forest and order
/// are let go of here (in a big chart on a second thread, its pages handed back to the
/// system, `FreedMemory`): at a million persons, a few hundred MB.
struct LinesStep: FamilyLayoutStep {
    var name: String { "lines" }
    var guarantees: String { "a shared child's line ends stand apart; no two families' upright lines within 5 pt where a nudge can part them" }
    var doneBy: String { "SharedChildDrops, HangNudging, RiserNudging, DropNudging" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, families = draft.families!
        assert(families == LineFamilies(of: draft.scene!), "the lines drawn are the lines the units foretold")
        SharedChildDrops(spacing: FamilyChart.sharedDropSpacing).apply(to: &draft.scene!)
        var leftovers = draft.takePass()
        let big = chart.usesSecondThread(for: draft.graph)
        var scene = draft.scene!
        draft.scene = nil  // (the one reference left: moved in place)
        _ = sideBySide(parallel: big, {
            SceneBuilder.moveLinesApart(in: &scene, families: families, rowGap: chart.style.rowGap)
        }, {
            letGo(&leftovers)
            if big { FreedMemory.returnToSystem() }
        })
        draft.scene = scene
    }
}

extension FamilyChart {
    /// The crossings of `scene`'s lines per part (`parts` parts) once they are moved apart
    /// as `LinesStep` draws them (`--compact` weighs its placements so): the families
    /// found for moving them serve for counting (moving changes points only).
    func drawnCrossings(_ scene: Scene, parts: Int) -> [Int] {
        var moved = scene
        SharedChildDrops(spacing: Self.sharedDropSpacing).apply(to: &moved)
        let families = LineFamilies(of: moved)
        SceneBuilder.moveLinesApart(in: &moved, families: families, rowGap: style.rowGap)
        return moved.crossingsByPart(parts: parts, families: families)
    }
}
