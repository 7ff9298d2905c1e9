/// A map of the page that keeps boxes axis-aligned: optionally x ↔ y, then each axis
/// either kept or mirrored inside the page, then moved by (`dx`, `dy`). Orientation
/// (transposing, mirroring) and shifting are such maps; `Scene.mapGeometry` carries one
/// through every coordinate-bearing field of a scene, so that a new field is handled in
/// one place (see `SceneGeometryTests`).
public struct SceneGeometryMap: Sendable {
    /// x ↔ y first (and the page's width ↔ height).
    public var transposes = false
    /// Then left ↔ right inside the page (x ↦ width − x).
    public var mirrorsX = false
    /// Then top ↔ bottom inside the page (y ↦ height − y).
    public var mirrorsY = false
    /// Then moved by this much (points); the page keeps its size.
    public var dx = 0.0
    public var dy = 0.0

    public init(transposes: Bool = false, mirrorsX: Bool = false, mirrorsY: Bool = false, dx: Double = 0, dy: Double = 0) {
        self.transposes = transposes
        self.mirrorsX = mirrorsX
        self.mirrorsY = mirrorsY
        self.dx = dx
        self.dy = dy
    }

    /// A move by (`dx`, `dy`).
    public static func shift(dx: Double, dy: Double) -> SceneGeometryMap { SceneGeometryMap(dx: dx, dy: dy) }

    /// Whether the map transposes or mirrors (not only moves): angles change.
    var turns: Bool { transposes || mirrorsX || mirrorsY }

    /// Whether the map turns the page over (an odd number of reflections): angles then run
    /// the other way round.
    var reflects: Bool { transposes != (mirrorsX != mirrorsY) }
}

/// The map applied to one scene: its page size is known, so mirrors are inside it.
private struct BoundMap {
    let map: SceneGeometryMap
    /// The page after transposing (mirrors are inside it).
    let width: Double, height: Double

    typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    func point(_ p: Point) -> Point {
        let (u, v) = map.transposes ? (p.y, p.x) : (p.x, p.y)
        return Point(along(u, mirrored: map.mirrorsX, page: width, by: map.dx), along(v, mirrored: map.mirrorsY, page: height, by: map.dy))
    }

    func rect(_ r: Rect) -> Rect {
        let (u, v, w, h) = map.transposes ? (r.y, r.x, r.height, r.width) : (r.x, r.y, r.width, r.height)
        return (start(u, length: w, mirrored: map.mirrorsX, page: width, by: map.dx),
                start(v, length: h, mirrored: map.mirrorsY, page: height, by: map.dy), w, h)
    }

    /// An angle in degrees (clockwise from +x, y down) through the map's reflections.
    func angle(_ a: Double) -> Double {
        var a = a
        if map.transposes { a = 90 - a }
        if map.mirrorsX { a = 180 - a }
        if map.mirrorsY { a = -a }
        return a
    }

    /// One coordinate: mirrored inside the page, then moved (no arithmetic for a move of 0,
    /// so that an untouched coordinate keeps its exact bits, -0 included).
    private func along(_ c: Double, mirrored: Bool, page: Double, by d: Double) -> Double {
        let c = mirrored ? page - c : c
        return d == 0 ? c : c + d
    }

    /// The low edge of a span `length` long starting at `c`, mirrored and moved.
    private func start(_ c: Double, length: Double, mirrored: Bool, page: Double, by d: Double) -> Double {
        let c = mirrored ? page - c - length : c
        return d == 0 ? c : c + d
    }
}

extension Scene {
    /// This scene with every coordinate through `map`: person boxes, couple bars (points,
    /// hang point, marriage label's room), connectors, wedges (centre; angles reflected,
    /// start and end swapped when the map reflects), texts (their baseline or arc), row
    /// labels, part frames and leaf-stack spines; the page's size is transposed with it.
    /// Fields without coordinates (colours, indexes, `hangReach`) are kept as they are.
    public func mapGeometry(_ map: SceneGeometryMap) -> Scene {
        var scene = self
        if map.transposes { (scene.width, scene.height) = (height, width) }
        let m = BoundMap(map: map, width: scene.width, height: scene.height)
        for b in scene.persons.indices {
            let box = scene.persons[b]
            (scene.persons[b].x, scene.persons[b].y, scene.persons[b].width, scene.persons[b].height) = m.rect((box.x, box.y, box.width, box.height))
        }
        for k in scene.coupleBars.indices {
            scene.coupleBars[k].points = scene.coupleBars[k].points.map(m.point)
            scene.coupleBars[k].hang = m.point(scene.coupleBars[k].hang)
            if let l = scene.coupleBars[k].label {
                (scene.coupleBars[k].label!.x, scene.coupleBars[k].label!.y, scene.coupleBars[k].label!.width,
                 scene.coupleBars[k].label!.height) = m.rect((l.x, l.y, l.width, l.height))
            }
        }
        for k in scene.connectors.indices { scene.connectors[k].points = scene.connectors[k].points.map(m.point) }
        for k in scene.wedges.indices {
            let w = scene.wedges[k]
            scene.wedges[k].center = m.point(w.center)
            guard map.turns else { continue }
            let (start, end) = (m.angle(w.startAngle), m.angle(w.endAngle))
            (scene.wedges[k].startAngle, scene.wedges[k].endAngle) = map.reflects ? (end, start) : (start, end)
        }
        for k in scene.texts.indices {
            switch scene.texts[k].path {
            case .line(let at, let angle):
                scene.texts[k].path = .line(at: m.point(at), angle: map.turns ? m.angle(angle) : angle)
            case .arc(let center, let radius, let angle, let clockwise):
                scene.texts[k].path = .arc(center: m.point(center), radius: radius, angle: map.turns ? m.angle(angle) : angle,
                                           clockwise: map.reflects ? !clockwise : clockwise)
            }
        }
        for k in scene.rowLabels.indices {
            let l = scene.rowLabels[k]
            (scene.rowLabels[k].x, scene.rowLabels[k].y, scene.rowLabels[k].width, scene.rowLabels[k].height) = m.rect((l.x, l.y, l.width, l.height))
        }
        for k in scene.partFrames.indices {
            let f = scene.partFrames[k]
            (scene.partFrames[k].x, scene.partFrames[k].y, scene.partFrames[k].width, scene.partFrames[k].height) = m.rect((f.x, f.y, f.width, f.height))
        }
        for k in scene.leafStacks.indices { scene.leafStacks[k].spine = spine(of: leafStacks[k], in: scene, through: m) }
        return scene
    }

    /// A leaf stack's spine after the map: it is an x when the stack's boxes stand one under
    /// another (rows), a y when they stand side by side (a turned chart), before and after.
    private func spine(of stack: LeafStack, in mapped: Scene, through m: BoundMap) -> Double {
        let across = { (scene: Scene) -> Bool in  // one under another: the spine is an x
            guard stack.boxes.count > 1 else { return true }
            let a = scene.persons[stack.boxes[0]], b = scene.persons[stack.boxes[1]]
            return abs(b.x - a.x) <= abs(b.y - a.y)
        }
        let first = persons[stack.boxes[0]]
        let onSpine = across(self) ? Point(stack.spine, first.y) : Point(first.x, stack.spine)
        let moved = m.point(onSpine)
        return across(mapped) ? moved.x : moved.y
    }
}
