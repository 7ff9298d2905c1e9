/// Writes a family as a Graphviz `dot` graph, the way a typical "family tree with
/// Graphviz" script does: a box per person, a point node per couple on the same rank,
/// and edges from the couple point (or the single parent) to each child. Used to time
/// Graphviz on exactly the family FamilyChart draws.
public struct DOTWriter {
    public init() {}

    public func write(_ data: FamilyData) -> String {
        var out = "digraph family {\n node [shape=box, style=filled, fillcolor=\"#dbe9f6\", fontname=\"DejaVu Sans\"];\n edge [arrowhead=none];\n"
        let persons = data.allPersons
        for p in persons { out += " \(quoted(p.id)) [label=\(quoted(p.name))];\n" }
        var drawn = Set<String>()
        for p in persons where !drawn.contains(p.id) {
            drawn.insert(p.id)
            var source = quoted(p.id)
            if let spouse = p.coupleID {
                drawn.insert(spouse)
                source = quoted("u_" + p.id)
                out += " \(source) [shape=point, width=0.05];\n"
                out += " {rank=same; \(quoted(p.id)) -> \(source) -> \(quoted(spouse));}\n"
            }
            for child in p.childrenIDs { out += " \(source) -> \(quoted(child));\n" }
        }
        return out + "}\n"
    }
}
