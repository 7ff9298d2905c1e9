import FamilyLayout
import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How every item of a batch is read and drawn (per-line options aside).
public struct ItemSettings: Sendable {
    public var defaults = ItemOptions()
    /// Leave items whose complete output already exists.
    public var skipExisting = false
    public var fonts = FontConfiguration.system
    /// Colours, fonts and box size of every item.
    public var theme = Theme.colour
    /// Files no item may write over, besides its own input: (how messages name it, path),
    /// e.g. `("the manifest", "jobs.jsonl")`.
    public var protectedFiles: [(role: String, path: String)] = []
    /// The batch's output folder (the manifest's folder, `--output-dir`): no output is
    /// written through a folder link below it (`FolderLinkCheck`); nil: not checked.
    public var outputRoot: String?
    /// An input with more persons is refused.
    public var maximumPersons = 10_000_000
    /// An input of more bytes is refused before it is parsed.
    public var maximumBytes = InputFile.defaultMaximumBytes
    /// Whether inputs must be regular files that are no symlinks (folder mode).
    public var refusesSymlinkedInputs = false
    /// Living persons hidden as `LivingRedaction` says, when set.
    public var redaction: LivingRedaction?
    /// Which photos items may show: by default only files inside each item's folder.
    public var photos = PhotoPolicy.local
    /// What every item's boxes say (`--box`); nil: the standard content.
    public var boxContent: BoxContent?
    /// How every item's boxes are coloured (`--color-by`); nil: by the theme.
    public var colouring: BoxColouring?
    /// Which way every item's generations run (`--orientation`).
    public var orientation = ChartOrientation.topDown
    /// Every PDF item as a chart book (`--book SIZE`); nil: one page.
    public var book: BookOptions?
    /// Names too small to read drawn as grey bars (`RenderOptions.greeksSmallText`).
    public var greeksSmallText = true
    /// Whole-family thumbnails carry a caption (`ThumbnailCaption`) in a band at the bottom.
    public var captions = true
    /// Items write their outputs without flushing them, and the batch flushes the file
    /// systems once per group of items before it reports them (`DurableGroup`); false:
    /// two fsyncs per item, each reported as soon as it is done.
    public var groupsSyncs = true

    public init() {}

    /// The message refusing `--orientation`, `--box` or `--color-by` for items of `kind`
    /// (`ChartOptionSupport`), or nil.
    public func unsupportedOption(for kind: ChartKind) -> String? {
        ChartOptionSupport.refusal(for: kind, orientation: orientation, box: boxContent != nil, colours: colouring != nil)
    }
}

/// Draws single items; one per worker thread, since it owns a painter (Cairo and Pango
/// state are never shared between threads).
final class ItemRenderer {
    private let painter: ChartPainter
    private let settings: ItemSettings
    private let layout: ChartLayout
    /// Draws the thumbnails of whole families (`ThumbnailScene.textStyle`), made on the first.
    private var thumbnails: ChartPainter?

    init(settings: ItemSettings) throws(PainterError) {
        painter = try ChartPainter(fonts: settings.fonts, theme: settings.theme,
                                   textStyle: settings.book.map { $0.textStyle(settings.theme.textStyle) })
        var layout = ChartLayout(style: settings.theme.applied(to: LayoutStyle()))
        layout.boxContent = settings.boxContent
        layout.colouring = settings.colouring
        layout.orientation = settings.orientation
        self.layout = layout
        self.settings = settings
    }

    func render(_ item: BatchItem) -> BatchResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = BatchResult(item: item, status: .ok)
        let options = item.options.over(settings.defaults)
        if let problem = item.problem {
            result.status = .failed
            result.message = problem
        } else if settings.skipExisting, CompleteOutput.exists(at: item.output, format: options.format, size: options.size) {
            result.status = .skipped
        } else {
            do {
                try refuseUnsafeOutput(item)
                var input = InputFile(path: item.input, maximumBytes: settings.maximumBytes)
                input.requiresRegularFile = true
                input.followsSymlinks = !settings.refusesSymlinkedInputs
                var import_ = FamilyImport.Options()
                import_.maximumPersons = settings.maximumPersons
                import_.photos = settings.photos
                let family = try FamilyImport(file: input, options: import_)
                let graph = settings.redaction.map { $0.apply(to: family.graph).0 } ?? family.graph
                let format = options.format ?? OutputFormat(path: item.output) ?? .png
                var render = RenderOptions()
                render.fitSize = options.size
                render.greeksSmallText = settings.greeksSmallText
                render.syncsOutput = !settings.groupsSyncs
                if let scale = options.scale { render.scale = scale }
                var painter = self.painter
                let scene: Scene
                if format.isRaster, settings.book == nil, let view = options.thumbnailView, let size = options.size {
                    painter = try thumbnailPainter()
                    let focus = try options.focus.map { (id: String) throws(BatchItemError) -> Int in try Self.person(id, in: graph, item: item) }
                    let thumbnail = ThumbnailScene(graph: graph, size: size, view: view, focus: focus, layout: layout, painter: painter,
                                                   captioned: settings.captions)
                    scene = thumbnail.plan.scene
                    render.caption = thumbnail.caption
                } else {
                    var layout = self.layout
                    layout.request = try request(options, in: graph, item: item)
                    if let refusal = layout.unsupportedOption { throw BatchItemError.option(input: item.input, refusal) }
                    if layout.request.kind == .fan { layout.textMeasure = painter.textMeasure }  // names fitted to their cells
                    scene = layout.scene(for: graph)
                }
                painter.resetPhotos()  // no item sees another's photos
                painter.photoAccess = PhotoAccess(settings.photos, folder: input.folder)
                StaleTemporarySweep.removeOnce(forOutput: item.output)
                try createParentDirectory(of: item.output)
                let photoWarningsBefore = painter.warnings.count
                if let book = settings.book, format == .pdf {
                    var print = PrintOptions()
                    print.title = graph.suggestedTitle(source: item.input)
                    try painter.writeBook(try BookPlan(scene: scene, options: book, graph: graph), of: scene, to: item.output,
                                          options: render, print: print)
                } else {
                    try painter.write(scene, format: format, to: item.output, options: render)
                }
                result.persons = family.graph.count
                // Import warnings, and photos of this item that could not be read.
                result.warnings = family.warnings.count + painter.warnings.count - photoWarningsBefore
            } catch {
                result.status = .failed
                result.message = MessageText.bounded("\(error)")
            }
        }
        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    /// The person a thumbnail's `focus` names; one who is not there fails the item.
    private static func person(_ id: String, in graph: FamilyGraph, item: BatchItem) throws(BatchItemError) -> Int {
        do {
            return try ChartChoice.person(id, option: "focus", in: graph)
        } catch {
            throw .chart(input: item.input, error, manifest: false)
        }
    }

    /// The painter of whole-family thumbnails.
    private func thumbnailPainter() throws(PainterError) -> ChartPainter {
        if let thumbnails { return thumbnails }
        let made = try ThumbnailScene.painter(fonts: settings.fonts, theme: settings.theme)
        thumbnails = made
        return made
    }

    /// An item never writes over its own input or a protected file (the manifest), and
    /// never into a FIFO, which would stall its worker until someone reads it.
    private func refuseUnsafeOutput(_ item: BatchItem) throws(OutputError) {
        try SameFileCheck.refuse(output: item.output, sameAs: [("the input", item.input)] + settings.protectedFiles)
        if let root = settings.outputRoot { try FolderLinkCheck.refuse(output: item.output, below: root) }
        var info = stat()
        if stat(item.output, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            throw .refused(path: item.output, reason: "it is a FIFO (a batch writes files)")
        }
    }

    /// The item's chart (`ChartChoice`, as the command line chooses it): an ancestor or
    /// hourglass chart of its focus, or the descendants of it; a family chart packed to the
    /// thumbnail's shape. A focus that names nobody fails the item.
    private func request(_ options: ItemOptions, in graph: FamilyGraph, item: BatchItem) throws(BatchItemError) -> ChartRequest {
        var choice = ChartChoice()
        choice.chart = options.chart?.rawValue
        choice.focus = options.focus
        choice.to = options.to
        if let size = options.size { choice.targetAspect = Double(size.width) / Double(size.height) }
        do {
            return try choice.request(in: graph)
        } catch {
            // In the manifest's words when the line chose the chart or its persons.
            let own = item.options
            throw .chart(input: item.input, error, manifest: own.chart != nil || own.focus != nil || own.to != nil)
        }
    }

    private func createParentDirectory(of path: String) throws {
        let parent = OutputPath.folder(of: path)
        var info = stat()
        guard stat(parent, &info) != 0 else { return }  // there already
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotCreate(path: path, reason: "cannot create the folder \(MessageText.escaped(parent))")
        }
    }
}

/// Why one item could not be drawn, beyond its input and output.
enum BatchItemError: Error, CustomStringConvertible {
    /// The item's chart options cannot be used (a focus that names nobody).
    /// `manifest`: said in the manifest's keys (`"focus"`), not the options' (`--focus`).
    case chart(input: String, ChartChoiceError, manifest: Bool)
    /// An option given for every item that the item's chart kind does not take (`ChartOptionSupport`).
    case option(input: String, String)

    var description: String {
        switch self {
        case .chart(let input, let error, let manifest):
            "\(MessageText.escaped(input)): \(manifest ? Self.inManifestWords("\(error)") : "\(error)")"
        case .option(let input, let message): "\(MessageText.escaped(input)): \(message)"
        }
    }

    /// A chart choice's message with the options a manifest line sets named by its keys.
    static func inManifestWords(_ message: String) -> String {
        var text = message.replacing("--chart relationship", with: "\"chart\": \"relationship\"")
        for key in ["chart", "focus", "to"] {
            text = text.replacing(try! Regex("--\(key)\\b"), with: "\"\(key)\"")
        }
        return text
    }
}
