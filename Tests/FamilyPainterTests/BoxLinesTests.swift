import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// `--box` lines and marriage labels are fitted to their rooms: never a pixel outside.
@Suite struct BoxLinesTests {
    @Test func longLinesAndLabelsStayInTheirRooms() throws {
        var theme = Theme.colour
        theme.text = "#FF0000"
        theme.detailText = "#FF0000"
        theme.line = "#FFFFFF"
        theme.unknown = Theme.BoxColours(fill: "#FFFFFF", outline: "#FFFFFF")
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig), theme: theme)
        let long = "b. Teacher of music at the Boston Conservatory and in the public schools of Norfolk County, Massachusetts"
        var box = PersonBox(id: "x", name: "Ann Kennedy", gender: .unknown, generation: 0, x: 40, y: 40, width: 104, height: 82,
                            detail: "bp. 1915, bur. 1990")
        box.lines = [long, "d. Arlington, VA", long]
        var partner = box
        partner.x = 162
        partner.lines = []
        var bar = CoupleBar(ids: ["x", "y"], boxes: [0, 1], points: [Point(144, 81), Point(162, 81)], hang: Point(153, 81))
        bar.label = BarLabel(text: "m. 7 October 1914, Boston, Suffolk County, Massachusetts, United States", x: 98, y: 31,
                             width: 110, height: 8)
        let scene = Scene(width: 320, height: 160, persons: [box, partner], coupleBars: [bar], connectors: [])
        let image = try painter.rasterize(scene, scale: 2)
        var inside = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixels[y * image.width + x]
                guard pixel >> 16 & 0xFF > 0xC0, (pixel >> 8) & 0xFF < 0x90 else { continue }
                let (px, py) = (Double(x) / 2, Double(y) / 2)
                let rooms = [(box.x, box.y, box.width, box.height), (partner.x, partner.y, partner.width, partner.height),
                             (bar.label!.x, bar.label!.y, bar.label!.width, bar.label!.height)]
                if rooms.contains(where: { px >= $0.0 && px <= $0.0 + $0.2 && py >= $0.1 && py <= $0.1 + $0.3 }) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 500 && outside == 0, "\(inside) text pixels in the rooms, \(outside) outside")
    }
}
