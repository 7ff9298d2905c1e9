extension FamilyGraph {
    /// The family `p` was born into (-1 for none): the first of their families that names a
    /// parent, in the importer's order, which puts a birth family (GEDCOM `PEDI birth`, or
    /// no `PEDI`) first; the seed's parent unit. Ancestor charts and kinship climb these.
    public func birthFamily(of p: Int) -> Int {
        parentUnions[p].first { !unions[$0].partners.isEmpty } ?? Self.none
    }

    /// `p`'s parents: the partners of their birth family, as the file lists them.
    public func birthParents(of p: Int) -> [Int] {
        let u = birthFamily(of: p)
        return u == Self.none ? [] : unions[u].partners
    }
}
