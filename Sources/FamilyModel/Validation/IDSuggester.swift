/// Proposes the known id nearest to a mistyped one ("p71" → "p17").
public struct IDSuggester {
    let ids: [String]

    public init(ids: [String]) { self.ids = ids }

    /// The closest id within edit distance 2 (ties: the earliest in input order), or nil.
    public func suggestion(for unknown: String) -> String? {
        let target = Array(unknown.unicodeScalars)
        var best: (distance: Int, id: String)?
        for id in ids {
            let candidate = Array(id.unicodeScalars)
            guard abs(candidate.count - target.count) <= 2 else { continue }
            let distance = editDistance(target, candidate, bound: best?.distance ?? 3)
            if distance <= 2, distance < (best?.distance ?? 3) { best = (distance, id) }
        }
        return best?.id
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
