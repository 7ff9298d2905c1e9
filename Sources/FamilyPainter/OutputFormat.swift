/// The file formats the painter writes.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, pdf, svg

    /// The format a file name's extension asks for (case-insensitive), if any.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// Knobs of one render.
public struct RenderOptions: Sendable {
    /// Pixels per point for PNG (1 = 72 dpi, 2 = 144 dpi). Ignored by PDF and SVG.
    public var scale: Double = 2
    /// Document title for PDF metadata.
    public var title: String = "Family chart"

    public init() {}

    /// Sets the PNG scale from dots per inch.
    public mutating func setDPI(_ dpi: Double) { scale = dpi / 72 }
}
