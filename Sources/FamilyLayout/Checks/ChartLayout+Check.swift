extension ChartLayout {
    /// The rules of `SceneInvariants` that `scene`, drawn by this layout, breaks (each a
    /// sentence; empty: it holds them all): checked in the top-down frame the chart was laid
    /// out in (`Scene.turnedBack`), a `--compact` family chart's parents anywhere over their
    /// children's span. Fans have rings, not rows: none of these rules applies to them, and
    /// the result is empty. `familychart layout --check` prints these.
    public func violations(of scene: Scene) -> [String] {
        guard request.kind != .fan else { return [] }
        var invariants = SceneInvariants(scene: scene.turnedBack(from: orientation), style: orientation.isTurned ? style.turned : style)
        if case .family(let options) = request, options.compact { invariants.centring = .withinSpan }
        return invariants.violations()
    }
}
