import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Issue 49, R13: one painter drawing job after job (a batch worker, a service thread)
/// gives every job the bytes a fresh painter gives it, whatever it drew before.
@Suite struct PainterHistoryTests {
    /// One chart as a service draws it: the scene laid out with the painter's measures
    /// where the chart uses them (fan labels), then written in one format.
    struct Job: CustomStringConvertible {
        var name: String
        var graph: FamilyGraph
        var chart = "family"
        var fields = "name,dates,marriage"
        var format = OutputFormat.png
        var fitSize: PixelSize?
        var scale = 1.0

        var description: String { "\(name) \(chart) \(format.rawValue)\(fitSize.map { " \($0.width)x\($0.height)" } ?? "") x\(scale)" }

        func render(with painter: ChartPainter) throws -> [UInt8] {
            var choice = ChartChoice()
            choice.chart = chart
            if let fitSize { choice.targetAspect = Double(fitSize.width) / Double(fitSize.height) }
            var layout = ChartLayout()
            layout.request = try choice.request(in: graph)
            layout.boxContent = try BoxContent(parsing: fields)
            if layout.request.kind == .fan { layout.textMeasure = painter.textMeasure }
            let scene = layout.scene(for: graph)
            var options = RenderOptions()
            options.fitSize = fitSize
            options.scale = scale
            options.creationDate = 1_700_000_000
            return try painter.render(scene, format: format, options: options)
        }
    }

    static func jobs() throws -> [Job] {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let marriages = try TestFamilies.graph(gedcom: "two-marriages")
        let facts = try TestFamilies.graph(gedcom: "box-facts")
        return [
            Job(name: "royal92", graph: royal, fitSize: PixelSize(width: 256, height: 256)),
            Job(name: "two-marriages", graph: marriages, format: .png, scale: 2),
            Job(name: "royal92", graph: royal, chart: "fan", format: .png, scale: 0.5),
            Job(name: "box-facts", graph: facts, fields: "name,dates,place,occupation,marriage", format: .svg),
            Job(name: "two-marriages", graph: marriages, format: .html),
            Job(name: "royal92", graph: royal, format: .png, fitSize: PixelSize(width: 64, height: 48)),
            Job(name: "box-facts", graph: facts, fields: "name,place,marriage", format: .pdf),
            Job(name: "two-marriages", graph: marriages, format: .png, scale: 0.05),
            Job(name: "royal92", graph: royal, chart: "fan", format: .svg),
            Job(name: "two-marriages", graph: marriages, format: .svg),
        ]
    }

    @Test func aSequenceInEitherOrderGivesEachJobAFreshPaintersBytes() throws {
        let fonts = FontConfiguration.file(FixturePaths.fontConfig)
        let jobs = try Self.jobs()
        let fresh = try jobs.map { try $0.render(with: ChartPainter(fonts: fonts)) }
        for order in [Array(jobs.indices), Array(jobs.indices.reversed())] {
            let painter = try ChartPainter(fonts: fonts)
            var differing: [String] = []
            for index in order where try jobs[index].render(with: painter) != fresh[index] {
                differing.append("\(jobs[index])")
            }
            #expect(differing.isEmpty, "drawn after others, these differ from a fresh painter's: \(differing)")
        }
    }
}
