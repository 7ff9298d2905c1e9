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
    private let protectedFiles: [(role: String, path: String)]

    init(fonts: FontConfiguration, theme: Theme, defaults: ItemOptions, skipExisting: Bool,
         protectedFiles: [(role: String, path: String)] = []) throws(PainterError) {
        painter = try ChartPainter(fonts: fonts, theme: theme)
        layout = ChartLayout(style: theme.applied(to: LayoutStyle()))
        self.defaults = defaults
        self.skipExisting = skipExisting
        self.protectedFiles = protectedFiles
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
                try refuseUnsafeOutput(item)
                let family = try FamilyImport(file: InputFile(path: item.input))
                let scene = layout.scene(for: family.graph)
                let options = item.options.over(defaults)
                let format = options.format ?? OutputFormat(path: item.output) ?? .png
                var render = RenderOptions()
                render.fitSize = options.size
                if let scale = options.scale { render.scale = scale }
                StaleTemporarySweep.removeOnce(forOutput: item.output)
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

    /// An item never writes over its own input or a protected file (the manifest), and
    /// never into a FIFO, which would stall its worker until someone reads it.
    private func refuseUnsafeOutput(_ item: BatchItem) throws(OutputError) {
        try SameFileCheck.refuse(output: item.output, sameAs: [("the input", item.input)] + protectedFiles)
        var info = stat()
        if stat(item.output, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            throw .refused(path: item.output, reason: "it is a FIFO (a batch writes files)")
        }
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
