import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// One chart drawn the whole way a service would draw it in-process: bytes of a family
/// file → import → chart request → scene → the bytes of a PNG, PDF, SVG or HTML page.
private struct ChartJob: Sendable {
    var name: String
    var input: [UInt8]
    var chart: String
    var format: OutputFormat
    var fitSize: PixelSize? = nil
    var scale = 1.0
    var svgGlyphs = false

    func render(with painter: ChartPainter) throws -> [UInt8] {
        let family = try FamilyImport(bytes: input, source: name)
        var choice = ChartChoice()
        choice.chart = chart
        if let fitSize { choice.targetAspect = Double(fitSize.width) / Double(fitSize.height) }
        var layout = ChartLayout()
        layout.request = try choice.request(in: family.graph)
        let scene = layout.scene(for: family.graph)
        var options = RenderOptions()
        options.fitSize = fitSize
        options.scale = scale
        options.svgGlyphs = svgGlyphs
        options.creationDate = 1_700_000_000
        return withoutSurfaceNumbers(try painter.render(scene, format: format, options: options))
    }
}

/// Cairo's SVG names its page group after Cairo's count of surfaces made so far in the
/// process (`<g id="surface126">`): the one part of a document that depends on what the
/// process did before. Blanked before comparing; everything else must be equal.
private func withoutSurfaceNumbers(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.starts(with: Array("<?xml".utf8)) else { return bytes }
    let text = String(decoding: bytes, as: UTF8.self)
    return Array(text.replacingOccurrences(of: #"id="surface[0-9]+""#, with: #"id="surface""#, options: .regularExpression).utf8)
}

/// Eight different charts (kinds, formats, sizes, Latin and CJK names), for the threads.
private let jobs: [ChartJob] = {
    func json(_ persons: Int, seed: UInt64) -> [UInt8] {
        Array(SeedJSONWriter().write(SyntheticFamily(persons: persons, seed: seed).generate()).utf8)
    }
    let gedcom = Array(GEDCOMWriter().write(SyntheticFamily(persons: 30, seed: 8).generate()).utf8)
    return [
        ChartJob(name: "demo.json", input: Array(DemoFamily.json.utf8), chart: "family", format: .png),
        ChartJob(name: "thumbnail.json", input: json(60, seed: 2), chart: "family", format: .png,
                 fitSize: PixelSize(width: 256, height: 256)),
        ChartJob(name: "ancestors.json", input: Array(DemoFamily.json.utf8), chart: "ancestors", format: .pdf),
        ChartJob(name: "descendants.json", input: json(40, seed: 4), chart: "descendants", format: .svg, svgGlyphs: true),
        ChartJob(name: "hourglass.json", input: json(35, seed: 5), chart: "hourglass", format: .png, scale: 0.5),
        ChartJob(name: "semantic.json", input: json(25, seed: 6), chart: "family", format: .svg),
        ChartJob(name: "page.json", input: json(20, seed: 7), chart: "family", format: .html),
        ChartJob(name: "family.ged", input: gedcom, chart: "family", format: .pdf),
    ]
}()

/// How many times each thread draws; `FAMILYCHART_CONCURRENT_ROUNDS` raises it for a
/// longer hunt (e.g. under ThreadSanitizer, or 1,000 rounds before a release).
private let rounds = ProcessInfo.processInfo.environment["FAMILYCHART_CONCURRENT_ROUNDS"].flatMap(Int.init) ?? 50

/// The library drawn from many threads at once: the bytes never differ from a serial render.
@Suite struct ConcurrentRenderTests {
    @Test func eightChartsOnEightThreadsGiveTheBytesOfSerialRenders() throws {
        let fonts = FontConfiguration.file(FixturePaths.fontConfig)
        let expected = try jobs.map { try $0.render(with: ChartPainter(fonts: fonts)) }
        #expect(Set(expected).count == jobs.count, "the eight charts differ from each other")
        let mismatches = Mismatches()
        // Eight threads of their own (`concurrentPerform` would run no more at once than there are cores).
        onThreads(8) { thread in
            do {
                var painter = try ChartPainter(fonts: fonts)
                for round in 0..<rounds {
                    // A new painter now and then: font maps are made and torn down while other threads draw.
                    if round % 10 == 9 { painter = try ChartPainter(fonts: fonts) }
                    // Every thread walks the charts from its own start, so each chart is drawn on several threads at once.
                    let index = (thread + round) % jobs.count
                    let bytes = try jobs[index].render(with: painter)
                    if bytes != expected[index] {
                        let evidence = FixturePaths.testOutput + "/concurrent-\(thread)-\(round)-\(jobs[index].name).\(jobs[index].format.rawValue)"
                        try? FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
                        try? Data(bytes).write(to: URL(fileURLWithPath: evidence))
                        try? Data(expected[index]).write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/concurrent-expected-\(jobs[index].name).\(jobs[index].format.rawValue)"))
                        mismatches.add("thread \(thread), round \(round): \(jobs[index].name) differs (\(evidence))")
                    }
                }
            } catch {
                mismatches.add("thread \(thread): \(error)")
            }
        }
        #expect(mismatches.all.isEmpty, "\(mismatches.all.prefix(10))")
    }

    /// `render` gives the bytes `write` puts in the file, for every format.
    @Test func renderGivesTheBytesWriteSaves() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let folder = NSTemporaryDirectory() + "familychart-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        for (format, glyphs) in [(OutputFormat.png, false), (.pdf, false), (.svg, false), (.svg, true), (.html, false)] {
            var options = RenderOptions()
            options.svgGlyphs = glyphs
            options.creationDate = 1_700_000_000
            let path = folder + "/chart.\(format.rawValue)"
            try painter.write(scene, format: format, to: path, options: options)
            let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(withoutSurfaceNumbers(try painter.render(scene, format: format, options: options)) == withoutSurfaceNumbers(saved),
                    "\(format) glyphs: \(glyphs)")
        }
    }
}

/// Runs `body(0)` … `body(count - 1)` on `count` new threads at once and waits for all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    group.wait()
}

/// Failures gathered from the threads.
private final class Mismatches: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ line: String) {
        lock.lock()
        list.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
