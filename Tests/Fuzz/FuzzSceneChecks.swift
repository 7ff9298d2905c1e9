import FamilyLayout

/// The checks every layout fuzz target makes on a scene: no two boxes of a row overlap
/// and the page is finite. A violation traps, which libFuzzer reports as a crash.
func trapUnlessSceneIsSound(_ scene: Scene) {
    var rows: [Double: [PersonBox]] = [:]
    for box in scene.persons { rows[box.y, default: []].append(box) }
    for row in rows.values {
        let sorted = row.sorted { $0.x < $1.x }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            precondition(b.x >= a.maxX - 1e-6, "boxes \(a.id) and \(b.id) overlap")
        }
    }
    precondition(scene.width.isFinite && scene.height.isFinite && scene.width > 0, "finite page")
}

/// Every person has at most one box that is not a reference, and every reference names a
/// person who has one (ancestor and hourglass charts draw only some persons).
func trapUnlessEveryoneStandsOnce(_ scene: Scene) {
    var primary = Set<String>()
    for box in scene.persons where !box.isReference {
        precondition(primary.insert(box.id).inserted, "\(box.id) has two boxes that are not references")
    }
    precondition(scene.persons.allSatisfy { primary.contains($0.id) }, "a reference names a person not drawn")
}
