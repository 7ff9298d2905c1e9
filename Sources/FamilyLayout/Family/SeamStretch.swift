/// Couple bars stretched so that a partner stands under their own parents: in a couple
/// (two partners, no others) whose partners both have parents drawn (it hangs from one family), the line from the
/// other family comes across; widening the gap between the partners by that distance (at
/// most `maximum`) brings the partner under their parents, and the couple's children
/// centre under the bar's new middle. One pass over the lines, O(lines).
struct SeamStretch {
    let pass: FamilyChart.Pass
    /// The most a bar grows, in points.
    let maximum: Double

    /// Extra space per unit and built gap (see `FamilyPlacement.stretch`).
    func gaps() -> [Int: [Int: Double]] {
        let units = pass.units, placement = pass.placement, order = pass.order
        var result: [Int: [Int: Double]] = [:]
        for link in pass.forest.crossLinks {
            let u = link.unit
            let n = units.units[u].boxes.count
            // Only a plain couple stretches: a person with several partners keeps them close.
            guard n == 2, units.boxes[link.box].reference == nil else { continue }
            let hang = placement.hangX(of: link.union, order: order, boxX: pass.boxX)
            let d = hang - pass.boxX[link.box]
            let (member, anchor) = (placement.position(of: link.box, order: order), placement.position(of: pass.forest.anchorBox[u], order: order))
            let drawnGap: Int
            if d > 0.5 && member > anchor {
                drawnGap = member - 1  // the gap left of the partner: the partner moves right
            } else if d < -0.5 && member < anchor {
                drawnGap = member  // the gap right of the partner: the partner moves left
            } else {
                continue
            }
            let gap = order.mirrored[u] ? n - 2 - drawnGap : drawnGap
            result[u, default: [:]][gap] = max(result[u]?[gap] ?? 0, min(abs(d), maximum))
        }
        return result
    }
}
