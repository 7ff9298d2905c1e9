/// "Did you mean" hints for unknown ids: the closest known id within edit distance 2.
///
/// The work is bounded whatever the input: ids are grouped by length (only lengths within
/// 2 can be that close), at most `maximumSuggestions` hints are made (messages list only
/// the first problems anyway), and all calls together compare at most
/// `comparisonBudget` pairs; past either limit there is simply no hint. Without these
/// bounds 5,000 unknown ids among 10,000 persons took 43 s; with them the hints cost at
/// most a few hundred thousand short comparisons.
public final class IDSuggester {
    private var byLength: [Int: [(scalars: [Unicode.Scalar], index: Int)]] = [:]
    /// Whether the ids have been grouped (at the first suggestion asked for; for tests).
    public private(set) var indexed = false
    private let ids: [String]
    private var suggestionsLeft: Int
    private var comparisonsLeft: Int

    public static let maximumSuggestions = 100
    public static let comparisonBudget = 250_000
    /// Ids longer than this get no hint (nobody mistypes a 200-character id).
    public static let maximumLength = 64

    public init(ids: [String], maximumSuggestions: Int = IDSuggester.maximumSuggestions,
                comparisonBudget: Int = IDSuggester.comparisonBudget) {
        suggestionsLeft = maximumSuggestions
        comparisonsLeft = comparisonBudget
        self.ids = ids
    }

    /// Groups the ids by length, on the first call only: a file without unknown ids (nearly
    /// every file) never pays for it (a thumbnail batch spent 0.5 % of its CPU here).
    private func indexIfNeeded() {
        guard !indexed else { return }
        indexed = true
        for (index, id) in ids.enumerated() {
            let scalars = Array(id.unicodeScalars)
            byLength[scalars.count, default: []].append((scalars, index))
        }
    }

    /// How many candidate ids all calls so far have compared (for tests).
    public private(set) var comparisons = 0

    /// The closest id within edit distance 2 (ties: the earliest in input order), or nil.
    public func suggestion(for unknown: String) -> String? {
        guard suggestionsLeft > 0, comparisonsLeft > 0 else { return nil }
        indexIfNeeded()
        guard !byLength.isEmpty else { return nil }
        let target = Array(unknown.unicodeScalars.prefix(Self.maximumLength + 1))
        guard target.count <= Self.maximumLength else { return nil }  // comparing is quadratic in the length
        suggestionsLeft -= 1
        var best: (distance: Int, index: Int)?
        search: for delta in [0, -1, 1, -2, 2] {
            for candidate in byLength[target.count + delta] ?? [] {
                guard comparisonsLeft > 0 else { break search }
                comparisonsLeft -= 1
                comparisons += 1
                let distance = editDistance(target, candidate.scalars, bound: (best?.distance ?? 2) + 1)
                if distance <= 2, best == nil || (distance, candidate.index) < (best!.distance, best!.index) {
                    best = (distance, candidate.index)
                }
            }
        }
        return best.map { ids[$0.index] }
    }

    /// Damerau–Levenshtein (adjacent transpositions) distance, cut off at `bound`.
    private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum >= bound { return bound }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
