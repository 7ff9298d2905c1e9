/// How person B is related to person A: every distinct blood relationship through their
/// nearest common ancestors, nearest first, or — with none — the shortest path through
/// parent, child and partner links.
///
/// The rules (one set, shared with the page's `familyChart.relate`):
/// - Parents are the birth family's partners (`FamilyGraph.birthFamily(of:)`), the same as
///   the ancestor chart's. dA(C) is the fewest generations from A up to C (A itself 0),
///   found breadth-first; dB likewise.
/// - A common ancestor C (dA and dB both defined) gives a *line* of relationship when two of
///   its children (or C itself, where C is A or B) lead down to A and to B by lines that
///   share no person and do not both pass another common ancestor (`KinshipLine`); (a, b)
///   are that line's generations. A nearest common ancestor (one that is not an ancestor of
///   another) always gives the line (dA(C), dB(C)); an ancestor above gives one where B
///   descends from it along another branch ("also half second cousin thrice removed").
/// - Common ancestors who are the two partners of one family and share (a, b) make one
///   relationship (partners as the file lists them); any other makes its own.
///   Relationships are ordered by a + b, then min(a, b), then the file order of their
///   first common ancestor; at most `maximumRelations` are kept (`omitted` counts the rest).
/// - A relationship through one person C with a, b ≥ 1 is *half* when its two children
///   come from different families of C (a line through one family is preferred).
/// - A line through an adoption, fostering or stepchild link says so (`by`), and is then
///   neither full nor half.
/// - `path` runs from A up to the common ancestors and down to B; each step down takes the
///   first child (C's families in order, their children in order) on a shortest line, and
///   from a couple the first such child of the couple's own family.
public struct Kinship: Sendable, Equatable {
    /// One way B descends, with A, from common ancestors.
    public struct Relation: Sendable, Equatable {
        /// Generations from A up to the common ancestors (a).
        public var generationsUpFromA: Int
        /// Generations from the common ancestors down to B (b).
        public var generationsDownToB: Int
        public var isHalf: Bool
        /// One person, or the two partners of one family as the file lists them.
        public var commonAncestors: [Int]
        /// What B is to A ("second cousin once removed").
        public var term: String
        /// A, the persons up to the common ancestors, the common ancestors, the persons down to B, B.
        public var path: [Int]
        /// How the persons on the path belong to the families climbed through: `.birth` when
        /// all by birth, else a stepchild's link, adoption or fostering (in that precedence),
        /// which `term` then says ("adopted brother", "first cousin by adoption").
        public var by: ChildLink = .birth
    }

    /// How a step's `to` person stands to its `from` person.
    public enum Link: String, Sendable, Equatable {
        case father, mother, parent, son, daughter, child, husband, wife, partner
    }

    public struct Step: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var link: Link

        public init(from: Int, to: Int, link: Link) {
            self.from = from
            self.to = to
            self.link = link
        }
    }

    /// At most this many relationships are listed (royal files have dozens).
    public static let maximumRelations = 16

    public let a: Int
    public let b: Int
    /// Nearest first; empty when A and B have no common ancestor.
    public internal(set) var relations: [Relation] = []
    /// Relationships found beyond `maximumRelations`.
    public internal(set) var omitted = 0
    /// Without a blood relationship: the shortest path from A to B through parents,
    /// children and partners (empty when there is a blood relationship, or no path at all).
    public internal(set) var marriagePath: [Step] = []

    public var isTruncated: Bool { omitted > 0 }
}

/// `relate` was asked about one person twice.
public struct KinshipError: Error, Equatable, CustomStringConvertible {
    public var id: String
    public var description: String { "A and B are the same person (\(MessageText.quoted(id))); name two different persons" }
}
