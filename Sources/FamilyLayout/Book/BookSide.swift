/// Which edge of a piece a line crosses where it leaves it.
public enum BookSide: Int, Sendable, Comparable {
    case top, bottom, left, right
    public static func < (a: BookSide, b: BookSide) -> Bool { a.rawValue < b.rawValue }
}
