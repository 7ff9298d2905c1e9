import FamilyModel

/// Sizes and spacings of a chart, in points.
public struct LayoutStyle: Codable, Equatable, Sendable {
    public var boxWidth: Double = 104
    public var boxHeight: Double = 52
    /// The widest a box may grow to fit its name (`ChartLayout.labelWidth`).
    public var maximumBoxWidth: Double = 208
    /// Horizontal space between two spouses; the couple bar spans it.
    public var coupleGap: Double = 18
    /// Minimum space between the boxes of siblings.
    public var siblingGap: Double = 14
    /// Minimum space between neighbouring boxes that are not siblings.
    public var cousinGap: Double = 28
    /// Minimum space between separate trees.
    public var treeGap: Double = 48
    /// Vertical space between two generation rows; connectors run in it.
    public var rowGap: Double = 44
    /// Empty border around the chart.
    public var margin: Double = 24
    /// Whether boxes carry an "age N" line under the name when the age is known.
    public var showsAge: Bool = true
    /// Whether boxes carry the birth–death years when known (they take the age's place).
    public var showsDates: Bool = true
    /// Whether boxes carry a person's second name (native script, romanised, married) when known.
    public var showsSecondNames: Bool = false
    /// Whether the life years fall back on baptism and burial dates (marked), and the age
    /// on the years between birth and death (`--box`; off keeps the boxes as they were).
    public var readsStandIns: Bool = false
    /// The height a box grows by for each line beyond name and detail (`--box`).
    public var boxLineHeight: Double = 10
    /// The words the life years are shown with ("c.", "bef.", "b.", …; a theme's `dates`).
    public var dateWords = DateWords.standard

    public init() {}

    /// Top edge of the boxes of `generation`.
    public func rowY(_ generation: Int) -> Double {
        margin + Double(generation) * (boxHeight + rowGap)
    }
}

/// Which side a person's partners stand on.
public enum PartnerOrder: String, Codable, Sendable, CaseIterable {
    /// In marriage order: first right, then left, then right beyond the first… (default).
    case marriage
    /// As `marriage`, mirrored for a woman, so that where genders are known men stand left
    /// of their wives (same-sex and unknown couples keep the marriage order).
    case maleLeft = "male-left"
}
