import FamilyLayout
import FamilyModel

/// A small scene with every field of `Scene` and of the values it holds set to something
/// other than its default (every list non-empty, every optional present), for the tests
/// that check a derived scene carries every field through (`SceneGeometryTests`,
/// `PosterSheetTests`). `SceneFields.unset(in:)` names any field a new version of the
/// scene adds and this fixture leaves at its default, so the fixture cannot fall behind.
public enum SceneWithEveryField {
    /// A 400 × 300 pt page; nothing is symmetric, so every transposition or mirror moves every mark.
    public static var scene: Scene {
        var a = PersonBox(id: "A", name: "Ann Example", gender: .female, generation: 1, x: 20, y: 30, width: 90, height: 40,
                          detail: "1900–1980", isReference: true, references: 2)
        a.lineage = 1
        a.photo = "a.png"
        a.secondName = "Ann Née"
        a.part = 1
        a.referenceReason = .partnerInOtherRow
        a.givenNames = NameSpan(1, 3)
        a.sosa = "3"
        a.lines = ["London"]
        a.fill = "#112233"
        a.outline = "#445566"
        a.mark = "A"
        a.wedge = 1
        var b = a
        (b.id, b.x, b.y, b.wedge) = ("B", 140, 30, 0)
        var c = a
        (c.id, c.x, c.y, c.generation, c.wedge) = ("C", 60, 110, 2, 1)
        var d = c
        (d.id, d.y) = ("D", 160)
        var bar = CoupleBar(ids: ["A", "B"], boxes: [0, 1], points: [Point(110, 50), Point(140, 50)], hang: Point(125, 50), isDivorced: true)
        bar.label = BarLabel(text: "m. 1920", x: 105, y: 12, width: 40, height: 10)
        let connector = Connector(parents: ["A", "B"], child: "C", parentBoxes: [0, 1], childBox: 2,
                                  points: [Point(125, 50), Point(125, 90), Point(105, 90), Point(105, 110)],
                                  crossLink: true, link: .adopted, style: .crossLink)
        var scene = Scene(width: 400, height: 300, persons: [a, b, c, d], coupleBars: [bar], connectors: [connector], chart: .family)
        scene.format = 2
        scene.wedges = [Wedge(center: Point(300, 220), innerRadius: 10, outerRadius: 50, startAngle: 200, endAngle: 250,
                              fill: .gender(.female), outline: .dashed, person: "A"),
                        Wedge(center: Point(300, 220), innerRadius: 50, outerRadius: 70, startAngle: 250.5, endAngle: 300,
                              fill: .colour(red: 1, green: 2, blue: 3), outline: .faint, person: "B")]
        scene.texts = [SceneText("Ann", size: 7, bold: true, along: .line(at: Point(280, 200), angle: 30), person: "A"),
                       SceneText("Bob", size: 6, along: .arc(center: Point(300, 220), radius: 60, angle: 270, clockwise: true), person: "B")]
        scene.rowLabels = [RowLabel(part: 1, generation: 1, text: "Gen 1 · 1900", x: 2, y: 30, width: 16, height: 40)]
        scene.partFrames = [PartFrame(part: 1, x: 10, y: 20, width: 230, height: 190)]
        scene.colourKey = [ColourKey(fill: "#112233", outline: "#445566", mark: "A", label: "Branch A")]
        scene.squeezedParts = [1]
        scene.hangReach = 12
        scene.leafStacks = [LeafStack(boxes: [2, 3], spine: 55)]
        return scene
    }
}

/// The fields of a value as `Mirror` sees them: what a test walks to find a field that a
/// fixture leaves at its default or a derived scene drops.
public enum SceneFields {
    /// The paths ("persons[0].photo") of every stored field, through nested structs and the
    /// first element of every list, that holds nil, an empty list, 0, false or "" (a list of
    /// numbers may start with 0: they are indexes).
    public static func unset(in value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let inner = mirror.children.first?.value else { return [path] }
            return unset(in: inner, path: path)
        }
        if mirror.displayStyle == .collection {
            guard let first = mirror.children.first?.value else { return [path] }
            return first is Int ? [] : unset(in: first, path: path + "[0]")
        }
        switch value {
        case let number as Double: return number == 0 ? [path] : []
        case let number as Int: return number == 0 ? [path] : []
        case let flag as Bool: return flag ? [] : [path]
        case let text as String: return text.isEmpty ? [path] : []
        default: break
        }
        guard mirror.displayStyle == .struct else { return [] }  // enums and their payloads count as set
        return mirror.children.flatMap { child in
            unset(in: child.value, path: path.isEmpty ? child.label ?? "?" : path + "." + (child.label ?? "?"))
        }
    }

    /// The scene's top-level fields by name, each as text (to compare one field of two scenes).
    public static func described(_ scene: Scene) -> [(name: String, text: String)] {
        Mirror(reflecting: scene).children.map { ($0.label ?? "?", String(describing: $0.value)) }
    }
}
