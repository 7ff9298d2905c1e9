/// Why a reference box stands where it does (the person's own box is elsewhere).
public enum ReferenceReason: String, Codable, Sendable, CaseIterable {
    /// The person's partner stands in another generation row (e.g. an uncle who married
    /// his niece): the partner's union is drawn with this reference beside them.
    case partnerInOtherRow = "partner-row"
    /// The person's parents' row and their own place disagree (cousins of different depths
    /// who married): the parents' family shows this reference among its children.
    case childInOtherRow = "child-row"
    /// A second family of a child (adoptive, foster, step, or a second birth record): the
    /// child stands under their first family and is referenced here.
    case otherFamily = "other-family"
    /// Partners who form a ring (A–B, B–C, C–A): one union of the ring is drawn with a reference.
    case partnerRing = "partner-ring"
    /// A person with more partners than the bars rising from their box can keep 5 pt apart
    /// (at the default box width, from the 17th partner on): the later unions are drawn
    /// beside this reference, each with its children (family charts), or in this
    /// reference's unit beside the person's own (descendant charts, trees, hourglasses).
    case manyPartners = "many-partners"
    /// Family charts: a child whose own box stands with their partner's family, so far
    /// from these parents (or across so many lines, or so out of birth order among their
    /// siblings) that a reference reads better than a line.
    case farFromParents = "far-from-parents"
    /// Descendant charts: the person is met a second time (pedigree collapse, an in-law
    /// with their own parents in the chart).
    case metAgain = "met-again"
    /// Ancestor charts: an ancestor reached a second time (pedigree collapse); their own box
    /// stands at the place with the smallest Sosa number, and nothing is drawn above this one.
    case pedigreeCollapse = "pedigree-collapse"
    /// Relationship charts: the person's own box stands in an earlier relationship's part
    /// (A and B in every part, and lines shared by several relationships).
    case anotherPath = "another-path"
}
