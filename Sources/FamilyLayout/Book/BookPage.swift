import FamilyModel

/// One page of a chart book: a scene in the page's chart-area points (origin at the chart
/// area's top-left), with the tags and references that send the reader elsewhere.
public struct BookPage: Equatable, Sendable {
    public var number: Int
    public var scene: Scene
    /// The pieces on the page (indexes into `Book.pieces`), in reading order.
    public var pieces: [Int]
    /// Each piece's outline (window and lanes) on the page.
    public var frames: [Box]
    /// The page's tags and reference boxes and the page each sends the reader to.
    public var links: [BookLink]
    /// For each of the scene's connectors, the chart's connector it draws (or part of).
    public var lineSources: [Int]
    /// The generations of the page's boxes (`PersonBox.generation`).
    public var generations: ClosedRange<Int>
    /// The parts the page shows (`PersonBox.part`), ascending.
    public var parts: [Int]
    /// The running head: "Descendants of Christian IX", the person highest on the page
    /// with children there (else "Family of" its first person).
    public var head: String
}

/// A box of a book page that stands for persons drawn elsewhere: a tag where a line
/// leaves the page, or one of the chart's own reference boxes.
public struct BookLink: Equatable, Sendable {
    /// Index into the page scene's persons.
    public var box: Int
    /// The page the persons are drawn on.
    public var page: Int
    /// The persons it stands for (scene ids): a line's child or children, or parents.
    public var persons: [String]
    /// Whether the box names them (not "3 children"): the index lists the page for them.
    public var isNamed = true
}
