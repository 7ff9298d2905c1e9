/// Which fonts the painter may use.
public enum FontConfiguration: Equatable, Sendable {
    /// The machine's fontconfig setup (what a user's desktop would use).
    case system
    /// Only the fonts a fontconfig file names: used by tests and golden images so the
    /// output does not drift with whatever fonts a machine has installed.
    case file(String)
}

/// Font families and sizes for the text in boxes.
public struct TextStyle: Equatable, Sendable {
    /// A Pango family list; CJK falls back to WenQuanYi Micro Hei (installed by scripts/setup).
    public var family = "DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif"
    public var nameSize = 10.0
    public var detailSize = 8.0
    /// Inner padding of a box.
    public var padding = 6.0
    /// Lines a long name may wrap to before it is ellipsized.
    public var maximumNameLines = 2
    /// The smallest share of `nameSize` a long name may shrink to before its given names
    /// are abbreviated (a book raises it so that names never print under its least size).
    public var smallestNameShare = TextEngine.smallestNameShare

    public init() {}
}
