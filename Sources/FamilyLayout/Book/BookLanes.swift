/// Where the tags of each piece stand: in lanes outside its window, a lane on each side
/// that lines cross (above for lines coming down from parents on another page, below for
/// lines going on to children, left and right for lines running across). A tag stands as
/// near as it can to where its line crosses the edge, tags of one lane kept apart.
struct BookLanes {
    /// Each piece's window with its lanes, in the whole chart's points.
    var outer: [Box]
    /// Each crossing's tag, in the whole chart's points.
    var tags: [Box]

    /// - Complexity: O(t log t) for t crossings.
    init(pieces: [BookPiece], crossings: [BookCrossing], tagWidth: Double = 104) {
        var sides = Array(repeating: Set<BookSide>(), count: pieces.count)
        for crossing in crossings { sides[crossing.piece].insert(crossing.side) }
        outer = pieces.indices.map { p in
            let has = sides[p]
            return pieces[p].window.grown(top: has.contains(.top) ? BookSettings.lane : 0,
                                          bottom: has.contains(.bottom) ? BookSettings.lane : 0,
                                          left: has.contains(.left) ? BookSettings.sideLane : 0,
                                          right: has.contains(.right) ? BookSettings.sideLane : 0)
        }
        tags = Array(repeating: Box(x: 0, y: 0, width: 0, height: 0), count: crossings.count)
        var groups: [[Int]: [Int]] = [:]
        for (c, crossing) in crossings.enumerated() { groups[[crossing.piece, crossing.side.rawValue], default: []].append(c) }
        for key in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let (piece, side) = (key[0], BookSide(rawValue: key[1])!)
            let window = pieces[piece].window, room = outer[piece]
            let across = side == .top || side == .bottom
            let members = groups[key]!.sorted {
                let (a, b) = (crossings[$0].point, crossings[$1].point)
                return across ? (a.x, $0) < (b.x, $1) : (a.y, $0) < (b.y, $1)
            }
            // Tags narrow (down to a third) when a lane would not hold them all.
            let length = across ? room.width : room.height, full = across ? tagWidth : BookSettings.tagHeight
            let size = min(full, max(full / 3, (length - 4 * Double(members.count - 1)) / Double(members.count)), length)
            let wanted = members.map { across ? crossings[$0].point.x - size / 2 : crossings[$0].point.y - size / 2 }
            let places = Self.spread(wanted, size: size, gap: 4, low: across ? room.x : room.y,
                                     high: across ? room.maxX : room.maxY)
            for (m, c) in members.enumerated() {
                switch side {
                case .top: tags[c] = Box(x: places[m], y: room.y, width: size, height: BookSettings.tagHeight)
                case .bottom: tags[c] = Box(x: places[m], y: window.maxY + BookSettings.laneGap, width: size, height: BookSettings.tagHeight)
                case .left: tags[c] = Box(x: room.x, y: places[m], width: BookSettings.sideTagWidth, height: size)
                case .right: tags[c] = Box(x: window.maxX + BookSettings.sideGap, y: places[m], width: BookSettings.sideTagWidth, height: size)
                }
            }
        }
    }

    /// Starts for items of `size` wanted at `wanted` (ascending), moved as little as a
    /// left-to-right then right-to-left sweep does to keep them `gap` apart within
    /// [low, high]; when they cannot all fit they keep the left-to-right places.
    static func spread(_ wanted: [Double], size: Double, gap: Double, low: Double, high: Double) -> [Double] {
        var places = wanted
        var next = low
        for i in places.indices {
            places[i] = max(places[i], next)
            next = places[i] + size + gap
        }
        var limit = high - size
        for i in places.indices.reversed() {
            places[i] = min(places[i], limit)
            limit = places[i] - size - gap
        }
        if let first = places.first, first < low - 0.01 {
            next = low
            for i in places.indices { places[i] = max(wanted[i], next); next = places[i] + size + gap }
        }
        return places
    }
}
