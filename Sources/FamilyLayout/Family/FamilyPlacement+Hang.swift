import FamilyModel

// Where each union's children hang from: the middle of a couple's gap, or a single
// parent's box centre. The ordering reads it to score and pull, the far-line and stretch
// passes to measure lines, and the scene builder to start the connectors, so it lives
// with the placement rather than in any one of those phases.
extension FamilyPlacement {
    /// Where a union hangs its children, in box positions of its unit (a gap is k + 0.5): a
    /// union placed at `position` (its `hangPosition`), a couple or not. (Callers read those
    /// two in place: a copy of the union would retain and release its lists.)
    func hangPosition(position: Int, isCouple: Bool, unit: Int, order: FamilyOrder) -> Double {
        let h = FamilyUnits.hangOrder(position: position, isCouple: isCouple)
        return order.mirrored[unit] ? Double(units.units[unit].boxes.count - 1) - h : h
    }

    /// Offset of the point a union hangs its children from: the middle of its gap (a
    /// couple), or its box centre (a single parent); the union as in `hangPosition`.
    func hangOffset(position: Int, isCouple: Bool, unit: Int, order: FamilyOrder) -> Double {
        let h = hangPosition(position: position, isCouple: isCouple, unit: unit, order: order)
        let low = Int(h.rounded(.down))
        guard Double(low) != h else { return offset(ofDrawn: low, unit: unit, order: order) }
        return (offset(ofDrawn: low, unit: unit, order: order) + offset(ofDrawn: low + 1, unit: unit, order: order)) / 2
    }

    /// x of the point `union`'s children hang from, with the units' anchor boxes at `boxX`.
    func hangX(of union: Int, order: FamilyOrder, boxX: [Double]) -> Double {
        let unit = units.unitOfUnion[union], k = units.placementOfUnion[union]
        let anchor = forest.anchorBox[unit]
        return boxX[anchor] + hangOffset(position: units.units[unit].unions[k].hangPosition, isCouple: units.units[unit].unions[k].isCouple,
                                         unit: unit, order: order) - offset(of: anchor, order: order)
    }
}
