/// An axis-aligned rectangle in points: a sheet's areas (`PrintPlan`), a book piece's
/// window (`BookPiece`).
public struct Box: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Whether `p` lies inside or on the edge (within `slack`).
    func contains(_ p: Point, slack: Double = 0.01) -> Bool {
        p.x >= x - slack && p.x <= maxX + slack && p.y >= y - slack && p.y <= maxY + slack
    }

    /// The rectangle grown by `top`, `bottom`, `left`, `right`.
    func grown(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) -> Box {
        Box(x: x - left, y: y - top, width: width + left + right, height: height + top + bottom)
    }
}
