import FamilyModel

extension PersonBox {
    /// The box of person `index` of `graph`, as every chart draws it: the person's id, name,
    /// gender and given names, their photo on their own box (not on a reference), and their
    /// second name when the style shows second names. Fields are read in place: a `Person`
    /// copy would retain every string and table it holds.
    init(person index: Int, of graph: FamilyGraph, style: LayoutStyle, generation: Int, x: Double, y: Double,
         width: Double, detail: String?, isReference: Bool) {
        self.init(unnamedPerson: index, of: graph, style: style, generation: generation, x: x, y: y, width: width,
                  detail: detail, isReference: isReference)
        takeNames(of: index, in: graph, style: style)
    }

    /// The box of person `index` before `takeNames`: its id, name and gender, place and size.
    /// For a box made where it is kept (`SceneWriter` appends it and then takes the names in
    /// the array: made aside and appended, a box was copied and destroyed, its strings
    /// retained and released, three times a person).
    init(unnamedPerson index: Int, of graph: FamilyGraph, style: LayoutStyle, generation: Int, x: Double, y: Double,
         width: Double, detail: String?, isReference: Bool) {
        self.init(id: graph.persons[index].id, name: graph.persons[index].name, gender: graph.persons[index].gender,
                  generation: generation, x: x, y: y, width: width, height: style.boxHeight, detail: detail,
                  isReference: isReference)
    }

    /// Puts a box made before its row was known (`OwnBoxes`) in its row and place.
    mutating func place(generation: Int, x: Double, y: Double, width: Double) {
        self.generation = generation
        (self.x, self.y, self.width) = (x, y, width)
    }

    /// The given names, photo (not on a reference box) and second name of person `index`.
    mutating func takeNames(of index: Int, in graph: FamilyGraph, style: LayoutStyle) {
        givenNames = graph.persons[index].nameParts?.given
        if !isReference { photo = graph.persons[index].photo }
        if style.showsSecondNames { secondName = graph.persons[index].secondName }
    }
}

extension Array where Element == PersonBox {
    /// Appends the box of person `index` of `graph`, as `PersonBox(person:of:…)` makes it but
    /// made where it is kept (see `init(unnamedPerson:…)`), and returns its index.
    @discardableResult
    mutating func appendBox(person index: Int, of graph: FamilyGraph, style: LayoutStyle, generation: Int, x: Double, y: Double,
                            width: Double, detail: String?, isReference: Bool) -> Int {
        append(PersonBox(unnamedPerson: index, of: graph, style: style, generation: generation, x: x, y: y, width: width,
                         detail: detail, isReference: isReference))
        self[count - 1].takeNames(of: index, in: graph, style: style)
        return count - 1
    }
}
