import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

@Suite struct DeterminismTests {
    @Test func theSameInputGivesTheSameSceneBytes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = SeedJSONWriter().write(SyntheticFamily(persons: 2_000, seed: 11, roots: 2).generate())
        var first: Data?
        for _ in 0..<5 {
            let graph = try TestFamilies.graph(json: text)
            let bytes = try encoder.encode(ChartLayout().scene(for: graph))
            if let first { #expect(bytes == first) } else { first = bytes }
        }
    }

    @Test func ancestorAndHourglassChartsAreTheSameBytesEveryTime() throws {
        let text = SeedJSONWriter().write(SyntheticPedigree(persons: 800, collapse: 0.15, seed: 4).generate())
        for kind in [ChartKind.ancestors, .hourglass] {
            var first: [UInt8]?
            for _ in 0..<3 {
                let layout = ChartLayout(request: kind == .ancestors ? .ancestors(.init(showsSiblings: true)) : .hourglass(.init(showsSiblings: true)))
                let bytes = SceneJSONWriter().write(layout.scene(for: try TestFamilies.graph(json: text)))
                if let first { #expect(bytes == first) } else { first = bytes }
            }
        }
    }

    @Test func sceneJSONUsesTheDocumentedFieldNames() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try JSONSerialization.jsonObject(with: try encoder.encode(scene)) as! [String: Any]
        #expect(Set(object.keys) == ["format", "chart", "width", "height", "persons", "coupleBars", "connectors"])
        #expect(object["format"] as? Int == Scene.currentFormat && object["chart"] as? String == "family")
        let person = (object["persons"] as! [[String: Any]])[0]
        #expect(Set(["id", "name", "gender", "generation", "part", "x", "y", "width", "height"]).isSubset(of: Set(person.keys)))
        let bar = (object["coupleBars"] as! [[String: Any]])[0]
        #expect(Set(bar.keys) == ["ids", "boxes", "points", "hang"])
        let connector = (object["connectors"] as! [[String: Any]])[0]
        #expect(Set(connector.keys) == ["parents", "child", "parentBoxes", "childBox", "points"])
        #expect((connector["points"] as! [[Double]]).allSatisfy { $0.count == 2 })
        #expect(try JSONDecoder().decode(Scene.self, from: try encoder.encode(scene)) == scene)
    }
}

@Suite struct SceneJSONWriterTests {
    @Test func readsBackAsTheSameSceneAndMatchesJSONEncoderField() throws {
        let text = SeedJSONWriter().write(SyntheticFamily(persons: 500, seed: 8, roots: 2).generate())
        var scene = ChartLayout().scene(for: try TestFamilies.graph(json: text))
        scene.persons[0].name = "quote \" backslash \\ newline \n tab \t bell \u{07} 小明"
        scene.connectors[0].crossLink = true
        scene.connectors[0].style = .crossLink
        let bytes = SceneJSONWriter().write(scene)
        #expect(try JSONDecoder().decode(Scene.self, from: Data(bytes)) == scene)
        // Same content as Foundation's encoder with sorted keys (compared as parsed JSON).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ours = try JSONSerialization.jsonObject(with: Data(bytes)) as! NSDictionary
        let theirs = try JSONSerialization.jsonObject(with: encoder.encode(scene)) as! NSDictionary
        #expect(ours == theirs)
    }

    /// Coordinates are written digit by digit when they have at most three decimals; every
    /// form must read back as exactly the same number.
    @Test func everyNumberReadsBackExactly() throws {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.125, -0.125, 0.1, 0.3, 2.675, 1234.567, -9876.543, 0.001, -0.001,
                                0.0005, 1e-7, 1.0 / 3, 123_456_789.25, 1e14 + 0.5, 4.5e15, -7.25e18, .pi, 0.1 + 0.2, 999.9995]
        var scene = Scene(width: 1, height: 1, persons: [], coupleBars: [], connectors: [])
        scene.coupleBars = values.map { value in
            CoupleBar(ids: ["a", "b"], boxes: [0, 1], points: [Point(value, -value)], hang: Point(value, value))
        }
        let bytes = SceneJSONWriter().write(scene)
        let decoded = try JSONDecoder().decode(Scene.self, from: Data(bytes))
        for (bar, value) in zip(decoded.coupleBars, values) {
            #expect(bar.hang.x == value && bar.points[0].y == -value, "\(value) came back as \(bar.hang.x)")
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("[0.125,0.125]"))
    }

    /// Output larger than the writer's 1 MiB chunks, and a single string larger than a
    /// chunk, come back whole and in order.
    @Test func outputSpanningManyChunksReadsBack() throws {
        let text = SeedJSONWriter().write(SyntheticFamily(persons: 6_000, seed: 3, roots: 1).generate())
        var scene = ChartLayout().scene(for: try TestFamilies.graph(json: text))
        scene.persons[1].name = String(repeating: "長い名前 long name ", count: 90_000)
        let bytes = SceneJSONWriter().write(scene)
        #expect(bytes.count > 3 << 20)
        #expect(try JSONDecoder().decode(Scene.self, from: Data(bytes)) == scene)
    }

    /// A big scene is written in two halves on two threads: the bytes are the one thread's,
    /// for scenes with every optional list (row labels, frames, stacks) and without.
    @Test func twoThreadsWriteTheSameBytesAsOne() throws {
        let text = SeedJSONWriter().write(SyntheticFamily(persons: 3_000, seed: 5, roots: 3).generate())
        let graph = try TestFamilies.graph(json: text)
        var scenes = [ChartLayout().scene(for: graph), ChartLayout(request: .descendants(.init())).scene(for: graph)]
        var labelled = scenes[0]
        labelled.persons[2].name = String(repeating: "長い名前 long name ", count: 70_000)  // past a chunk
        labelled.rowLabels = [RowLabel(part: 0, generation: 0, text: "Gen 1", x: 1, y: 2, width: 3, height: 4)]
        labelled.partFrames = [PartFrame(part: 0, x: 1, y: 2, width: 3, height: 4)]
        labelled.leafStacks = [LeafStack(boxes: [1, 2], spine: 0.5)]
        labelled.squeezedParts = [0]
        scenes.append(labelled)
        scenes.append(Scene(width: 1, height: 1, persons: [], coupleBars: [], connectors: []))
        for scene in scenes {
            var twoThreads = SceneJSONWriter()
            twoThreads.twoThreadsFromSize = 0
            var oneThread = SceneJSONWriter()
            oneThread.twoThreadsFromSize = .max
            #expect(twoThreads.write(scene) == oneThread.write(scene))
        }
    }
}
