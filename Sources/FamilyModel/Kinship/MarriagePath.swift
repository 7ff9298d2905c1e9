/// The shortest path between two persons through parent, child and partner links, for
/// persons with no common ancestor ("the wife of A's son").
enum MarriagePath {
    /// Breadth-first from `a`, each link one step; a person's neighbours in this order:
    /// their birth parents (as the file lists them), their children born to each of their
    /// families (families in order, children in order), then their partners. Empty when
    /// `b` cannot be reached.
    /// - Complexity: O(n + e) for the persons and links connected to `a`.
    static func shortest(_ graph: FamilyGraph, from a: Int, to b: Int) -> [Kinship.Step] {
        var came: [Int: Kinship.Step] = [a: Kinship.Step(from: a, to: a, link: .partner)]
        var queue = [a]
        var head = 0
        search: while head < queue.count {
            let p = queue[head]
            head += 1
            for step in steps(graph, from: p) where came[step.to] == nil {
                came[step.to] = step
                if step.to == b { break search }
                queue.append(step.to)
            }
        }
        guard came[b] != nil else { return [] }
        var path: [Kinship.Step] = []
        var p = b
        while p != a {
            let step = came[p]!
            path.append(step)
            p = step.from
        }
        return path.reversed()
    }

    /// The links from `p`, in the search's order.
    static func steps(_ graph: FamilyGraph, from p: Int) -> [Kinship.Step] {
        func named(_ q: Int, _ male: Kinship.Link, _ female: Kinship.Link, _ neutral: Kinship.Link) -> Kinship.Link {
            switch graph.persons[q].gender {
            case .male: return male
            case .female: return female
            case .unknown: return neutral
            }
        }
        var steps = graph.birthParents(of: p).map { Kinship.Step(from: p, to: $0, link: named($0, .father, .mother, .parent)) }
        for u in graph.unionsOf[p] {
            for child in graph.unions[u].children where graph.birthFamily(of: child) == u {
                steps.append(Kinship.Step(from: p, to: child, link: named(child, .son, .daughter, .child)))
            }
        }
        for partner in graph.partners(of: p) {
            steps.append(Kinship.Step(from: p, to: partner, link: named(partner, .husband, .wife, .partner)))
        }
        return steps
    }
}
