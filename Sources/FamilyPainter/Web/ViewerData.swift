import FamilyLayout
import FamilyModel

/// What the interactive page knows beside the picture: each person once (the fields of
/// their primary box, their parents, partners and children, all as positions in
/// `people`), and every box's rectangle on the page, in the order of the SVG's person
/// groups. Written as JSON into the page; the viewer never parses the SVG for it.
struct ViewerData {
    struct Person {
        var box: PersonBox
        var url: String?
        var parents: [Int] = []
        var partners: [Int] = []
        var children: [Int] = []
        var details: PageDetails.Entry?
    }

    var people: [Person] = []
    /// For each scene box, its person.
    var personOfBox: [Int] = []
    /// For each scene wedge with a person, that person.
    var personOfWedge: [Int] = []

    /// - Complexity: O(n + c + b) for n boxes, c connectors and b couple bars.
    init(scene all: Scene, links: LinkTemplate?, details: PageDetails? = nil) {
        // Persons drawn by a wedge have no box in the page (as in its SVG); their entries
        // still give the name, gender and detail the panel shows.
        let scene = all.drawnByShapes
        var entryOfWedgePerson: [String: PersonBox] = [:]
        for box in all.persons where box.wedge != nil && (!box.isReference || entryOfWedgePerson[box.id] == nil) {
            entryOfWedgePerson[box.id] = box
        }
        var index: [String: Int] = [:]
        for box in scene.persons {
            let k: Int
            if let known = index[box.id] {
                k = known
                if people[k].box.isReference && !box.isReference { people[k].box = box }
            } else {
                k = people.count
                index[box.id] = k
                people.append(Person(box: box, url: links?.url(for: box.id) ?? nil))
            }
            personOfBox.append(k)
        }
        // A person drawn only as a wedge (a round chart) is known by the wedge: named by
        // the texts that carry their id, coloured by the wedge's fill.
        var labels: [String: [String]] = [:]
        for text in scene.texts where !scene.wedges.isEmpty { if let id = text.person { labels[id, default: []].append(text.text) } }
        for wedge in scene.wedges {
            guard let id = wedge.person else { continue }
            let k: Int
            if let known = index[id] {
                k = known
            } else {
                k = people.count
                index[id] = k
                if var entry = entryOfWedgePerson[id] {
                    (entry.x, entry.y, entry.width, entry.height, entry.isReference) = (0, 0, 0, 0, false)
                    people.append(Person(box: entry, url: links?.url(for: id)))
                } else {
                    let name = (labels[id] ?? []).joined(separator: " ")
                    let gender: Gender = if case .gender(let g) = wedge.fill { g } else { .unknown }
                    people.append(Person(box: PersonBox(id: id, name: name.isEmpty ? id : name, gender: gender, generation: 0,
                                                        x: 0, y: 0, width: 0, height: 0), url: links?.url(for: id)))
                }
            }
            personOfWedge.append(k)
        }
        var seen = Set<Int64>()
        func link(_ from: Int, _ to: Int, kind: Int64) -> Bool {
            from != to && seen.insert((Int64(from) << 33) | (Int64(to) << 2) | kind).inserted
        }
        for connector in scene.connectors {
            guard let child = index[connector.child] else { continue }
            for id in connector.parents {
                guard let parent = index[id] else { continue }
                if link(child, parent, kind: 0) { people[child].parents.append(parent) }
                if link(parent, child, kind: 1) { people[parent].children.append(child) }
            }
        }
        for bar in scene.coupleBars where bar.ids.count == 2 {
            guard let a = index[bar.ids[0]], let b = index[bar.ids[1]] else { continue }
            if link(a, b, kind: 2) { people[a].partners.append(b) }
            if link(b, a, kind: 2) { people[b].partners.append(a) }
        }
        // An ancestor fan draws no lines: its Sosa numbers say who is whose parent.
        var bySosa: [Int: Int] = [:]
        for box in all.persons where box.wedge != nil {
            if let n = box.sosa.flatMap(Int.init), let k = index[box.id] { bySosa[n] = k }
        }
        for n in bySosa.keys.sorted() {
            let child = bySosa[n]!
            for m in [2 * n, 2 * n + 1] {
                guard let parent = bySosa[m] else { continue }
                if link(child, parent, kind: 0) { people[child].parents.append(parent) }
                if link(parent, child, kind: 1) { people[parent].children.append(child) }
            }
        }
        // Parents father first: the chart's left-to-right order may put the mother first.
        for k in people.indices where people[k].parents.count > 1 {
            let parents = people[k].parents
            people[k].parents = parents.filter { people[$0].box.gender == .male } + parents.filter { people[$0].box.gender != .male }
        }
        self.index = index
        guard let details else { return }
        for k in people.indices { people[k].details = details.entries[people[k].box.id] }
        // Relatives by date: children by birth, partners by marriage (else birth); the chart's order where dates are missing.
        let born = people.map { $0.details?.born }
        for k in people.indices {
            people[k].children = orderedByDate(people[k].children) { born[$0] }
            let married = people[k].details?.married ?? [:]
            people[k].partners = orderedByDate(people[k].partners) { married[people[$0].box.id] ?? born[$0] }
        }
    }

    /// Each person's position in `people`, by id.
    private var index: [String: Int] = [:]

    /// The JSON object: the page's size, the name size, `people`, `boxes` (x, y, width,
    /// height on the page, four numbers a box), the far view's colours, each box's
    /// person, the reference boxes, and the chunks the person markup comes in.
    func write(into out: inout Markup, page: PrintPlan.Page, scene: Scene, title: String, nameSize: Double, palette: Palette,
               chunks: [[Int]]) {
        out.raw("{")
        out.jsonKey("title")
        out.jsonString(title)
        out.raw(",")
        out.jsonKey("chart")
        out.jsonString(scene.chart.rawValue)
        out.raw(",")
        out.jsonKey("width")
        out.number(page.width)
        out.raw(",")
        out.jsonKey("height")
        out.number(page.height)
        out.raw(",")
        out.jsonKey("nameSize")
        out.number(nameSize * page.chartScale)
        out.raw(",\n")
        out.jsonKey("people")
        out.raw("[\n")
        for (k, person) in people.enumerated() {
            if k > 0 { out.raw(",\n") }
            out.raw("{")
            out.jsonKey("id")
            out.jsonString(person.box.id)
            out.raw(",")
            out.jsonKey("name")
            out.jsonString(person.box.name)
            if let second = person.box.secondName, !second.isEmpty {
                out.raw(",")
                out.jsonKey("second")
                out.jsonString(second)
            }
            if let detail = person.box.detail, !detail.isEmpty, !person.box.isReference {
                out.raw(",")
                out.jsonKey("detail")
                out.jsonString(detail)
            }
            out.raw(",")
            out.jsonKey("gender")
            out.jsonString(person.box.gender.rawValue)
            if let url = person.url {
                out.raw(",")
                out.jsonKey("url")
                out.jsonString(url)
            }
            for (key, list) in [("parents", person.parents), ("partners", person.partners), ("children", person.children)]
            where !list.isEmpty {
                out.raw(",\"\(key)\":")
                out.jsonIntegers(list)
            }
            if let details = person.details { write(details, into: &out) }
            out.raw("}")
        }
        out.raw("],\n")
        out.jsonKey("boxes")
        out.raw("[")
        for (b, box) in scene.persons.enumerated() {
            if b > 0 { out.raw(",") }
            for (k, value) in [box.x * page.chartScale + page.chartOffsetX, box.y * page.chartScale + page.chartOffsetY,
                               box.width * page.chartScale, box.height * page.chartScale].enumerated() {
                if k > 0 { out.raw(",") }
                out.number(value)
            }
        }
        out.raw("],\n")
        farColours(scene, palette: palette, scale: page.chartScale, into: &out)
        out.jsonKey("personOfBox")
        out.jsonIntegers(personOfBox)
        out.raw(",\n")
        if !personOfWedge.isEmpty { wedges(scene, page: page, into: &out) }
        out.jsonKey("referenceBoxes")
        out.jsonIntegers(scene.persons.indices.filter { scene.persons[$0].isReference })
        out.raw(",\n")
        // For each couple bar the SVG draws (in its order), its two people, or null.
        out.jsonKey("bars")
        out.raw("[")
        for (n, bar) in scene.coupleBars.filter({ !$0.points.isEmpty }).enumerated() {
            if n > 0 { out.raw(",") }
            if bar.ids.count == 2, let a = index[bar.ids[0]], let b = index[bar.ids[1]] { out.jsonIntegers([a, b]) } else { out.raw("null") }
        }
        out.raw("],\n")
        out.jsonKey("chunks")
        out.jsonIntegerLists(chunks)
        out.raw("}")
    }

    /// `wedges`: for each wedge with a person, its centre, inner and outer radius on the
    /// page, start and end angle (degrees) and person, seven numbers a wedge, for clicks.
    private func wedges(_ scene: Scene, page: PrintPlan.Page, into out: inout Markup) {
        out.jsonKey("wedges")
        out.raw("[")
        var k = 0
        for wedge in scene.wedges where wedge.person != nil {
            if k > 0 { out.raw(",") }
            for (j, value) in [wedge.center.x * page.chartScale + page.chartOffsetX, wedge.center.y * page.chartScale + page.chartOffsetY,
                               wedge.innerRadius * page.chartScale, wedge.outerRadius * page.chartScale,
                               wedge.startAngle, wedge.endAngle].enumerated() {
                if j > 0 { out.raw(",") }
                out.number(value)
            }
            out.raw(",")
            out.number(Double(personOfWedge[k]))
            k += 1
        }
        out.raw("],\n")
    }

    /// A person's details: `born` and `died` (sortable `yyyymmdd`s), `married` (a woman's
    /// husbands' surnames, for the search), `facts` (each `what`, and as
    /// known `value`, `date`, `place`, and the partner as `with` (their position) or
    /// `withName`: a partner off the chart, as a position in the person's `partnerNames`,
    /// each name written once however many facts name them: a family of a million
    /// `MARR` lines and a 1,000-character name made a 1 GB page; issue 49, R1), `notes`,
    /// `sources`.
    private func write(_ details: PageDetails.Entry, into out: inout Markup) {
        if let born = details.born {
            out.raw(",\"born\":")
            out.raw(String(born.value))
        }
        if let died = details.died {
            out.raw(",\"died\":")
            out.raw(String(died.value))
        }
        if !details.marriedNames.isEmpty {
            out.raw(",")
            out.jsonKey("married")
            out.jsonString(details.marriedNames.joined(separator: " "))
        }
        var partnerNames: [String: Int] = [:]
        for fact in details.facts where fact.partner.flatMap({ index[$0] }) == nil {
            if let name = fact.partnerName, partnerNames[name] == nil { partnerNames[name] = partnerNames.count }
        }
        if !partnerNames.isEmpty {
            out.raw(",\"partnerNames\":[")
            for (n, name) in partnerNames.sorted(by: { $0.value < $1.value }).map(\.key).enumerated() {
                if n > 0 { out.raw(",") }
                out.jsonString(name)
            }
            out.raw("]")
        }
        if !details.facts.isEmpty {
            out.raw(",\"facts\":[")
            for (n, fact) in details.facts.enumerated() {
                if n > 0 { out.raw(",") }
                out.raw("{")
                out.jsonKey("what")
                out.jsonString(fact.what)
                let fields: [(StaticString, String?)] = [("value", fact.value), ("date", fact.date), ("place", fact.place)]
                for (key, value) in fields {
                    guard let value else { continue }
                    out.raw(",")
                    out.jsonKey(key)
                    out.jsonString(value)
                }
                if let partner = fact.partner, let k = index[partner] {
                    out.raw(",\"with\":\(k)")
                } else if let name = fact.partnerName, let n = partnerNames[name] {
                    out.raw(",\"withName\":\(n)")
                }
                out.raw("}")
            }
            out.raw("]")
        }
        if !details.notes.isEmpty {
            out.raw(",\"notes\":[")
            for (n, note) in details.notes.enumerated() {
                if n > 0 { out.raw(",") }
                out.jsonString(note)
            }
            out.raw("]")
        }
        if details.sources > 0 { out.raw(",\"sources\":\(details.sources)") }
    }

    /// For the far view: the distinct box colours (`colours`: fill and outline, the
    /// painter's), each box's colour (`boxColour`), the outline width (`outline`), the
    /// corner radius and the page's background.
    private func farColours(_ scene: Scene, palette: Palette, scale: Double, into out: inout Markup) {
        var keys: [String: Int] = [:]
        var colours: [String] = []
        var boxColour: [Int] = []
        for box in scene.persons {
            let colours_ = palette.colours(forKey: palette.colourKey(for: box))
            let pair = "[\"\(SVGStyleSheet.hex(box.isReference ? palette.background : colours_.fill))\",\"\(SVGStyleSheet.hex(colours_.outline))\"]"
            if keys[pair] == nil {
                keys[pair] = colours.count
                colours.append(pair)
            }
            boxColour.append(keys[pair]!)
        }
        out.jsonKey("colours")
        out.raw("[" + colours.joined(separator: ",") + "],\n")
        out.jsonKey("boxColour")
        out.jsonIntegers(boxColour)
        out.raw(",\n")
        out.jsonKey("outline")
        out.number(palette.boxOutlineWidth * scale)
        out.raw(",")
        out.jsonKey("radius")
        out.number(palette.cornerRadius * scale)
        out.raw(",")
        out.jsonKey("background")
        out.jsonString(SVGStyleSheet.hex(palette.background))
        out.raw(",\n")
    }
}
