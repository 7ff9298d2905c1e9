/// How a connector is drawn (`"style"` in the scene, written only when not `link`). The
/// layout decides it, so the painter, the semantic SVG and the page draw a line as the
/// scene says without knowing which chart it belongs to.
public enum ConnectorStyle: String, Codable, Sendable, CaseIterable {
    /// As its `link` says: solid for a birth child, dashed adopted, dotted foster or step.
    case link
    /// Dashed in the theme's cross-link colour: a descendant chart's line to a child
    /// drawn under other parents (a spouse whose own parents are in the data), which
    /// would otherwise read as that couple's placement.
    case crossLink = "cross-link"
}
