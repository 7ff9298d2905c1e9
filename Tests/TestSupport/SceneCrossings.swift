import FamilyLayout

/// Counts where connectors of different parent units cross: a horizontal run of one
/// meeting a vertical drop of another strictly inside both (lines of one union share
/// their run and never count against each other). Couple bars are not connectors.
public enum SceneCrossings {
    /// - Parameter parents: when given, only connectors from these persons are looked at.
    public static func count(_ scene: Scene, parents ids: Set<String>? = nil) -> Int { pairs(scene, parents: ids).count }

    /// The crossings, each as "run's parents × drop's parents → drop's child".
    public static func pairs(_ scene: Scene, parents ids: Set<String>? = nil) -> [String] {
        struct Segment: Hashable { let a: Double, b: Double, at: Double, parents: [Int], child: String }
        var horizontal = Set<Segment>(), vertical = Set<Segment>()
        for connector in scene.connectors {
            let parents = connector.parentBoxes.sorted()
            if let ids, !connector.parents.contains(where: ids.contains) { continue }
            for (p, q) in zip(connector.points, connector.points.dropFirst()) {
                if abs(p.y - q.y) < 1e-9 && abs(p.x - q.x) > 1e-9 {
                    horizontal.insert(Segment(a: min(p.x, q.x), b: max(p.x, q.x), at: p.y, parents: parents, child: ""))
                } else if abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) > 1e-9 {
                    vertical.insert(Segment(a: min(p.y, q.y), b: max(p.y, q.y), at: p.x, parents: parents,
                                          child: q.y > p.y && q == connector.points.last ? connector.child : "(from parents)"))
                }
            }
        }
        var byRow: [Double: [Segment]] = [:]
        for h in horizontal { byRow[h.at, default: []].append(h) }
        let rows = byRow.keys.sorted()
        var found: [String] = []
        func names(_ boxes: [Int]) -> String { boxes.map { scene.persons[$0].id }.joined(separator: "+") }
        for v in vertical {
            var low = 0, high = rows.count
            while low < high {
                let mid = (low + high) / 2
                if rows[mid] <= v.a + 1e-6 { low = mid + 1 } else { high = mid }
            }
            var k = low
            while k < rows.count, rows[k] < v.b - 1e-6 {
                for h in byRow[rows[k]]! where h.parents != v.parents && h.a + 1e-6 < v.at && v.at < h.b - 1e-6 {
                    found.append("\(names(h.parents)) × \(names(v.parents)) → \(v.child)")
                }
                k += 1
            }
        }
        return found.sorted()
    }
}
