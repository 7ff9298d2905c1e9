/// Writes any family graph (seed JSON or GEDCOM) for Graphviz `dot`, the way Gramps'
/// relationship graph and ged2dot draw a family file: a box per person, a point per union
/// (family record) in its partners' rank, edges partner → union → child. The boxes have
/// FamilyChart's default size and gaps, so the two layouts can be compared on area and
/// crossings as well as on time.
public struct FamilyGraphDOTWriter {
    public init() {}

    public func write(_ graph: FamilyGraph) -> String {
        var out = """
            digraph family {
             graph [nodesep=0.19, ranksep=0.61];
             node [shape=box, fixedsize=true, width=1.444, height=0.722, fontname="DejaVu Sans", fontsize=9];
             edge [arrowhead=none];

            """
        for (i, person) in graph.persons.enumerated() {
            out += " p\(i) [label=\(quoted(person.name.isEmpty ? person.id : person.name))];\n"
        }
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty {
            out += " u\(u) [shape=point, width=0.05];\n"
            let partners = union.partners.map { "p\($0)" }
            if partners.count == 2 {
                out += " {rank=same; \(partners[0]) -> u\(u) -> \(partners[1]);}\n"
            } else {
                out += " {rank=same; \(partners[0]) -> u\(u);}\n"
            }
            for child in union.children { out += " u\(u) -> p\(child);\n" }
        }
        return out + "}\n"
    }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
