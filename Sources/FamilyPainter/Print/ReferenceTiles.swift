import FamilyLayout
import FoundationEssentials

/// The words of a reference box's second line, and shorter forms of them for a box too
/// narrow for the whole: "see A31 · generation 10" → "see A31 · gen. 10" → "A31 · gen. 10",
/// tried before the line is cut with "…".
enum ReferenceLabel {
    static func shorterForms(of detail: String) -> [String] {
        // A book's reference: the page number is what the reader needs, never cut.
        for (long, shorter, shortest) in [("continued on pages ", "on pages ", "pp. "), ("continued on page ", "on page ", "p. "),
                                          ("continued from page ", "from page ", "from p. "), ("continued on ", "on ", ""),
                                          ("continued from ", "from ", "")] where detail.hasPrefix(long) {
            let rest = detail.dropFirst(long.count)
            return [shorter + rest] + (shortest.isEmpty ? [] : [shortest + rest])
        }
        guard detail.contains("generation ") else { return [] }
        let short = detail.replacing("generation ", with: "gen. ")
        return short.hasPrefix("see ") ? [short, String(short.dropFirst(4))] : [short]
    }
}

extension Scene {

    /// On a poster, a reference box says on which sheet the person's primary box is
    /// ("see B3 · generation 4"), the first tile whose region holds the box's centre.
    /// Unchanged when the plan is no poster or the chart has no reference boxes.
    /// - Complexity: O(r · t) for r reference boxes and t tiles.
    func pointingReferences(to plan: PrintPlan) -> Scene {
        guard plan.rows > 0, persons.contains(where: \.isReference) else { return self }
        var primary: [String: PersonBox] = [:]
        for box in persons where !box.isReference { primary[box.id] = box }
        let tiles: [(name: String, region: Box)] = plan.pages.compactMap { page in
            guard case .tile(let row, let column) = page.kind else { return nil }
            return (PrintPlan.tileName(row: row, column: column), page.chartRegion)
        }
        var scene = self
        for i in scene.persons.indices where scene.persons[i].isReference {
            guard let target = primary[scene.persons[i].id] else { continue }
            let x = target.centerX, y = target.y + target.height / 2
            guard let tile = tiles.first(where: { x >= $0.region.x && x <= $0.region.maxX && y >= $0.region.y && y <= $0.region.maxY })
            else { continue }
            // A pedigree's "see no. 4" keeps the number and adds the sheet.
            if let detail = scene.persons[i].detail, detail.hasPrefix("see no. ") {
                scene.persons[i].detail = "\(detail) · \(tile.name)"
            } else {
                scene.persons[i].detail = "see \(tile.name) · generation \(target.generation + 1)"
            }
        }
        return scene
    }
}
