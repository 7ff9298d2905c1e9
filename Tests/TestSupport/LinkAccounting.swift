import FamilyLayout
import FamilyModel

/// Checks that every parent–child link of the input is in the chart: drawn as a connector
/// from the parents to the child's box, or ending at a reference box of the child under
/// those parents (a reference names where the person's own box is). Links to a family
/// that names no parent have nothing to draw and are not counted.
public struct LinkAccounting {
    /// Links not found, as "parents → child" ids.
    public let unaccounted: [String]
    /// How many links were checked.
    public let checked: Int

    public init(graph: FamilyGraph, scene: Scene) {
        var drawn = Set<[String]>()
        for connector in scene.connectors { drawn.insert(connector.parents.sorted() + ["→", connector.child]) }
        var missing: [String] = []
        var count = 0
        for union in graph.unions where !union.partners.isEmpty {
            let parents = union.partners.map { graph.persons[$0].id }.sorted()
            for child in union.children {
                count += 1
                let key = parents + ["→", graph.persons[child].id]
                if !drawn.contains(key) { missing.append(parents.joined(separator: "+") + " → " + graph.persons[child].id) }
            }
        }
        unaccounted = missing
        checked = count
    }
}
