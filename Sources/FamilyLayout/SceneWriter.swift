import FamilyModel

/// Writes a chart's scene from placed boxes, for every chart kind: the descendant, family
/// and pedigree builders hand it where each box stands, each couple with the shape of its
/// bar, and each union's children with the height their lines run across at. It makes the
/// person boxes, counts references, and builds every couple bar and connector polyline:
/// how a bar or a line runs is decided here and nowhere else.
struct SceneWriter {
    let graph: FamilyGraph
    let style: LayoutStyle
    /// The boxes written so far (callers fill in chart-specific fields such as `lineage`).
    var persons: [PersonBox]
    private(set) var coupleBars: [CoupleBar]
    private(set) var connectors: [Connector]

    /// `capacity` boxes, `barCapacity` couple bars and `connectorCapacity` connectors are
    /// reserved (growing an array of 160,000 bars a doubling at a time moved each bar about
    /// twice more).
    init(graph: FamilyGraph, style: LayoutStyle, capacity: Int = 0, barCapacity: Int = 0, connectorCapacity: Int = 0) {
        self.graph = graph
        self.style = style
        persons = []
        persons.reserveCapacity(capacity)
        coupleBars = []
        coupleBars.reserveCapacity(barCapacity)
        connectors = []
        connectors.reserveCapacity(connectorCapacity)
    }

    /// Continues `scene`: new boxes are numbered after its boxes, new bars and lines follow its.
    init(graph: FamilyGraph, style: LayoutStyle, continuing scene: Scene) {
        self.graph = graph
        self.style = style
        persons = scene.persons
        coupleBars = scene.coupleBars
        connectors = scene.connectors
    }

    /// The scene of everything written, on a page of `width` × `height`.
    func scene(width: Double, height: Double, chart: ChartKind) -> Scene {
        Scene(width: width, height: height, persons: persons, coupleBars: coupleBars, connectors: connectors, chart: chart)
    }

    // MARK: Boxes

    /// Adds the box of person `person` of the graph (see `PersonBox(person:of:…)`) with its
    /// top-left corner at (x, y); returns its index in the scene.
    @discardableResult
    mutating func addBox(person: Int, generation: Int, x: Double, y: Double, width: Double, detail: String?,
                         reference: ReferenceReason? = nil) -> Int {
        let box = persons.appendBox(person: person, of: graph, style: style, generation: generation, x: x, y: y, width: width,
                                    detail: detail, isReference: reference != nil)
        persons[box].referenceReason = reference
        return box
    }

    /// Appends `other`'s couple bars and connectors after this writer's (written from the
    /// same boxes on another thread: `FamilySceneBuilder` splits a big chart's lines).
    mutating func appendLines(of other: SceneWriter) {
        coupleBars.append(contentsOf: other.coupleBars)
        connectors.append(contentsOf: other.connectors)
    }

    /// Counts one more reference box pointing to the primary box `primary` (its "×N" badge).
    mutating func countReference(to primary: Int) { persons[primary].references += 1 }

    // MARK: Couple bars

    /// How a couple bar runs between the box of the person with the couple's children
    /// hanging beside them (the hub) and their partner.
    enum BarShape {
        /// Side by side: straight between the facing edges at mid-height.
        case straight
        /// An arch in lanes (a partner beyond nearer partners): the bar rises at `rank` of `of` arches on the
        /// same side of the hub (1 the shortest, nearest the edge), in arch lane `lane`
        /// above the row (`FamilyGeometry.archLane` apart).
        case lane(rank: Int, of: Int, lane: Int)
    }

    /// Adds the bar of `union` between boxes `hub` and `partner` and returns where the
    /// couple's children hang from. `hangX` is where they hang (the middle of the gap beside
    /// the partner, on the hub's side); nil for the middle between the facing edges.
    @discardableResult
    mutating func addCoupleBar(hub hubBox: Int, partner partnerBox: Int, union: Int, hangX: Double? = nil,
                               shape: BarShape) -> Point {
        let hub = frame(hubBox), partner = frame(partnerBox)
        let side = partner.x > hub.x ? 1.0 : -1.0
        let midY = hub.y + hub.height / 2
        let hubEdge = Point(side > 0 ? hub.maxX : hub.x, midY)
        let partnerEdge = Point(side > 0 ? partner.x : partner.maxX, midY)
        let hang = Point(hangX ?? (hubEdge.x + partnerEdge.x) / 2, midY)
        let points: [Point]
        switch shape {
        case .straight:
            points = [hubEdge, partnerEdge]
        case .lane(let rank, let of, let lane):
            // Risers a lane apart from the box's edge inward, the innermost a lane clear of the
            // middle, where a line from the person's own parents comes down (narrower steps
            // only when a box carries more arches than `FamilyGeometry.archesPerSide`).
            let lanePitch = FamilyGeometry.archLane
            let step = min(lanePitch, (hub.width / 2 - lanePitch) / Double(max(of, 1)))
            let riseX = hub.centerX + side * (hub.width / 2 - step * Double(rank))
            let archY = hub.y - FamilyGeometry.archLane * Double(lane)
            points = [Point(riseX, hub.y), Point(riseX, archY), Point(hang.x, archY), hang, partnerEdge]
        }
        let ordered = side > 0 ? [hubBox, partnerBox] : [partnerBox, hubBox]
        coupleBars.append(CoupleBar(ids: ordered.map { persons[$0].id }, boxes: ordered, points: points, hang: hang,
                                    isDivorced: graph.unions[union].isDivorced))
        return hang
    }

    /// Where a single parent's children hang from: the bottom centre of their box.
    func hangBelow(_ box: Int) -> Point {
        let frame = frame(box)
        return Point(frame.centerX, frame.maxY)
    }

    /// Where box `box` stands, read in place (reading a `PersonBox` out of the array copied
    /// it, retaining and releasing each of its strings: 300,000 copies for 100,000 persons).
    func frame(_ box: Int) -> Frame {
        persons.withUnsafeBufferPointer { boxes in Frame(x: boxes[box].x, y: boxes[box].y, width: boxes[box].width, height: boxes[box].height) }
    }

    /// A box's place and size.
    struct Frame {
        var x, y, width, height: Double
        var centerX: Double { x + width / 2 }
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }

    // MARK: Connectors

    /// The parents a union's connectors name: their boxes and ids.
    struct Parents {
        var boxes: [Int]
        var ids: [String]
    }

    /// `boxes` as the parents of a union's lines, left to right when `leftToRight` (else as given).
    func parents(_ boxes: [Int], leftToRight: Bool = true) -> Parents {
        var ordered = boxes
        if leftToRight && boxes.count == 2 {
            // A couple (every family line): swapped when the second stands left, as sorting would.
            if frame(boxes[1]).x < frame(boxes[0]).x { ordered = [boxes[1], boxes[0]] }
        } else if leftToRight && boxes.count > 2 {
            ordered = boxes.sorted { frame($0).x < frame($1).x }
        }
        return Parents(boxes: ordered, ids: ordered.map { persons[$0].id })
    }

    /// Adds the line from `hang` to the top centre of box `child`: straight down when the
    /// child stands right under it, else down to `acrossY`, across, and down; drawn in `style`.
    mutating func addConnector(from hang: Point, parents: Parents, child: Int, acrossY: Double, crossLink: Bool = false,
                               link: ChildLink = .birth, style: ConnectorStyle = .link) {
        let childFrame = frame(child)
        let end = Point(childFrame.centerX, childFrame.y)
        let points = abs(hang.x - end.x) < 1e-9 ? [hang, end] : [hang, Point(hang.x, acrossY), Point(end.x, acrossY), end]
        connectors.append(Connector(parents: parents.ids, child: persons[child].id, parentBoxes: parents.boxes, childBox: child,
                                    points: points, crossLink: crossLink, link: link, style: style))
    }

    /// Adds the line from `hang` to box `child` along a run that steps between tracks
    /// (`SteppedRuns`): `across` holds its corners from the first track to the last, the
    /// first under `hang`, the last over the child's drop (or the stack's `spine`), whose x
    /// are taken from `hang` and the drop exactly.
    mutating func addConnector(from hang: Point, parents: Parents, child: Int, across: [Point], spine: Double? = nil,
                               crossLink: Bool = false, link: ChildLink = .birth, style: ConnectorStyle = .link) {
        let childFrame = frame(child)
        let dropX = spine ?? childFrame.centerX
        var points = [hang] + across
        points[1].x = hang.x
        points[points.count - 1].x = dropX
        if spine != nil {
            let midY = childFrame.y + childFrame.height / 2
            points += [Point(dropX, midY), Point(childFrame.x, midY)]
        } else {
            points.append(Point(dropX, childFrame.y))
        }
        connectors.append(Connector(parents: parents.ids, child: persons[child].id, parentBoxes: parents.boxes, childBox: child,
                                    points: points, crossLink: crossLink, link: link, style: style))
    }

    /// A stacked leaf's line (`LeafStack`): down from the parents to their track, along it
    /// to the stack's spine, down the spine to the child's mid-height and in to its left edge.
    mutating func addConnector(from hang: Point, parents: Parents, child: Int, acrossY: Double, spine: Double, link: ChildLink) {
        let childFrame = frame(child)
        let midY = childFrame.y + childFrame.height / 2
        let down = abs(hang.x - spine) < 1e-9 ? [hang] : [hang, Point(hang.x, acrossY), Point(spine, acrossY)]
        connectors.append(Connector(parents: parents.ids, child: persons[child].id, parentBoxes: parents.boxes, childBox: child,
                                    points: down + [Point(spine, midY), Point(childFrame.x, midY)], crossLink: false, link: link,
                                    style: .link))
    }

    // MARK: Routing

    /// Every chart's tracks: for each gap's runs (`ConnectorRouting`), the
    /// track of each run and how many tracks the gap needs.
    static func tracks(_ runs: [[ConnectorRouting.Run]]) -> (track: [[Int]], count: [Int]) {
        var track = [[Int]](repeating: [], count: runs.count)
        var count = [Int](repeating: 0, count: runs.count)
        for row in runs.indices where !runs[row].isEmpty {
            (track[row], count[row]) = ConnectorRouting.tracks(for: runs[row])
        }
        return (track, count)
    }
}
