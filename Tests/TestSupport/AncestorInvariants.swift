import FamilyLayout

/// The rules of an ancestor block (an ancestor chart, or an hourglass above its focus's
/// row), checked on the scene graph on top of `SceneInvariants`: each couple's father
/// stands left of the mother; a couple of ancestors is centred between its father's and
/// its mother's parents' couples (right under the one that is known); the focus's
/// parents stand over the middle of the focus's row; a reference box has nothing drawn
/// above it; everyone stands once, apart from references.
public struct AncestorInvariants {
    public let scene: Scene
    public var tolerance = 0.01

    public init(scene: Scene) { self.scene = scene }

    public func violations() -> [String] {
        var found: [String] = []
        let persons = scene.persons
        guard let focus = persons.firstIndex(where: { $0.sosa == "1" && !$0.isReference }) else { return ["no box has Sosa number 1"] }
        let focusRow = persons[focus].generation
        var primary = Set<String>()
        for box in persons where !box.isReference && !primary.insert(box.id).inserted { found.append("\(box.id) stands twice") }
        // Hang points of the lines into each box, by child box.
        var parentsHang: [Int: Double] = [:]
        var hangOfBar: [[Int]: Double] = [:]
        for bar in scene.coupleBars { hangOfBar[bar.boxes.sorted()] = bar.hang.x }
        for connector in scene.connectors where persons[connector.childBox].generation <= focusRow {
            parentsHang[connector.childBox] = connector.points[0].x
            if persons[connector.childBox].isReference { found.append("reference \(persons[connector.childBox].id) has parents drawn above it") }
        }
        for bar in scene.coupleBars where persons[bar.boxes[0]].generation < focusRow {
            let (father, mother) = (persons[bar.boxes[0]], persons[bar.boxes[1]])
            if father.gender == .female && mother.gender == .male { found.append("couple \(bar.ids): the mother stands left of the father") }
            let sides = [parentsHang[bar.boxes[0]], parentsHang[bar.boxes[1]]].compactMap { $0 }
            guard !sides.isEmpty else { continue }
            let target = sides.reduce(0, +) / Double(sides.count)
            if abs(bar.hang.x - target) > tolerance {
                found.append("couple \(bar.ids) is off centre between its parents' couples by \(bar.hang.x - target) pt")
            }
        }
        // The focus's parents over the middle of the focus's row (the focus and siblings).
        let row = scene.connectors.filter { persons[$0.childBox].generation == focusRow && $0.childBox == focus }
        if let line = row.first {
            let children = scene.connectors.filter { $0.parentBoxes == line.parentBoxes && persons[$0.childBox].generation == focusRow }
            let centres = children.map { persons[$0.childBox].centerX }
            let middle = (centres.min()! + centres.max()!) / 2
            if abs(line.points[0].x - middle) > tolerance { found.append("the focus's parents are off centre over the focus's row by \(line.points[0].x - middle) pt") }
        }
        return found
    }
}
