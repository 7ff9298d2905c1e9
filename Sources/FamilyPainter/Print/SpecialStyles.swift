import FamilyLayout

extension Scene {
    /// Whether the chart has marks a reader needs explained: an adopted, foster or step
    /// child, a divorce, a cross link, a reference box, or colours chosen by a scheme.
    var usesSpecialStyles: Bool {
        !colourKey.isEmpty || connectors.contains { $0.style == .crossLink || $0.link != .birth } || coupleBars.contains(where: \.isDivorced)
            || persons.contains { $0.isReference && $0.wedge == nil }  // a fan's repeats say "= n" themselves
    }
}
