/// Whether a reader can tell whose child each person is (issue 46): measured on the
/// parent–child lines of a scene, the way `../shared/tools/attribution.py` measures it.
///
/// For a line, the parents' *hang point* is its first point and the child's *end* its last.
/// A child **stands under another couple** when, among the families whose children stand in
/// the same row, some other family's hang point is nearer (in x) to the child's end than
/// the child's own parents' hang point, and its own hang point is more than one box pitch
/// (box + sibling gap) away from the end: a reader looking up from the child meets the wrong
/// couple first. A line's *sideways length* is the sum of its horizontal segments.
extension SceneInvariants {
    /// The figures of `attribution()`.
    public struct Attribution: Sendable, Equatable, CustomStringConvertible {
        /// Parent–child lines measured (each line is one child's, of one family).
        public var children = 0
        /// Lines whose child stands under another couple.
        public var underOtherCouple = 0
        /// The longest sideways length of one line, in points, and whose line it is.
        public var longestSideways = 0.0
        public var longestSidewaysChild: String?
        /// A few children under another couple: "child (own line N pt away, under parents)".
        public var examples: [String] = []

        /// `underOtherCouple` as a share of `children` (0 when there are none).
        public var shareUnderOtherCouple: Double { children == 0 ? 0 : Double(underOtherCouple) / Double(children) }

        public var description: String {
            "\(underOtherCouple) of \(children) children under another couple (\((shareUnderOtherCouple * 1000).rounded() / 10) %), "
                + "longest sideways line \(Int(longestSideways.rounded())) pt"
        }
    }

    /// The box pitch of the rule: a box and the gap between siblings (118 pt by default).
    public var attributionPitch: Double { style.boxWidth + style.siblingGap }

    /// Measures who stands under another couple and how far lines run sideways.
    /// - Complexity: O(c log c) for c lines (plus, per child under another couple, the
    ///   hang points of its own family passed over, which is rarely more than one).
    public func attribution() -> Attribution {
        var figures = Attribution()
        // Each row (the children's ends, by y rounded to 8 pt as the script does) holds the
        // hang points of the families with children in it, once per family and x (rounded to
        // 0.1 pt), sorted by x.
        struct Hang { var x: Double; var family: [String] }
        func rowKey(_ y: Double) -> Int { Int((y / 8).rounded(.toNearestOrEven)) }
        func rounded(_ x: Double) -> Double { (x * 10).rounded(.toNearestOrEven) / 10 }
        var hangs: [Int: [Hang]] = [:]
        var seen = Set<HangKey>()
        let lines = scene.connectors.filter { $0.points.count >= 2 }
        for line in lines {
            let row = rowKey(line.points.last!.y), x = rounded(line.points[0].x)
            if seen.insert(HangKey(row: row, x: x, family: line.parents)).inserted {
                hangs[row, default: []].append(Hang(x: x, family: line.parents))
            }
        }
        for row in hangs.keys { hangs[row]!.sort { $0.x < $1.x } }
        let pitch = attributionPitch
        for line in lines {
            figures.children += 1
            let points = line.points
            var sideways = 0.0
            for (p, q) in zip(points, points.dropFirst()) where abs(q.y - p.y) < 0.5 { sideways += abs(q.x - p.x) }
            if sideways > figures.longestSideways { (figures.longestSideways, figures.longestSidewaysChild) = (sideways, line.child) }
            let end = points.last!.x, own = abs(points[0].x - end)
            guard own > pitch, let row = hangs[rowKey(points.last!.y)] else { continue }
            // Hang points strictly nearer than the own one: those within (end − own, end + own).
            let from = row.partitionPoint { $0.x <= end - own }
            var k = from
            while k < row.count, row[k].x < end + own {
                if row[k].family != line.parents {
                    figures.underOtherCouple += 1
                    if figures.examples.count < 3 {
                        figures.examples.append("\(line.child) (own line \(Int(own.rounded())) pt away, under \(row[k].family.joined(separator: "+")))")
                    }
                    break
                }
                k += 1
            }
        }
        return figures
    }

    /// The attribution rule as violations: a share of children under another couple above
    /// `maximumShareUnderOtherCouple`, or a line longer sideways than `maximumSideways`
    /// (either nil: not checked). `violations()` leaves them out: they are measured figures
    /// with limits per chart kind, not rules every scene obeys.
    public func attributionViolations(maximumShareUnderOtherCouple: Double?, maximumSideways: Double? = nil) -> [String] {
        let figures = attribution()
        var found: [String] = []
        if let limit = maximumShareUnderOtherCouple, figures.shareUnderOtherCouple > limit + 1e-12 {
            found.append("\(figures.underOtherCouple) of \(figures.children) children stand under another couple "
                + "(more than \((limit * 1000).rounded() / 10) %), e.g. \(figures.examples.joined(separator: "; "))")
        }
        if let limit = maximumSideways, figures.longestSideways > limit + tolerance {
            found.append("the line to \(figures.longestSidewaysChild ?? "?") runs \(Int(figures.longestSideways.rounded())) pt sideways "
                + "(more than \(Int(limit)) pt)")
        }
        return found
    }
}

/// A family's hang point in a row of children, as the rule dedups them.
private struct HangKey: Hashable {
    let row: Int
    let x: Double
    let family: [String]
}
