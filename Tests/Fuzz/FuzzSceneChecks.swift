import FamilyLayout

/// The checks every layout fuzz target makes on a scene: the layout's own rules, as
/// `familychart layout --check` and the tests run them (`ChartLayout.violations(of:)`,
/// that is `SceneInvariants`: one primary box per person, references to persons drawn,
/// boxes inside the page and apart, one row per generation, parents over their children,
/// lines clear of boxes, …), and a finite page. A broken rule traps, which libFuzzer
/// reports as a crash.
func trapUnlessTheLayoutHoldsItsRules(_ layout: ChartLayout, _ scene: Scene) {
    precondition(scene.width.isFinite && scene.height.isFinite && scene.width > 0, "finite page")
    let broken = layout.violations(of: scene)
    precondition(broken.isEmpty, "\(broken.count) layout rules broken: \(broken.prefix(3))")
}
