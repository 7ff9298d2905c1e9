import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation

/// Draws single items; one per worker thread, since it owns a painter (Cairo and Pango
/// state are never shared between threads).
final class ItemRenderer {
    private let painter: ChartPainter
    private let defaults: ItemOptions
    private let skipExisting: Bool
    private let layout: ChartLayout

    init(fonts: FontConfiguration, theme: Theme, defaults: ItemOptions, skipExisting: Bool) throws(PainterError) {
        painter = try ChartPainter(fonts: fonts, theme: theme)
        layout = ChartLayout(style: theme.applied(to: LayoutStyle()))
        self.defaults = defaults
        self.skipExisting = skipExisting
    }

    func render(_ item: BatchItem) -> BatchResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = BatchResult(item: item, status: .ok)
        if let problem = item.problem {
            result.status = .failed
            result.message = problem
        } else if skipExisting, CompleteOutput.exists(at: item.output) {
            result.status = .skipped
        } else {
            do {
                let family = try FamilyImport(file: InputFile(path: item.input))
                let options = item.options.over(defaults)
                var layout = self.layout
                if let size = options.size { layout.targetAspect = Double(size.width) / Double(size.height) }  // pack to the thumbnail's shape
                let scene = layout.scene(for: family.graph)
                let format = options.format ?? OutputFormat(path: item.output) ?? .png
                var render = RenderOptions()
                render.fitSize = options.size
                if let scale = options.scale { render.scale = scale }
                try StaleTemporaries.removeOnce(forOutput: item.output)
                try createParentDirectory(of: item.output)
                let photoWarningsBefore = painter.warnings.count
                try painter.write(scene, format: format, to: item.output, options: render)
                result.persons = family.graph.count
                // Import warnings, and photos of this item that could not be read.
                result.warnings = family.warnings.count + painter.warnings.count - photoWarningsBefore
            } catch {
                result.status = .failed
                result.message = "\(error)"
            }
        }
        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    private func createParentDirectory(of path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard !FileManager.default.fileExists(atPath: parent) else { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotCreate(path: path, reason: "cannot create the folder \(parent)")
        }
    }
}
