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
    /// Rooms are bucketed by height band, and in a band grouped by their exact height
    /// range (a row's rooms share one) and sorted by their left edge, so a segment meets
    /// only the rooms its x range can reach (binary search), and skips rooms already
    /// crossed: one couple's 50,000 married children put every room in one band, which
    /// each of the row's segments scanned whole (25.6 s; issue 49, R5).
    /// - Complexity: O((s + r) log r) for s segments and r rooms in a few rows.
    static func crossedRooms(_ rooms: [BarLabel], scene: Scene) -> Set<Int> {
        guard !rooms.isEmpty else { return [] }
        var index = RoomIndex(rooms)
        for connector in scene.connectors { for (p, q) in zip(connector.points, connector.points.dropFirst()) { index.check(p.x, p.y, q.x, q.y) } }
        for bar in scene.coupleBars { for (p, q) in zip(bar.points, bar.points.dropFirst()) { index.check(p.x, p.y, q.x, q.y) } }
        for box in scene.persons { index.check(box.x, box.y, box.maxX, box.maxY) }
        return index.crossed
    }
}

/// Label rooms by height band and position, for `crossedRooms`.
private struct RoomIndex {
    static let band = 16.0
    let rooms: [BarLabel]
    /// Rooms of one exact height range, by left edge; `next` skips the crossed ones.
    struct Group {
        var members: [Int]
        var widest: Double
        var next: [Int]
    }
    var groups: [Group] = []
    var bands: [Int: [Int]] = [:]
    var crossed = Set<Int>()

    init(_ rooms: [BarLabel]) {
        self.rooms = rooms
        var groupOf: [[Double]: Int] = [:]
        for (n, room) in rooms.enumerated() {
            let key = [room.y, room.height]
            if let g = groupOf[key] { groups[g].members.append(n); continue }
            groupOf[key] = groups.count
            groups.append(Group(members: [n], widest: 0, next: []))
            for band in Int((room.y / Self.band).rounded(.down))...Int(((room.y + room.height) / Self.band).rounded(.down)) {
                bands[band, default: []].append(groups.count - 1)
            }
        }
        for g in groups.indices {
            groups[g].members.sort { rooms[$0].x < rooms[$1].x || (rooms[$0].x == rooms[$1].x && $0 < $1) }
            groups[g].widest = groups[g].members.reduce(0) { max($0, rooms[$1].width) }
            groups[g].next = Array(0...groups[g].members.count)
        }
    }

    /// The first member at or after `i` not crossed yet (path-compressing `next`).
    private mutating func uncrossed(_ g: Int, from i: Int) -> Int {
        var root = i
        while groups[g].next[root] != root { root = groups[g].next[root] }
        var j = i
        while groups[g].next[j] != root {
            let following = groups[g].next[j]
            groups[g].next[j] = root
            j = following
        }
        return root
    }

    mutating func check(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let (top, bottom) = (min(y0, y1), max(y0, y1))
        let (left, right) = (min(x0, x1), max(x0, x1))
        var seen: [Int] = []
        for key in Int((top / Self.band).rounded(.down))...Int((bottom / Self.band).rounded(.down)) {
            for g in bands[key] ?? [] where !seen.contains(g) {
                seen.append(g)
                let first = rooms[groups[g].members[0]]
                guard bottom >= first.y - 0.5, top <= first.y + first.height + 0.5 else { continue }
                let from = left - groups[g].widest - 0.5
                var low = 0, high = groups[g].members.count  // the first room starting at or after `from`
                while low < high {
                    let middle = (low + high) / 2
                    if rooms[groups[g].members[middle]].x < from { low = middle + 1 } else { high = middle }
                }
                var i = uncrossed(g, from: low)
                while i < groups[g].members.count, rooms[groups[g].members[i]].x - 0.5 <= right {
                    let n = groups[g].members[i], r = rooms[n]
                    if left <= r.x + r.width + 0.5 {
                        crossed.insert(n)
                        groups[g].next[i] = i + 1
                    }
                    i = uncrossed(g, from: i + 1)
                }
            }
        }
    }
}
