/// What a thumbnail of a whole family shows (`--view`, a manifest's `"view"`).
public enum ThumbnailView: String, Sendable, NamedCases {
    /// The whole chart when every name can be drawn legibly at the thumbnail's size, else
    /// the family around one person (`focus`).
    case auto
    /// The whole family chart, however small its names come out.
    case whole
    /// The family around one person: as many generations and relatives as fit with
    /// legible names (`ThumbnailPlanner`).
    case focus
}
