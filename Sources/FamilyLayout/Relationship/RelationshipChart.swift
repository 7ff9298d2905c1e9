import FamilyModel

/// How person B is related to person A, drawn: for each relationship `Kinship` finds
/// (nearest first, left to right, each a part of the scene), the nearest common ancestors
/// on top (a couple side by side with their bar, or one box), and below them the two lines
/// of descent, A's on the left and B's on the right, one row per generation so equal
/// generations stand level; one column when one is the other's ancestor. Without a blood
/// relationship, the marriage path as a staircase: a step to a parent goes a row up, to a
/// child a row down, to a partner sideways with a couple bar. Each box's second line
/// names its generation counted from the top row ("gen. 2 · 1895–1952"); a person drawn in
/// an earlier part stands again as a reference box naming where ("see gen. 3 · path 1":
/// the generation its own box shows, in the relationship drawn first, second…).
struct RelationshipChart {
    let style: LayoutStyle

    /// - Precondition: `a != b`.
    /// - Complexity: that of `Kinship` plus the persons drawn.
    func scene(for graph: FamilyGraph, a: Int, b: Int) -> Scene {
        var drawing = Drawing(graph: graph, style: style)
        let kinship = try! Kinship(graph: graph, a: a, b: b)  // a != b
        if kinship.relations.isEmpty {
            drawing.marriagePath(kinship.marriagePath, from: a)
        } else {
            for relation in kinship.relations { drawing.bloodLines(relation) }
        }
        return drawing.scene()
    }

    /// The scene under construction, part after part from the left.
    struct Drawing {
        let graph: FamilyGraph
        let style: LayoutStyle
        var writer: SceneWriter
        /// Each person's own box, once drawn.
        var ownBox: [Int: Int] = [:]
        /// Left edge of the next part, and the rows used so far.
        var left: Double
        var rows = 1
        var part = 0

        init(graph: FamilyGraph, style: LayoutStyle) {
            self.graph = graph
            self.style = style
            writer = SceneWriter(graph: graph, style: style)
            left = style.margin
        }

        /// Adds `person`'s box in `row` with its left edge at `x`: their own box the first
        /// time, a reference to it after.
        mutating func box(_ person: Int, row: Int, x: Double) -> Int {
            rows = max(rows, row + 1)
            let b: Int
            if let own = ownBox[person] {
                b = writer.addBox(person: person, generation: row, x: x, y: style.rowY(row), width: style.boxWidth,
                                  detail: "see gen. \(writer.persons[own].generation + 1) · path \(writer.persons[own].part + 1)",
                                  reference: .anotherPath)
                writer.countReference(to: own)
            } else {
                let life = SceneBuilder.lifeDetail(of: person, graph: graph, style: style)
                b = writer.addBox(person: person, generation: row, x: x, y: style.rowY(row), width: style.boxWidth,
                                  detail: "gen. \(row + 1)" + (life.map { " · " + $0 } ?? ""))
                ownBox[person] = b
            }
            writer.persons[b].part = part
            return b
        }

        /// The line from the parent box `parent` (or from `hang`) down to `child`'s box.
        mutating func line(from hang: Point, parents: [Int], to child: Int) {
            let across = writer.persons[child].y - style.rowGap / 2
            writer.addConnector(from: hang, parents: writer.parents(parents), child: child, acrossY: across,
                                link: .birth)
        }

        /// One relationship: the common ancestors in row 0, A's line down the left column,
        /// B's down the right (one column when either is the common ancestor).
        mutating func bloodLines(_ relation: Kinship.Relation) {
            let width = style.boxWidth, up = relation.generationsUpFromA, down = relation.generationsDownToB
            let ancestors = relation.commonAncestors
            let aLine = Array(relation.path[..<up].reversed())  // from just below the ancestors down to A
            let bLine = Array(relation.path[(up + ancestors.count)...])
            let twoColumns = up > 0 && down > 0
            let partWidth = twoColumns ? 2 * width + style.cousinGap : width * Double(ancestors.count) + style.coupleGap * Double(ancestors.count - 1)
            let middle = left + partWidth / 2
            // The common ancestors, and where their children's lines start.
            var hang: Point
            var top: [Int]
            if ancestors.count == 2 {
                let first = box(ancestors[0], row: 0, x: middle - style.coupleGap / 2 - width)
                let second = box(ancestors[1], row: 0, x: middle + style.coupleGap / 2)
                let union = graph.unionsOf[ancestors[0]].first { graph.unions[$0].partners == ancestors } ?? graph.unionsOf[ancestors[0]][0]
                hang = writer.addCoupleBar(hub: first, partner: second, union: union, shape: .straight)
                top = [first, second]
            } else {
                let only = box(ancestors[0], row: 0, x: middle - width / 2)
                hang = writer.hangBelow(only)
                top = [only]
            }
            let columns: [(line: [Int], x: Double)] = twoColumns
                ? [(aLine, middle - style.cousinGap / 2 - width), (bLine, middle + style.cousinGap / 2)]
                : [(aLine + bLine, middle - width / 2)]
            for column in columns {
                var parentHang = hang, parents = top
                for (k, person) in column.line.enumerated() {
                    let b = box(person, row: k + 1, x: column.x)
                    line(from: parentHang, parents: parents, to: b)
                    parentHang = writer.hangBelow(b)
                    parents = [b]
                }
            }
            left += partWidth + style.treeGap
            part += 1
        }

        /// No blood relationship: the persons of the marriage path in a staircase, one
        /// column each, a row up for a parent, down for a child, level for a partner.
        mutating func marriagePath(_ steps: [Kinship.Step], from a: Int) {
            var row = 0, rowOf = [0]
            for step in steps {
                switch step.link {
                case .father, .mother, .parent: row -= 1
                case .son, .daughter, .child: row += 1
                case .husband, .wife, .partner: break
                }
                rowOf.append(row)
            }
            let lowest = rowOf.min() ?? 0
            var boxes = [box(a, row: rowOf[0] - lowest, x: left)]
            for (k, step) in steps.enumerated() {
                let x = left + Double(k + 1) * (style.boxWidth + style.cousinGap)
                let next = box(step.to, row: rowOf[k + 1] - lowest, x: x)
                let previous = boxes[k]
                switch step.link {
                case .father, .mother, .parent: line(from: writer.hangBelow(next), parents: [next], to: previous)
                case .son, .daughter, .child: line(from: writer.hangBelow(previous), parents: [previous], to: next)
                case .husband, .wife, .partner:
                    let union = graph.unionsOf[step.from].first { graph.unions[$0].partners.contains(step.to) } ?? graph.unionsOf[step.from][0]
                    writer.addCoupleBar(hub: previous, partner: next, union: union, shape: .straight)
                }
                boxes.append(next)
            }
            left += Double(steps.count + 1) * (style.boxWidth + style.cousinGap) - style.cousinGap + style.treeGap
            part += 1
        }

        func scene() -> Scene {
            let width = max(left - style.treeGap + style.margin, 2 * style.margin + style.boxWidth)
            return writer.scene(width: width, height: style.rowY(rows - 1) + style.boxHeight + style.margin, chart: .relationship)
        }
    }
}

extension RelationshipChart {
    /// The chart of a person with nobody to relate them to: their box alone.
    func scene(alone person: Int, of graph: FamilyGraph) -> Scene {
        var drawing = Drawing(graph: graph, style: style)
        _ = drawing.box(person, row: 0, x: style.margin)
        drawing.left += style.boxWidth + style.treeGap
        return drawing.scene()
    }
}
