import FamilyLayout

extension ChartRequest {
    /// The three ways the whole input can be placed: the family chart, and descendant
    /// trees of every root, tidy and in columns.
    public static let placements: [ChartRequest] = [.family, .descendants(.init()), .descendants(.init(placement: .columns))]
}
