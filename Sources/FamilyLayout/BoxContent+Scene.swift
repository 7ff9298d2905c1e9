import FamilyModel

extension BoxContent {
    /// `base` set to show this content in `graph`'s boxes: the second name, life years
    /// and age as listed, and every box as tall as the most extra lines anyone needs.
    /// - Complexity: O(n + facts).
    func style(_ base: LayoutStyle, for graph: FamilyGraph) -> LayoutStyle {
        var style = base
        style.showsSecondNames = shows(.secondName)
        style.showsDates = shows(.dates)
        style.showsAge = shows(.age)
        style.readsStandIns = true
        var most = 0
        for person in graph.persons { most = max(most, extraLines(of: person, words: style.dateWords).count) }
        style.boxHeight += Double(most) * style.boxLineHeight
        return style
    }

    /// The label room's height above a couple's boxes, and its inset from the box centres.
    static let labelHeight = 8.0, labelInset = 6.0

    /// Writes each own box's extra lines, and with `marriage` each straight couple bar's
    /// label where no line runs through its room (a label that would be crossed is left
    /// out: the page's details still give the marriage).
    /// - Complexity: O(n + bars + line segments).
    func apply(to scene: inout Scene, graph: FamilyGraph, words: DateWords) {
        var index: [String: Int] = [:]
        index.reserveCapacity(graph.count)
        for (i, person) in graph.persons.enumerated() { index[person.id] = i }
        for b in scene.persons.indices where !scene.persons[b].isReference {
            guard let p = index[scene.persons[b].id] else { continue }
            scene.persons[b].lines = extraLines(of: graph.persons[p], words: words)
        }
        guard shows(.marriage) else { return }
        var rooms: [(bar: Int, room: BarLabel)] = []
        for (k, bar) in scene.coupleBars.enumerated() where bar.points.count == 2 && bar.boxes.count == 2 {
            guard let a = index[bar.ids[0]], let b = index[bar.ids[1]],
                  let u = graph.unionsOf[a].first(where: { graph.unions[$0].partners.contains(b) }),
                  let text = marriageText(of: graph.unions[u], words: words) else { continue }
            let (one, two) = (scene.persons[bar.boxes[0]], scene.persons[bar.boxes[1]])
            let left = min(one.centerX, two.centerX) + Self.labelInset, right = max(one.centerX, two.centerX) - Self.labelInset
            let top = min(one.y, two.y)
            guard right - left > 10 else { continue }
            rooms.append((k, BarLabel(text: text, x: left, y: top - Self.labelHeight - 1, width: right - left, height: Self.labelHeight)))
        }
        let crossed = Self.crossedRooms(rooms.map(\.room), scene: scene)
        for (n, (bar, room)) in rooms.enumerated() where !crossed.contains(n) { scene.coupleBars[bar].label = room }
    }

    /// The rooms (by index) that a connector, a couple bar or a box reaches into.
    /// Rooms are bucketed by height band, so each segment meets only its band's rooms.
    static func crossedRooms(_ rooms: [BarLabel], scene: Scene) -> Set<Int> {
        guard !rooms.isEmpty else { return [] }
        let band = 16.0
        var buckets: [Int: [Int]] = [:]
        for (n, room) in rooms.enumerated() {
            for key in Int((room.y / band).rounded(.down))...Int(((room.y + room.height) / band).rounded(.down)) { buckets[key, default: []].append(n) }
        }
        var crossed = Set<Int>()
        func check(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            let (top, bottom) = (min(y0, y1), max(y0, y1))
            for key in Int((top / band).rounded(.down))...Int((bottom / band).rounded(.down)) {
                for n in buckets[key] ?? [] where !crossed.contains(n) {
                    let r = rooms[n]
                    if max(x0, x1) >= r.x - 0.5, min(x0, x1) <= r.x + r.width + 0.5, bottom >= r.y - 0.5, top <= r.y + r.height + 0.5 {
                        crossed.insert(n)
                    }
                }
            }
        }
        for connector in scene.connectors { for (p, q) in zip(connector.points, connector.points.dropFirst()) { check(p.x, p.y, q.x, q.y) } }
        for bar in scene.coupleBars { for (p, q) in zip(bar.points, bar.points.dropFirst()) { check(p.x, p.y, q.x, q.y) } }
        for box in scene.persons { check(box.x, box.y, box.maxX, box.maxY) }
        return crossed
    }
}
