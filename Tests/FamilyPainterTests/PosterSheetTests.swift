@testable import FamilyPainter
import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Each poster sheet paints only what falls on it, and a poster has a sheet limit.
@Suite struct PosterSheetTests {
    @Test func eachSheetGetsOnlyItsOwnMarks() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.synthetic(1_000, seed: 1))
        var print = PrintOptions()
        print.paper = PaperSize("A6")
        print.poster = true
        let plan = try PrintPlan(scene: scene, options: print, nameSize: 11)
        let index = try #require(SheetIndex(scene: scene, plan: plan))
        var filed = 0
        var seen = Set<Int>()
        for page in plan.pages {
            guard case .tile = page.kind else { continue }
            let part = index.part(of: scene, on: page)
            filed += part.persons.count + part.connectors.count + part.coupleBars.count
            for box in part.persons {
                let region = page.chartRegion
                #expect(box.x < region.maxX + SheetIndex.padding && box.x + box.width > region.x - SheetIndex.padding)
                seen.insert(scene.persons.firstIndex(of: box)!)
            }
        }
        let marks = scene.persons.count + scene.connectors.count + scene.coupleBars.count
        #expect(seen.count == scene.persons.count, "every box is on some sheet")
        #expect(filed < 4 * marks, "\(filed) marks painted over \(plan.pages.count - 1) sheets for \(marks) marks")
        #expect(index.part(of: scene, on: plan.pages[0]) == scene, "the overview shows everything")
    }

    @Test func aPosterOfTooManySheetsIsRefused() throws {
        let scene = Scene(width: 2_000_000, height: 1_000, persons: [], coupleBars: [], connectors: [])
        var print = PrintOptions()
        print.paper = PaperSize("A6")
        print.poster = true
        #expect(throws: PainterError.self) { try PrintPlan(scene: scene, options: print, nameSize: 11) }
        do {
            _ = try PrintPlan(scene: scene, options: print, nameSize: 11)
        } catch {
            #expect(error.description.contains("more than the limit of \(PrintPlan.maximumSheets)"))
        }
    }
}
