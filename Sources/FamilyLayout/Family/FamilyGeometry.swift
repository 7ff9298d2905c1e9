/// Vertical geometry of one part of a family chart: each row's top edge, the tracks of
/// the connector runs in each gap between rows, and the lanes of the arching couple bars
/// above each row. A gap grows beyond the style's row gap only when its tracks and arches
/// need the room.
struct FamilyGeometry {
    /// Space between a row's boxes and the nearest track, and between tracks and arches.
    static let trackPad = 9.0
    /// Track spacing when the gap has room, and the least it may be.
    static let preferredTrackSpacing = 7.0
    static let minimumTrackSpacing = 5.0
    /// Distance between the lanes of nested couple-bar arches (at least 4 pt apart).
    static let archLane = 5.0

    /// Top edge of each row's boxes, from the part's top.
    private(set) var rowTop: [Double]
    /// y of each track in the gap below each row.
    private(set) var trackY: [[Double]]
    let boxHeight: Double
    /// Total height of the part.
    var height: Double { (rowTop.last ?? 0) + boxHeight }

    /// - Parameters:
    ///   - archDepth: the deepest arch lane above each row (0 when no couple bar arches).
    ///   - tracks: the number of tracks each gap (below row r) needs.
    init(rows: Int, boxHeight: Double, rowGap: Double, archDepth: [Int], tracks: [Int]) {
        self.boxHeight = boxHeight
        rowTop = []
        trackY = []
        func archZone(_ row: Int) -> Double {
            archDepth[row] == 0 ? 0 : Double(archDepth[row]) * Self.archLane + Self.archLane
        }
        var y = archZone(0)
        for r in 0..<rows {
            rowTop.append(y)
            guard r + 1 < rows else { break }
            let bottom = y + boxHeight
            let count = max(1, tracks[r])  // a gap of straight lines only keeps its middle track
            let needed = count <= 1 ? 0 : 2 * Self.trackPad + Double(count - 1) * Self.minimumTrackSpacing
            let gap = max(rowGap, needed + archZone(r + 1))
            let free = gap - archZone(r + 1)  // where the tracks may run
            var ys: [Double] = []
            if count == 1 {
                ys = [bottom + free / 2]
            } else if count > 1 {
                let spacing = min(Self.preferredTrackSpacing, (free - 2 * Self.trackPad) / Double(count - 1))
                let first = bottom + (free - spacing * Double(count - 1)) / 2
                ys = (0..<count).map { first + Double($0) * spacing }
            }
            trackY.append(ys)
            y = bottom + gap
        }
        while trackY.count < rows { trackY.append([]) }
    }
}
