@testable import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `Scene.mapGeometry` carries every field of a scene through orientation and shifting,
/// and the scene's readers and writers list every field: checked by reflection over a
/// scene with every field set, so that a field added to `Scene` (or to what it holds)
/// and forgotten in one of them fails here.
@Suite struct SceneGeometryTests {
    let scene = SceneWithEveryField.scene

    /// The fields that hold no coordinate: no map moves them.
    static let withoutCoordinates: Set<String> = ["format", "chart", "width", "height", "colourKey", "squeezedParts", "hangReach"]

    @Test func theFixtureSetsEveryField() {
        let unset = SceneFields.unset(in: scene)
        #expect(unset.isEmpty, "set these in SceneWithEveryField (and carry them through mapGeometry if they hold coordinates): \(unset)")
    }

    @Test func aShiftMovesEveryFieldWithCoordinatesAndKeepsTheOthers() {
        let moved = scene.mapGeometry(.shift(dx: 3, dy: 5))
        for (before, after) in zip(SceneFields.described(scene), SceneFields.described(moved)) {
            if Self.withoutCoordinates.contains(before.name) {
                #expect(before.text == after.text, "\(before.name) changed in a shift")
            } else {
                #expect(before.text != after.text, "\(before.name) was not moved by mapGeometry")
            }
        }
        #expect(moved.mapGeometry(.shift(dx: -3, dy: -5)) == scene)
        var shifted = scene
        shifted.shift(dx: 3, dy: 5)
        #expect(shifted == moved, "Scene.shift is mapGeometry's shift")
        #expect(moved.persons[0].x == 23 && moved.persons[0].y == 35 && moved.leafStacks[0].spine == 58)
        #expect(moved.coupleBars[0].label?.x == 108 && moved.wedges[0].center == Point(303, 225) && moved.wedges[0].startAngle == 200)
    }

    @Test(arguments: [ChartOrientation.leftRight, .rightLeft, .bottomUp])
    func everyOrientationMovesEveryFieldWithCoordinatesAndTurnsBack(orientation: ChartOrientation) {
        let turned = scene.oriented(orientation)
        // A leaf stack's spine keeps its number in every orientation: it ends on the axis no mirror touches.
        for (before, after) in zip(SceneFields.described(scene), SceneFields.described(turned))
        where !Self.withoutCoordinates.contains(before.name) && before.name != "leafStacks" {
            #expect(before.text != after.text, "\(before.name) was not turned by mapGeometry")
        }
        var expected = scene
        expected.coupleBars[0].label = nil  // marriage labels are drawn top-down only
        #expect(turned.turnedBack(from: orientation) == expected)
        #expect(turned.coupleBars[0].label == nil)
    }

    @Test func aTransposedScenesCoordinatesAreExchanged() {
        let map = SceneGeometryMap(transposes: true)
        let turned = scene.mapGeometry(map)
        #expect((turned.width, turned.height) == (scene.height, scene.width))
        let box = scene.persons[0], turnedBox = turned.persons[0]
        #expect((turnedBox.x, turnedBox.y, turnedBox.width, turnedBox.height) == (box.y, box.x, box.height, box.width))
        #expect(turned.connectors[0].points == scene.connectors[0].points.map { Point($0.y, $0.x) })
        // A reflection: 200°…250° (down-left, towards up) becomes 90 − 250 … 90 − 200.
        #expect((turned.wedges[0].startAngle, turned.wedges[0].endAngle) == (-160, -110))
        #expect(turned.texts[1].path == .arc(center: Point(220, 300), radius: 60, angle: -180, clockwise: false))
        // The stack's boxes now stand side by side: its spine is a y, the same number.
        #expect(turned.leafStacks[0].spine == 55)
        // Transposing and mirroring left to right is a quarter turn: no reflection, arcs keep their direction.
        let quarter = scene.mapGeometry(SceneGeometryMap(transposes: true, mirrorsX: true))
        #expect(quarter.texts[1].path == .arc(center: Point(80, 300), radius: 60, angle: 360, clockwise: true))
    }

    @Test func theJSONWriterAndTheCodablePairCarryEveryField() throws {
        let written = try JSONDecoder().decode(Scene.self, from: Data(SceneJSONWriter().write(scene)))
        #expect(written == scene)
        let encoded = try JSONDecoder().decode(Scene.self, from: JSONEncoder().encode(scene))
        #expect(encoded == scene)
    }
}
