/// A sheet of paper, in points (1/72 in), portrait (width ≤ height for named sizes).
public struct PaperSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public var name: String

    public init(width: Double, height: Double, name: String) {
        self.width = width
        self.height = height
        self.name = name
    }

    private static let millimetre = 72 / 25.4

    /// ISO A0–A6 and the North American sizes.
    public static let named: [(String, Double, Double)] = [
        ("A0", 841 * millimetre, 1189 * millimetre), ("A1", 594 * millimetre, 841 * millimetre),
        ("A2", 420 * millimetre, 594 * millimetre), ("A3", 297 * millimetre, 420 * millimetre),
        ("A4", 210 * millimetre, 297 * millimetre), ("A5", 148 * millimetre, 210 * millimetre),
        ("A6", 105 * millimetre, 148 * millimetre),
        ("Letter", 612, 792), ("Legal", 612, 1008), ("Tabloid", 792, 1224),
    ]

    /// Reads a paper name (`A4`, `letter`, case-insensitive) or `WxH` with a unit:
    /// `210x297mm`, `8.5x11in`, `600x400pt`, `60x90cm`.
    public init?(_ text: String) {
        if let match = Self.named.first(where: { $0.0.lowercased() == text.lowercased() }) {
            self.init(width: match.1, height: match.2, name: match.0)
            return
        }
        let lower = text.lowercased()
        let units: [(String, Double)] = [("mm", Self.millimetre), ("cm", 10 * Self.millimetre), ("in", 72), ("pt", 1)]
        guard let unit = units.first(where: { lower.hasSuffix($0.0) }) else { return nil }
        let parts = lower.dropLast(unit.0.count).split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0 else { return nil }
        let (width, height) = (w * unit.1, h * unit.1)
        guard width >= 72, height >= 72, width <= 14_400, height <= 14_400 else { return nil }  // 1 in to 200 in (PDF viewers' limit)
        self.init(width: width, height: height, name: text)
    }

    /// The same sheet turned so that it is wider than tall.
    public var landscape: PaperSize { PaperSize(width: max(width, height), height: min(width, height), name: name) }
    /// The same sheet turned so that it is taller than wide.
    public var portrait: PaperSize { PaperSize(width: min(width, height), height: max(width, height), name: name) }

    public var description: String { name }
}

/// How the sheet is turned.
public enum Orientation: String, Sendable, CaseIterable {
    case portrait, landscape
    /// Whichever shows the chart larger (fit) or needs fewer sheets (poster).
    case auto
}
