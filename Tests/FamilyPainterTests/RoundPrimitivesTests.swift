import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import FoundationXML
import TestSupport
import Testing

/// Wedges (annular sectors) and text at an angle or along an arc: the scene's JSON, the
/// pixels Cairo paints, the semantic SVG and the HTML page's data, on a small synthetic
/// round chart.
@Suite struct RoundPrimitivesTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    static let centre = Point(150, 180)

    /// A half fan: W1 (male) from 180° to 270°, W2 (female, dashed) from 270° to 360°,
    /// both between radii 40 and 100; a full pie in an explicit colour at (40, 40); "Anna"
    /// along W1's middle circle and "Bert" at −45° beside W2.
    static func scene(clockwise: Bool = true) -> Scene {
        var scene = Scene(width: 300, height: 200, persons: [], coupleBars: [], connectors: [], chart: .ancestors)
        scene.wedges = [
            Wedge(center: centre, innerRadius: 40, outerRadius: 100, startAngle: 180, endAngle: 270, fill: .gender(.male), person: "W1"),
            Wedge(center: centre, innerRadius: 40, outerRadius: 100, startAngle: 270, endAngle: 360, fill: .gender(.female),
                  outline: .dashed, person: "W2"),
            Wedge(center: Point(40, 40), innerRadius: 0, outerRadius: 30, startAngle: 0, endAngle: 360,
                  fill: .colour(red: 0x33, green: 0x66, blue: 0x99)),
        ]
        scene.texts = [
            SceneText("Anna", size: 10, bold: true, along: .arc(center: centre, radius: 70, angle: 225, clockwise: clockwise), person: "W1"),
            SceneText("Bert", size: 10, along: .line(at: Point(235, 100), angle: -45), person: "W2"),
        ]
        return scene
    }

    static func at(_ radius: Double, _ degrees: Double) -> (x: Int, y: Int) {
        let a = degrees * Double.pi / 180
        return (Int((centre.x + radius * cos(a)).rounded()), Int((centre.y + radius * sin(a)).rounded()))
    }

    static func isInk(_ pixel: UInt32) -> Bool {
        (pixel >> 16) & 0xFF < 0x90 && (pixel >> 8) & 0xFF < 0x90 && pixel & 0xFF < 0x90
    }

    @Test func jsonReadsBackAndWritesTheFieldsOnlyWhenThereAreAny() throws {
        let scene = Self.scene()
        let bytes = SceneJSONWriter().write(scene)
        #expect(try JSONDecoder().decode(Scene.self, from: Data(bytes)) == scene)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ours = try JSONSerialization.jsonObject(with: Data(bytes)) as! NSDictionary
        let theirs = try JSONSerialization.jsonObject(with: encoder.encode(scene)) as! NSDictionary
        #expect(ours == theirs, "the fast writer and Codable agree")
        let wedges = try #require(ours["wedges"] as? [[String: Any]])
        #expect(wedges[0]["fill"] as? String == "male" && wedges[1]["outline"] as? String == "dashed" && wedges[2]["fill"] as? String == "#336699")
        #expect((ours["texts"] as? [[String: Any]])?.first?["arc"] is [String: Any])
        // A chart without them keeps its JSON as it was.
        let plain = try JSONSerialization.jsonObject(with: Data(SceneJSONWriter().write(ChartLayout().scene(for: try TestFamilies.demo)))) as! NSDictionary
        #expect(plain["wedges"] == nil && plain["texts"] == nil)
        #expect(WedgeFill(text: "#3366") == nil && WedgeFill(text: "purple") == nil && WedgeFill(text: "reference") == .reference)
    }

    @Test func cairoFillsWedgesInTheirColoursAndLeavesTheRestBlank() throws {
        let image = try painter.rasterize(Self.scene(), scale: 1)
        func pixel(_ p: (x: Int, y: Int)) -> UInt32 { image.pixels[p.y * image.width + p.x] }
        #expect(pixel(Self.at(90, 200)) == 0xD5E5F6, "inside W1: the male box fill")
        #expect(pixel(Self.at(55, 340)) == 0xF8DBE6, "inside W2: the female box fill")
        #expect(pixel(Self.at(20, 225)) == 0xFFFFFF, "the hole inside the inner radius")
        #expect(pixel(Self.at(70, 170)) == 0xFFFFFF, "outside the fan's angles")
        #expect(pixel((51, 51)) == 0x336699, "the full pie in its own colour")
        #expect(pixel((55, 40)) == 0x336699, "a whole disc has no seam from its centre")
        #expect(![0xD5E5F6, 0xFFFFFF].contains(pixel(Self.at(100, 200))), "the outline on the outer arc")
    }

    /// The text sits on its circle around the middle angle, letters' tops outward when read
    /// clockwise and inward when read anticlockwise; the straight text runs at its angle.
    @Test(arguments: [true, false])
    func arcTextSitsOnItsCircleFacingTheRightWay(clockwise: Bool) throws {
        let image = try painter.rasterize(Self.scene(clockwise: clockwise), scale: 1)
        var outward = 0, inward = 0, beside = 0
        for y in 0..<image.height {
            for x in 0..<image.width where Self.isInk(image.pixels[y * image.width + x]) {
                let dx = Double(x) + 0.5 - Self.centre.x, dy = Double(y) + 0.5 - Self.centre.y
                let r = (dx * dx + dy * dy).squareRoot()
                var angle = atan2(dy, dx) * 180 / Double.pi
                if angle < 0 { angle += 360 }
                guard r > 45, r < 95 else { continue }
                if angle > 205 && angle < 245 { if r >= 70 { outward += 1 } else { inward += 1 } }
                if angle > 185 && angle < 200 || angle > 250 && angle < 265 { beside += 1 }
            }
        }
        #expect(outward + inward > 40, "the text is drawn")
        #expect(beside == 0, "no ink away from the middle angle")
        if clockwise { #expect(outward > 4 * inward, "\(outward) outward, \(inward) inward") } else { #expect(inward > 4 * outward, "\(inward) inward, \(outward) outward") }
    }

    @Test func lineTextRunsAtItsAngle() throws {
        let image = try painter.rasterize(Self.scene(), scale: 1)
        var points: [(Double, Double)] = []
        for y in 70..<130 {
            for x in 205..<265 where Self.isInk(image.pixels[y * image.width + x]) { points.append((Double(x), Double(y))) }
        }
        try #require(points.count > 20, "the text is drawn")
        let (mx, my) = (points.map(\.0).reduce(0, +) / Double(points.count), points.map(\.1).reduce(0, +) / Double(points.count))
        let sxy = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }, sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        let slope = sxy / sxx
        #expect(slope < -0.6 && slope > -1.6, "rising to the right at about 45°: slope \(slope)")
        #expect(abs(mx - 235) < 6 && abs(my - 100) < 8, "centred near its point: \(mx), \(my)")
    }

    @Test func svgMakesAPersonsWedgeAGroupWithTheirID() throws {
        let document = try XMLDocument(data: Data(try painter.semanticSVG(Self.scene())))
        func values(_ path: String) throws -> [String] { try document.nodes(forXPath: path).compactMap(\.stringValue) }
        #expect(try values("//*[@class='wedge-person']/@data-id") == ["W1", "W2"])
        #expect(try values("//*[@class='wedge-person']/*[local-name()='path']/@class") == ["wedge male", "wedge female dashed"])
        #expect(try values("//*[@class='wedge-person']/*[local-name()='title']") == ["Anna (W1)", "Bert (W2)"])
        let d = try #require(try values("//*[@class='wedge-person'][@data-id='W1']/*[local-name()='path']/@d").first)
        #expect(d.hasPrefix("M50 180A100 100") && d.hasSuffix("Z"), "\(d)")
        #expect(try values("//*[local-name()='textPath']") == ["Anna"])
        #expect(try values("//*[@class='along'][@data-id='W2']/@transform") == ["translate(235 100) rotate(-45)"])
        #expect(try values("//*[@class='wedge coloured']/@style") == ["fill:#336699"])
    }

    @Test func htmlPageKnowsTheWedgesPersonsForClicks() throws {
        let html = String(decoding: try painter.htmlPage(Self.scene()), as: UTF8.self)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"chart-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as! [String: Any]
        let people = try #require(data["people"] as? [[String: Any]])
        #expect(people.map { $0["id"] as? String } == ["W1", "W2"] && people.map { $0["name"] as? String } == ["Anna", "Bert"])
        #expect(people.map { $0["gender"] as? String } == ["male", "female"])
        let wedges = try #require(data["wedges"] as? [Double])
        try #require(wedges.count == 14, "seven numbers for each wedge with a person")
        #expect(Array(wedges[2...6]) == [40, 100, 180, 270, 0] && wedges[13] == 1)
        #expect(html.contains("function wedgeAt("))
    }
}
