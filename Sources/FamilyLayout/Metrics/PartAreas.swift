extension Scene {
    /// The area of each part's boxes as drawn, per part (`parts` parts): the width times
    /// the height of the smallest rectangle around them, so a part whose gaps grew for its
    /// tracks counts taller. `--compact` weighs placements of a part by it; 0 for a part
    /// without boxes.
    /// - Complexity: O(b) for b boxes.
    func boxAreasByPart(parts: Int) -> [Double] {
        var low = [(x: Double, y: Double)](repeating: (.infinity, .infinity), count: parts)
        var high = [(x: Double, y: Double)](repeating: (-.infinity, -.infinity), count: parts)
        for b in persons.indices where persons[b].part >= 0 && persons[b].part < parts {
            let part = persons[b].part
            low[part] = (min(low[part].x, persons[b].x), min(low[part].y, persons[b].y))
            high[part] = (max(high[part].x, persons[b].maxX), max(high[part].y, persons[b].maxY))
        }
        return (0..<parts).map { high[$0].x < low[$0].x ? 0 : (high[$0].x - low[$0].x) * (high[$0].y - low[$0].y) }
    }
}
