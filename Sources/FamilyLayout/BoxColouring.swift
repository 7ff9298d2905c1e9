import FamilyModel

/// What colours the boxes (`--color-by`).
public enum ColourScheme: String, Sendable, NamedCases {
    /// The theme's colours (male, female, unknown): the scene carries no colours.
    case gender
    /// The focus's (or root's) four grandparents' quarters and father's and mother's sides.
    case lineage
    /// Which child of the tree's root a line descends from (`PersonBox.lineage`).
    case branch
    /// One colour for each frequent surname, the others grey.
    case surname
    /// A ramp from the top row to the bottom.
    case generation
    /// Every box alike.
    case none
}

/// A box fill and outline (`#RRGGBB`); also a theme's gender colours (`Theme.BoxColours`).
public struct Swatch: Equatable, Sendable {
    public var fill: String
    public var outline: String

    public init(fill: String, outline: String) {
        self.fill = fill
        self.outline = outline
    }
}

/// The colours a scheme may use: distinct categories in order, a ramp's two ends, the
/// colour of "everyone else", and whether boxes carry a letter naming their colour (a
/// greyscale theme, where shades alone are hard to tell apart).
public struct SchemeColours: Equatable, Sendable {
    public var categories: [Swatch]
    public var rampStart: Swatch
    public var rampEnd: Swatch
    public var other: Swatch
    public var marksBoxes: Bool

    public init(categories: [Swatch], rampStart: Swatch, rampEnd: Swatch, other: Swatch, marksBoxes: Bool) {
        self.categories = categories
        self.rampStart = rampStart
        self.rampEnd = rampEnd
        self.other = other
        self.marksBoxes = marksBoxes
    }
}

/// One line of the colour legend: the colour, its mark (if boxes carry marks) and what it means.
public struct ColourKey: Codable, Equatable, Sendable {
    public var fill: String
    public var outline: String
    public var mark: String?
    public var label: String

    public init(fill: String, outline: String, mark: String? = nil, label: String) {
        self.fill = fill
        self.outline = outline
        self.mark = mark
        self.label = label
    }
}

/// Colours a laid-out scene's boxes by a scheme: writes each box's `fill`, `outline` and
/// `mark`, and the scene's `colourKey` naming every colour used, in order. The painter
/// paints what the scene says and interprets nothing.
public struct BoxColouring: Sendable {
    public var scheme: ColourScheme
    public var colours: SchemeColours
    /// The person `lineage` is about (the chart's focus, or the root of a descendant chart).
    public var focus: Int?

    public init(scheme: ColourScheme, colours: SchemeColours, focus: Int? = nil) {
        self.scheme = scheme
        self.colours = colours
        self.focus = focus
    }

    /// Most surnames given a colour of their own; the rest share `other`.
    public static let surnameColours = 8

    /// - Complexity: O(n log n) for n boxes (plus the focus's ancestors for `lineage`).
    public func apply(to scene: inout Scene, graph: FamilyGraph) {
        guard scheme != .gender else { return }
        var index: [String: Int] = [:]
        index.reserveCapacity(graph.count)
        for (i, person) in graph.persons.enumerated() { index[person.id] = i }
        // Each box's group: a small number, with the legend's words for it; nil is "other".
        var group = [Int?](repeating: nil, count: scene.persons.count)
        var names: [Int: String] = [:]
        var otherName = "others"
        switch scheme {
        case .gender: return
        case .none:
            otherName = "everyone"
        case .generation:
            let rows = Set(scene.persons.map(\.generation)).sorted()
            for (b, box) in scene.persons.enumerated() { group[b] = rows.firstIndex(of: box.generation) }
            for (k, row) in rows.enumerated() { names[k] = "generation \(row + 1)" }
        case .branch:
            otherName = "roots and their partners"
            let founders = Self.branchFounders(scene)
            for (b, box) in scene.persons.enumerated() { group[b] = box.lineage }
            for lineage in Set(scene.persons.compactMap(\.lineage)) {
                names[lineage] = founders[lineage].map { "branch of \($0)" } ?? "branch \(lineage + 1)"
            }
        case .surname:
            otherName = "other surnames"
            let surnames = scene.persons.map { index[$0.id].map { Self.surname(of: graph.persons[$0]) } ?? nil }
            var count: [String: Int] = [:]
            for case let name? in surnames { count[name, default: 0] += 1 }
            let frequent = count.filter { $0.value >= 2 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .prefix(min(Self.surnameColours, colours.categories.count)).map(\.key)
            for (b, name) in surnames.enumerated() { group[b] = name.flatMap { frequent.firstIndex(of: $0) } }
            for (k, name) in frequent.enumerated() { names[k] = name }
        case .lineage:
            otherName = "the focus, descendants and others"
            guard let focus else { break }
            let quarters = Self.quarters(of: focus, in: graph)
            for (b, box) in scene.persons.enumerated() { group[b] = index[box.id].flatMap { quarters.group[$0] } }
            names = quarters.names
        }
        // Groups in order of first appearance in the legend: by number.
        let used = Set(group.compactMap { $0 }).sorted()
        let ramp = scheme == .generation
        var swatch: [Int: (Swatch, String?)] = [:]
        for (k, g) in used.enumerated() {
            let colour: Swatch
            if ramp {
                colour = used.count == 1 ? colours.rampStart : Self.mix(colours.rampStart, colours.rampEnd, Double(k) / Double(used.count - 1))
            } else {
                colour = colours.categories[g % colours.categories.count]
            }
            swatch[g] = (colour, colours.marksBoxes ? (ramp ? String(k + 1) : Self.letter(g)) : nil)
        }
        var key: [ColourKey] = []
        for g in used {
            let (colour, mark) = swatch[g]!
            key.append(ColourKey(fill: colour.fill, outline: colour.outline, mark: mark, label: names[g] ?? "group \(g + 1)"))
        }
        let othersMark: String? = colours.marksBoxes && scheme != .none ? "·" : nil
        if group.contains(where: { $0 == nil }) {
            key.append(ColourKey(fill: colours.other.fill, outline: colours.other.outline, mark: othersMark, label: otherName))
        }
        for b in scene.persons.indices {
            let (colour, mark) = group[b].flatMap { swatch[$0] } ?? (colours.other, othersMark)
            scene.persons[b].fill = colour.fill
            scene.persons[b].outline = colour.outline
            scene.persons[b].mark = scene.persons[b].isReference ? nil : mark
        }
        scene.colourKey = key
    }

    /// "A", "B", … "Z", "AA"…: a category's mark.
    static func letter(_ k: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return k < 26 ? String(letters[k]) : String(letters[k / 26 - 1]) + String(letters[k % 26])
    }

    /// The colour `t` of the way from `a` to `b`.
    public static func mix(_ a: Swatch, _ b: Swatch, _ t: Double) -> Swatch {
        func channel(_ text: String, _ shift: Int) -> Double {
            Double((UInt32(text.dropFirst(), radix: 16) ?? 0) >> UInt32(shift) & 0xFF)
        }
        func blend(_ x: String, _ y: String) -> String {
            let parts = [16, 8, 0].map { shift -> String in
                let value = Int((channel(x, shift) * (1 - t) + channel(y, shift) * t).rounded())
                let hex = String(value, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }
            return "#" + parts.joined()
        }
        return Swatch(fill: blend(a.fill, b.fill), outline: blend(a.outline, b.outline))
    }

    /// The person a branch starts with: its topmost box that hangs from a parent (a child
    /// of the tree's root), by name.
    static func branchFounders(_ scene: Scene) -> [Int: String] {
        var isChild = [Bool](repeating: false, count: scene.persons.count)
        for connector in scene.connectors where connector.childBox < isChild.count { isChild[connector.childBox] = true }
        var founder: [Int: Int] = [:]
        for (b, box) in scene.persons.enumerated() where isChild[b] && !box.isReference {
            guard let lineage = box.lineage else { continue }
            if let known = founder[lineage], scene.persons[known].generation <= box.generation { continue }
            founder[lineage] = b
        }
        return founder.mapValues { scene.persons[$0].name }
    }

    /// A person's surname: the input's (GEDCOM), else the last word of the name (the first
    /// character of a name without spaces in a script without them: Chinese, Japanese, Korean).
    static func surname(of person: Person) -> String? {
        let scalars = Array(person.name.unicodeScalars)
        if let span = person.nameParts?.surname, span.start >= 0, Int(span.end) <= scalars.count, span.start < span.end {
            return String(String.UnicodeScalarView(scalars[Int(span.start)..<Int(span.end)]))
        }
        let words = person.name.split(separator: " ")
        if words.count > 1 { return words.last.map(String.init) }
        if let first = person.name.unicodeScalars.first, first.value >= 0x2E80 { return String(first) }
        return nil
    }

    /// The focus's father's and mother's sides: the father (group 0) and mother (1), then
    /// the ancestors of each grandparent, the grandparent included (2: father's father,
    /// 3: father's mother, 4: mother's father, 5: mother's mother). A person reached
    /// through two quarters (pedigree collapse) keeps the first.
    static func quarters(of focus: Int, in graph: FamilyGraph) -> (group: [Int: Int], names: [Int: String]) {
        let birth = Pedigree.birthFamilies(graph)
        func parents(_ p: Int) -> (father: Int?, mother: Int?) {
            guard birth[p] >= 0 else { return (nil, nil) }
            let partners = graph.unions[birth[p]].partners
            var father: Int?, mother: Int?
            for q in partners {
                if graph.persons[q].gender == .female, mother == nil { mother = q } else if father == nil { father = q } else { mother = q }
            }
            return (father, mother)
        }
        var group: [Int: Int] = [:]
        var names: [Int: String] = [:]
        let (father, mother) = parents(focus)
        for (g, parent, side) in [(0, father, "father's side"), (1, mother, "mother's side")] {
            guard let parent else { continue }
            group[parent] = g
            names[g] = "\(side): \(graph.persons[parent].name)"
            let (gf, gm) = parents(parent)
            for (q, grand, words) in [(2 + 2 * g, gf, g == 0 ? "father's father" : "mother's father"),
                                      (3 + 2 * g, gm, g == 0 ? "father's mother" : "mother's mother")] {
                guard let grand else { continue }
                names[q] = "\(words): \(graph.persons[grand].name)"
                var stack = [grand]
                while let p = stack.popLast() {
                    guard group[p] == nil, p != focus else { continue }
                    group[p] = q
                    let (f, m) = parents(p)
                    if let f { stack.append(f) }
                    if let m { stack.append(m) }
                }
            }
        }
        return (group, names)
    }
}
