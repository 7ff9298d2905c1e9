import FamilyModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fan chart: the focus in the centre, their ancestors (Sosa order, the father's side
/// on the left) or descendants (children in birth order, each person's angle shared by
/// the leaves below them) on rings around them. Phases: the cells (`AncestorFanCells`,
/// `DescendantFanCells`), the rings on the sheet (`FanGeometry`), each label fitted to
/// its cell (`FanLabelFitting`), then the scene: a wedge per cell, the label's lines as
/// texts, and every person drawn listed in `persons` with the index of their wedge.
struct FanChart {
    let style: LayoutStyle
    let options: FanChartOptions
    let measure: TextMeasure

    /// The largest type per ring (the centre first); a ring beyond the first is never set
    /// larger than the largest size used in the ring inside it.
    static let sizeCaps: [Double] = [16, 14, 12, 11, 10, 10, 9, 9, 9, 9, 9, 9]

    func scene(for graph: FamilyGraph, focus: Int) -> (scene: Scene, statistics: FanStatistics) {
        let generations = min(max(options.generations, FanChartOptions.generationRange.lowerBound), FanChartOptions.generationRange.upperBound)
        let start = 270 - options.sweep / 2
        let cells = options.direction == .ancestors
            ? AncestorFanCells.cells(graph: graph, focus: focus, generations: generations, start: start, sweep: options.sweep, empty: options.empty)
            : DescendantFanCells.cells(graph: graph, focus: focus, generations: generations, start: start, sweep: options.sweep)
        // Only the rings with cells take room (a descendant fan of a small family, hidden empty cells).
        let rings = (cells.map(\.ring).max() ?? 0) + 1
        // A typical cell's angle per ring: the sweep halved per ring (ancestors), else shared by the ring's cells.
        var perRing = [Int](repeating: 0, count: generations)
        for cell in cells { perRing[cell.ring] += 1 }
        let geometry = FanGeometry(rings: max(rings, 2), sweep: options.sweep, area: options.area ?? FanGeometry.defaultArea(generations: rings),
                                   margin: style.margin) { k in
            options.direction == .ancestors ? options.sweep / Double(1 << k) : options.sweep / Double(max(1, perRing[k]))
        }
        var scene = Scene(width: geometry.width, height: geometry.height, persons: [], coupleBars: [], connectors: [], chart: .fan)
        var statistics = FanStatistics(rings: (0..<rings).map { FanStatistics.Ring(ring: $0) })
        let fitting = FanLabelFitting(measure: measure)
        var cap = Self.sizeCaps[0]
        var firstBox: [Int: Int] = [:]  // person → their own box
        var ring = 0
        var largestInRing = 0.0
        var pending: [FanLabelJob] = []  // the ring's labels, fitted together (unique names)
        /// Fits the ring's labels, each name unlike the others' in the ring, and sets them.
        func setLabels() {
            for (job, fitted) in zip(pending, FanUniqueLabels.fit(pending, fitting: fitting, cap: cap)) {
                guard let fitted else {
                    statistics.rings[job.ring].unlabelled += 1
                    continue
                }
                scene.texts += fitted.texts
                statistics.rings[job.ring].record(size: fitted.size, shortened: fitted.lines != job.forms[0])
                largestInRing = max(largestInRing, fitted.size)
            }
            pending = []
        }
        for cell in cells {
            if cell.ring != ring {
                setLabels()
                // The centre's level text is set by its own shape (the largest form it takes
                // up to the parents' cap); the rings around it never larger than inside.
                let inside = largestInRing == 0 ? Double.infinity : largestInRing
                cap = min(Self.sizeCaps[min(cell.ring, Self.sizeCaps.count - 1)], inside, ring == 0 ? .infinity : cap)
                ring = cell.ring
                largestInRing = 0
            }
            let radii = geometry.rings[cell.ring]
            var wedge = Wedge(center: geometry.centre, innerRadius: radii.inner, outerRadius: radii.outer,
                              startAngle: cell.start, endAngle: cell.end, fill: fill(of: cell, graph: graph, rings: generations))
            statistics.rings[cell.ring].cells += 1
            guard let person = cell.person else {
                wedge.outline = .faint
                scene.wedges.append(wedge)
                continue
            }
            let id = graph.persons[person].id
            wedge.person = id
            if cell.repeatOf != nil { wedge.outline = .dashed }
            scene.wedges.append(wedge)
            // The person's entry: their wedge's bounding rectangle.
            let bounds = Self.bounds(of: wedge)
            var box = PersonBox(person: person, of: graph, style: style, generation: cell.ring, x: bounds.x, y: bounds.y,
                                width: bounds.width, detail: SceneBuilder.lifeDetail(of: person, graph: graph, style: style),
                                isReference: cell.repeatOf != nil)
            box.height = bounds.height
            box.wedge = scene.wedges.count - 1
            box.sosa = cell.sosa.map(String.init)
            if cell.repeatOf != nil {
                box.referenceReason = options.direction == .ancestors ? .pedigreeCollapse : .metAgain
                if let own = firstBox[person] { scene.persons[own].references += 1 }
            } else {
                firstBox[person] = scene.persons.count
            }
            scene.persons.append(box)
            statistics.rings[cell.ring].persons += 1
            // The label.
            let mark: String? = cell.repeatOf.map { options.direction == .ancestors ? "= \($0)" : "also in ring \(cells[$0].ring)" }
            let years = style.showsDates ? graph.persons[person].lifeYears(using: style.dateWords) : nil
            let content = FanLabelContent(person: graph.persons[person], years: years, mark: mark)
            let orientation = Self.orientation(of: cell, radii: radii)
            let orientations: [FanLabelFitting.Orientation] = orientation == .arc ? [.arc, .radial] : orientation == .radial ? [.radial, .arc] : [orientation]
            let cellWedge = FanLabelFitting.Wedge(centre: geometry.centre, inner: radii.inner, outer: radii.outer,
                                                  start: cell.start, end: cell.end)
            pending.append(FanLabelJob(ring: cell.ring, person: person, id: id, content: content, forms: content.forms, wedge: cellWedge,
                                       orientations: orientations, bold: cell.ring == 0,
                                       atLeast: cell.ring == 0 ? Self.sizeCaps[1] : nil))
        }
        setLabels()
        if cells.count == 1 || (cells.allSatisfy { $0.person == nil || $0.ring == 0 }) {
            let who = MessageText.quoted(graph.persons[focus].id)
            statistics.notes.append(options.direction == .ancestors
                ? "\(who) has no known parents: the fan shows only them" + (cells.count > 1 ? " and their unknown ancestors' empty cells" : "")
                : "\(who) has no known children: the fan shows only them")
        }
        return (scene, statistics)
    }

    /// Text along the arc where the cell is wider at its middle than 1.1 times its depth
    /// (Gramps' rule), else along the radius; level in the centre.
    static func orientation(of cell: FanCell, radii: (inner: Double, outer: Double)) -> FanLabelFitting.Orientation {
        if cell.ring == 0 { return .horizontal }
        let middle = (radii.inner + radii.outer) / 2
        return middle * cell.angle * Double.pi / 180 >= 1.1 * (radii.outer - radii.inner) ? .arc : .radial
    }

    /// The wedge's bounding rectangle (`Wedge.bounds`).
    static func bounds(of w: Wedge) -> (x: Double, y: Double, width: Double, height: Double) {
        let b = w.bounds
        return (b.x, b.y, b.width, b.height)
    }

    // MARK: Colours

    /// By gender (as boxes), or by lineage; repeats as references, unknown ancestors faint.
    func fill(of cell: FanCell, graph: FamilyGraph, rings: Int) -> WedgeFill {
        guard let person = cell.person else { return .colour(red: 0xF4, green: 0xF4, blue: 0xF4) }
        if cell.repeatOf != nil { return .reference }
        guard options.colours == .lineage, let branch = cell.branch else { return .gender(graph.persons[person].gender) }
        let hue: (Double, Double, Double)
        if options.direction == .ancestors {
            hue = cell.ring == 1 ? Self.sideHues[branch / 2] : Self.quarterHues[branch]
        } else {
            hue = Self.branchHues[branch % Self.branchHues.count]
        }
        // Lighter outward: from 45 % white in ring 1 to 85 % in the last.
        let t = 0.45 + 0.4 * Double(cell.ring - 1) / Double(max(1, rings - 2))
        func channel(_ c: Double) -> UInt8 { UInt8(max(0, min(255, (c + (255 - c) * t).rounded()))) }
        return .colour(red: channel(hue.0), green: channel(hue.1), blue: channel(hue.2))
    }

    /// The father's side (blue) and the mother's (rose).
    static let sideHues: [(Double, Double, Double)] = [(70, 130, 200), (205, 85, 120)]
    /// The four grandparents' quarters: father's father blue, father's mother teal,
    /// mother's father rose, mother's mother orange.
    static let quarterHues: [(Double, Double, Double)] = [(60, 110, 200), (40, 160, 140), (200, 70, 110), (230, 140, 40)]
    /// The centre's children's branches in a descendant fan, in turn.
    static let branchHues: [(Double, Double, Double)] = [(60, 110, 200), (200, 70, 110), (40, 160, 140), (230, 140, 40),
                                                          (130, 90, 190), (120, 150, 40)]
}

/// What a fan chart set in each ring: how many cells and persons, the smallest and largest
/// type, how many labels had to take a shorter form, and how many got no text at all.
public struct FanStatistics: Equatable, Sendable {
    public struct Ring: Equatable, Sendable {
        public var ring: Int
        public var cells = 0
        public var persons = 0
        public var smallest: Double?
        public var largest: Double?
        /// Labels shown in a shorter form than the richest (initials, no years, surname alone).
        public var shortened = 0
        /// Persons whose cell got no text (not even the surname fits at the minimum size).
        public var unlabelled = 0

        mutating func record(size: Double, shortened isShort: Bool) {
            smallest = min(smallest ?? size, size)
            largest = max(largest ?? size, size)
            if isShort { shortened += 1 }
        }
    }

    public var rings: [Ring]
    /// Things to tell the user (a focus with nobody to show).
    public var notes: [String] = []

    /// One line: each ring's persons and type sizes.
    public var summary: String {
        func pt(_ v: Double) -> String {
            let tenths = Int((v * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }
        let parts = rings.map { r -> String in
            var text = "ring \(r.ring): \(r.persons)/\(r.cells)"
            if let s = r.smallest, let l = r.largest { text += s == l ? " \(pt(s)) pt" : " \(pt(s))–\(pt(l)) pt" }
            if r.shortened > 0 { text += ", \(r.shortened) shortened" }
            if r.unlabelled > 0 { text += ", \(r.unlabelled) without text" }
            return text
        }
        return "fan (persons/cells, type sizes per ring): " + parts.joined(separator: "; ")
    }
}
