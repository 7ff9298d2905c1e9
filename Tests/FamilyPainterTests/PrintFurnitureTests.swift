import FamilyLayout
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// `--subtitle`, `--note`, `--border`, the overview's sheet number: where the plan puts them.
@Suite struct PrintFurnitureTests {
    private func scene(_ width: Double, _ height: Double) -> Scene {
        Scene(width: width, height: height, persons: [], coupleBars: [], connectors: [])
    }

    @Test func subtitleNoteAndBorderTakeTheirOwnRoom() throws {
        var options = PrintOptions()
        options.title = "Ancestors of Victoria"
        options.legend = true
        let plain = try PrintPlan(scene: scene(800, 300), options: options, nameSize: 10).pages[0]
        options.subtitle = "Queen of the United Kingdom"
        options.note = "Researched by A. N. Other, data as of 2026"
        options.border = true
        let page = try PrintPlan(scene: scene(800, 300), options: options, nameSize: 10).pages[0]
        let title = try #require(page.titleArea), legend = try #require(page.legendArea), note = try #require(page.noteArea)
        let frame = try #require(page.border)
        #expect(page.chartOffsetY > plain.chartOffsetY, "the subtitle pushes the chart down")
        #expect(page.height > plain.height && plain.noteArea == nil && plain.border == nil)
        #expect(note.y >= legend.y + legend.height - 0.01 && note.y + note.height <= page.height + 0.01, "the note under the legend")
        #expect(frame.x > 0 && frame.y > 0 && frame.x + frame.width < page.width && frame.y + frame.height < page.height)
        #expect(title.y >= frame.y && page.chartOffsetY + 300 <= legend.y + 0.01)
    }

    @Test func everyPosterSheetSaysWhichOfHowManyItIs() throws {
        var options = PrintOptions()
        options.paper = PaperSize("A4")
        options.poster = true
        options.title = "T"
        options.border = true
        let plan = try PrintPlan(scene: scene(2000, 1400), options: options, nameSize: 10)
        let count = plan.pages.count
        #expect(count > 2)
        #expect(plan.pages[0].label == "overview · sheet 1 of \(count) · T" && plan.pages[0].labelArea != nil && plan.pages[0].border != nil)
        for (k, page) in plan.pages.enumerated().dropFirst() {
            #expect(page.label?.contains("sheet \(k + 1) of \(count)") == true, "\(page.label ?? "")")
            #expect(page.border == nil, "tiles are cut, not framed")
        }
    }
}
