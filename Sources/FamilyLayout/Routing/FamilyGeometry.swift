/// Vertical geometry of one part of a family chart: each row's top edge, the tracks of
/// the connector runs in each gap between rows, and the lanes of the arching couple bars
/// above each row. A gap grows beyond the style's row gap only when its tracks and arches
/// need the room.
struct FamilyGeometry {
    /// Space between a row's boxes and the nearest track, and between tracks and arches.
    static let trackPad = 9.0
    /// The same with `--compact`: a gap of five or more tracks grows by 6 pt less (up to
    /// four keep their places in the middle of the gap).
    static let compactTrackPad = 6.0
    /// Track spacing when the gap has room, and the least it may be: centre to centre,
    /// so two families' runs keep 5 pt clear of each other with 1 pt lines.
    static let preferredTrackSpacing = 7.0
    static let minimumTrackSpacing = 6.0
    /// Distance between the lanes of nested couple-bar arches (5 pt clear, as tracks).
    static let archLane = 6.0

    /// The most couple-bar arches that can rise from one side of a box `boxWidth` wide with
    /// their risers `archLane` apart: `SceneWriter.addCoupleBar` spreads them over half of
    /// the box's top edge, `archLane` clear of its middle, where the line from the person's
    /// parents comes down (104 pt: 7).
    static func archesPerSide(boxWidth: Double) -> Int {
        max(1, Int(((boxWidth / 2 - archLane) / archLane).rounded(.down)))
    }

    /// Top edge of each row's boxes, from the part's top.
    private(set) var rowTop: [Double]
    /// How many tracks each gap was given room for, and the arch depth above each row.
    private(set) var trackCounts: [Int] = []
    private(set) var archDepths: [Int] = []
    /// y of each track in the gap below each row.
    private(set) var trackY: [[Double]]
    let boxHeight: Double
    /// Space between a row's boxes and its gap's nearest track (`trackPad` or `compactTrackPad`).
    let pad: Double
    /// Total height of the part.
    var height: Double { (rowTop.last ?? 0) + boxHeight }

    /// - Parameters:
    ///   - archDepth: the deepest arch lane above each row (0 when no couple bar arches).
    ///   - tracks: the number of tracks each gap (below row r) needs.
    ///   - pad: space between a row's boxes and its gap's nearest track.
    init(rows: Int, boxHeight: Double, rowGap: Double, archDepth: [Int], tracks: [Int], pad: Double = trackPad) {
        self.boxHeight = boxHeight
        self.pad = pad
        rowTop = []
        trackY = []
        trackCounts = tracks
        archDepths = archDepth
        func archZone(_ row: Int) -> Double {
            archDepth[row] == 0 ? 0 : Double(archDepth[row]) * Self.archLane + Self.archLane
        }
        var y = archZone(0)
        for r in 0..<rows {
            rowTop.append(y)
            guard r + 1 < rows else { break }
            let bottom = y + boxHeight
            let count = max(1, tracks[r])  // a gap of straight lines only keeps its middle track
            let needed = count <= 1 ? 0 : 2 * pad + Double(count - 1) * Self.minimumTrackSpacing
            let gap = max(rowGap, needed + archZone(r + 1))
            let free = gap - archZone(r + 1)  // where the tracks may run
            var ys: [Double] = []
            if count == 1 {
                ys = [bottom + free / 2]
            } else if count > 1 {
                let spacing = min(Self.preferredTrackSpacing, (free - 2 * pad) / Double(count - 1))
                let first = bottom + (free - spacing * Double(count - 1)) / 2
                ys = (0..<count).map { first + Double($0) * spacing }
            }
            trackY.append(ys)
            y = bottom + gap
        }
        while trackY.count < rows { trackY.append([]) }
    }

    /// Rows `first..<first + count` of this geometry as a geometry of their own (its top at
    /// the first of them), and where that top stands in this one.
    func rows(from first: Int, count: Int) -> (geometry: FamilyGeometry, top: Double) {
        var part = self
        let top = rowTop[first]
        part.rowTop = rowTop[first..<(first + count)].map { $0 - top }
        part.trackY = trackY[first..<(first + count)].map { $0.map { $0 - top } }
        part.trackCounts = Array(trackCounts[first..<min(trackCounts.count, first + count)])
        part.archDepths = Array(archDepths[first..<(first + count)])
        return (part, top)
    }

    /// One geometry for rows shared by several parts (seed generations): each row has the
    /// deepest arch lanes and each gap the most tracks any part needs there; the parts are
    /// given by their first row and geometry.
    static func shared(_ parts: [(firstRow: Int, geometry: FamilyGeometry)], boxHeight: Double, rowGap: Double) -> FamilyGeometry {
        let rows = parts.map { $0.firstRow + $0.geometry.rowTop.count }.max() ?? 0
        var arch = [Int](repeating: 0, count: rows), tracks = [Int](repeating: 0, count: rows)
        for (first, geometry) in parts {
            for (r, depth) in geometry.archDepths.enumerated() { arch[first + r] = max(arch[first + r], depth) }
            for (r, count) in geometry.trackCounts.enumerated() where first + r < rows { tracks[first + r] = max(tracks[first + r], count) }
        }
        return FamilyGeometry(rows: rows, boxHeight: boxHeight, rowGap: rowGap, archDepth: arch, tracks: tracks,
                              pad: parts.first?.geometry.pad ?? trackPad)
    }
}
