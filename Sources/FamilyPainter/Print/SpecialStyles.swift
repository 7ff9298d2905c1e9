import FamilyLayout

extension Scene {
    /// Whether the chart has marks a reader needs explained: an adopted, foster or step
    /// child, a divorce, a cross link or a reference box.
    var usesSpecialStyles: Bool {
        connectors.contains { drawsAsCrossLink($0) || $0.link != .birth } || coupleBars.contains(where: \.isDivorced)
            || persons.contains { $0.isReference && $0.wedge == nil }  // a fan's repeats say "= n" themselves
    }
}
