import FamilyLayout
import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and how to paint, read from the render options before any input is read, so a
/// usage mistake is reported without doing the work first.
struct RenderSettings {
    var output: String
    var format: OutputFormat
    var options: RenderOptions
    var fonts: FontConfiguration
    var theme: Theme
    var print = PrintOptions()
    /// `--book SIZE`: the chart as a book of pages of partial trees (PDF).
    var book: BookOptions?
    /// Which photo files the painter may open.
    var photos = PhotoAccess.any(root: nil)
    /// Whether a title was given, or comes from the data (`nil` until the data is known).
    private var titleFromData = false
    /// The text options (`--title`, `--subtitle`, `--note`) that were cleaned for drawing
    /// (noncharacters, bidi controls: `DrawnText`), one warning each, printed with the chart.
    private var textWarnings: [String] = []

    /// An option's text as it will be drawn, with a warning when that changed it.
    private static func drawn(_ option: String, _ arguments: ParsedArguments, warnings textWarnings: inout [String]) -> String? {
        guard let value = arguments.value(option) else { return nil }
        let (text, changes) = DrawnText.cleaned(value)
        if !changes.isEmpty, !textWarnings.contains(where: { $0.hasPrefix(option + " ") }) {
            textWarnings.append("\(option) changed for drawing: \(changes)")
        }
        return text
    }

    /// The settings `arguments` give for a chart of `chart` (the kind `Pipeline.chartSetup` chose).
    init(_ arguments: ParsedArguments, command: String, defaultTitle: String, theme: Theme, chart: ChartKind) throws(CLIError) {
        var cleanedTexts: [String] = []
        guard let output = arguments.value("--output") else {
            throw .usage(command: command, message: "missing --output FILE")
        }
        self.output = output
        if let name = arguments.value("--format") {
            guard let chosen = OutputFormat(rawValue: name.lowercased()) else {
                throw .usage(command: command, message: "--format must be png, webp, pdf, svg or html, got '\(name)'")
            }
            format = chosen
        } else {
            guard output != "-" else {
                throw .usage(command: command, message: "-o - (standard output) needs --format png, pdf or svg")
            }
            guard let inferred = OutputFormat(path: output) else {
                throw .usage(command: command, message: "cannot tell the format of '\(output)'; end it in .png, .webp, .pdf, .svg or .html or pass --format")
            }
            format = inferred
        }
        options = RenderOptions()
        options.followsOutputSymlink = arguments.has("--follow-output-symlink")
        self.theme = theme
        options.title = Self.drawn("--title", arguments, warnings: &cleanedTexts) ?? defaultTitle
        textWarnings = cleanedTexts
        // The reproducible-builds convention: a pinned date makes PDFs byte-identical.
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int(epoch), seconds >= 0 else {
                throw .usage(command: command, message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, got '\(epoch)'")
            }
            options.creationDate = seconds
        }
        if let scale = try arguments.double("--scale", command: command) { options.scale = scale }
        if let dpi = try arguments.double("--dpi", command: command) {
            if arguments.value("--scale") != nil { throw .usage(command: command, message: "give --scale or --dpi, not both") }
            options.setDPI(dpi)
        }
        // A scale of 1e-300 passed and failed while drawing ("invalid matrix").
        guard RenderOptions.scales.contains(options.scale) else {
            throw .usage(command: command, message: "the PNG scale must be at least 0.01 (0.72 dpi) and at most 100, got \(options.scale)")
        }
        fonts = arguments.value("--font-config").map(FontConfiguration.file) ?? .system
        try readWebOptions(arguments, command: command)
        try readPrintOptions(arguments, command: command, chart: chart)
    }

    /// `--svg-glyphs` and `--link-template`.
    private mutating func readWebOptions(_ arguments: ParsedArguments, command: String) throws(CLIError) {
        options.svgGlyphs = arguments.has("--svg-glyphs")
        if options.svgGlyphs && format != .svg {
            throw .usage(command: command, message: "--svg-glyphs is for SVG output (Cairo's SVG with outlined glyphs)")
        }
        if let template = arguments.value("--link-template") {
            do { options.linkTemplate = try LinkTemplate(template) } catch { throw .usage(command: command, message: "--link-template: \(error)") }
        }
    }

    private mutating func readPrintOptions(_ arguments: ParsedArguments, command: String, chart: ChartKind) throws(CLIError) {
        if let text = arguments.value("--paper") {
            guard let paper = PaperSize(text) else {
                throw .usage(command: command, message: "--paper must be A0–A6, Letter, Legal, Tabloid or WxH with a unit (mm, cm, in, pt) between 1 and 200 in, got '\(text)'")
            }
            print.paper = paper
        }
        let orientations = [("--portrait", Orientation.portrait), ("--landscape", .landscape), ("--auto-orientation", .auto)]
            .filter { arguments.has($0.0) }
        if orientations.count > 1 { throw .usage(command: command, message: "give one of --portrait, --landscape, --auto-orientation") }
        if let chosen = orientations.first { print.orientation = chosen.1 }
        if let text = arguments.value("--margin") { print.margin = try Self.length(text, option: "--margin", command: command) }
        if let text = arguments.value("--overlap") { print.overlap = try Self.length(text, option: "--overlap", command: command) }
        print.poster = arguments.has("--poster")
        if arguments.has("--legend") && arguments.has("--no-legend") {
            throw .usage(command: command, message: "give --legend or --no-legend, not both")
        }
        print.legend = arguments.has("--legend") ? true : arguments.has("--no-legend") ? false : nil
        print.subtitle = Self.drawn("--subtitle", arguments, warnings: &textWarnings).flatMap { $0.isEmpty ? nil : $0 }
        print.note = Self.drawn("--note", arguments, warnings: &textWarnings).flatMap { $0.isEmpty ? nil : $0 }
        print.border = arguments.has("--border")
        if (print.poster || !orientations.isEmpty) && print.paper == nil && arguments.value("--book") == nil {
            throw .usage(command: command, message: "--poster and the orientation options need --paper")
        }
        if print.poster && (format == .svg || format == .html) {
            throw .usage(command: command, message: "a poster has several sheets; write PDF (or PNG with --page N)")
        }
        if let page = try arguments.integer("--page", in: 1...100_000, command: command) { options.page = page }
        try readBookOptions(arguments, command: command)
        let onPaper = print.paper != nil || book != nil
        if !arguments.has("--no-title") {
            // A relationship chart's title is its answer ("… is …'s second cousin"), on screen too.
            if let title = Self.drawn("--title", arguments, warnings: &textWarnings) { print.title = title } else if onPaper || print.subtitle != nil || chart == .relationship { titleFromData = true }
        }
        if print.title != nil || titleFromData, !arguments.has("--no-title-date") {
            print.date = arguments.value("--title-date") ?? (onPaper ? Self.today() : nil)
        }
    }

    /// `--book SIZE`, `--book-scale S`, `--binding LENGTH`.
    private mutating func readBookOptions(_ arguments: ParsedArguments, command: String) throws(CLIError) {
        guard let text = arguments.value("--book") else {
            for option in ["--book-scale", "--binding"] where arguments.value(option) != nil {
                throw .usage(command: command, message: "\(option) is for books (--book SIZE)")
            }
            return
        }
        guard let paper = PaperSize(text) else {
            throw .usage(command: command, message: "--book must be a paper size: A0–A6, Letter, Legal, Tabloid or WxH with a unit (mm, cm, in, pt), got '\(text)'")
        }
        if print.poster || print.paper != nil { throw .usage(command: command, message: "--book gives the paper; leave out --paper and --poster") }
        if format != .pdf { throw .usage(command: command, message: "a book has many pages: write PDF (-o family-book.pdf)") }
        var chosen = BookOptions(paper: paper)
        chosen.orientation = print.orientation
        chosen.margin = print.margin
        if let scale = try arguments.double("--book-scale", command: command) {
            guard BookOptions.scales.contains(scale) else {
                throw .usage(command: command, message: "--book-scale must be between \(BookOptions.scales.lowerBound) and \(BookOptions.scales.upperBound), got \(scale)")
            }
            chosen.scale = scale
        }
        if let binding = arguments.value("--binding") { chosen.binding = try Self.length(binding, option: "--binding", command: command) }
        book = chosen
    }

    /// A fan `layout` made for this output: on one sheet it fills the printable area
    /// (landscape unless `--portrait`, less the title block), so its type prints at the
    /// sizes chosen; without paper or on a poster it takes the sheet its rings need, at
    /// full size. A fan has no box colours or line kinds to explain: no legend unless asked.
    mutating func fittingFan(_ layout: ChartLayout) -> ChartLayout {
        guard case .fan(var options) = layout.request else { return layout }
        if print.legend == nil { print.legend = false }
        if let paper = print.paper, !print.poster {
            let sheet = print.orientation == .portrait ? paper.portrait : paper.landscape
            let header = print.title == nil && !titleFromData ? 0 : PrintPlan.titleHeight
            let footer = print.legend == true ? PrintPlan.legendHeight : 0
            options.area = FanArea(width: max(72, sheet.width - 2 * print.margin),
                                   height: max(72, sheet.height - 2 * print.margin - header - footer))
        }
        var fitted = layout
        fitted.request = .fan(options)
        return fitted
    }

    /// Fills in what depends on the data (the title taken from the family, unless the
    /// command has a better one; for several trees, the input's own title or `source`'s name).
    mutating func complete(for graph: FamilyGraph, root: Int? = nil, source: String? = nil, preferredTitle: String? = nil) {
        let title = root.map { graph.suggestedTitle(root: $0) } ?? graph.suggestedTitle(source: source)
        if titleFromData {
            print.title = preferredTitle ?? title
            if options.title == "Family chart" { options.title = preferredTitle ?? title }
        }
        // A page's (and an SVG's) title names the family, as a browser tab shows it.
        if (format == .html || format == .svg), options.title == "Family chart" { options.title = title }
        // The page's details panel: everything the file holds about each person.
        if format == .html { options.details = PageDetails(graph: graph) }
        if format == .html { options.family = graph }  // the page's "Relate to…"
    }

    /// PDF's page size limit (ISO 32000: 14,400 units, i.e. 200 in at the default user unit).
    static let largestPDFPage = 14_400.0

    /// A length with a unit (`mm`, `cm`, `in`, `pt`; a bare number is points).
    static func length(_ text: String, option: String, command: String) throws(CLIError) -> Double {
        let units: [(String, Double)] = [("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72), ("pt", 1), ("", 1)]
        let lower = text.lowercased()
        for (suffix, factor) in units where lower.hasSuffix(suffix) {
            if let number = Double(lower.dropLast(suffix.count)), number.isFinite {
                if number < 0 { throw .usage(command: command, message: "\(option) must not be negative, got '\(text)'") }
                if number < 10_000 { return number * factor }
                throw .usage(command: command, message: "\(option) must be under 10000 of its unit, got '\(text)'")
            }
        }
        throw .usage(command: command, message: "\(option) must be a length such as 10mm, 0.5in or 36pt, got '\(text)'")
    }

    /// Today's date in UTC, as 2026-12-05.
    static func today() -> String {
        var now = time(nil), parts = tm()
        gmtime_r(&now, &parts)
        return printfFormatted("%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }

    /// Paints `scene` into the output file (atomically).
    /// `painter`, when given, draws instead of one made from the theme (a thumbnail's).
    func write(_ scene: Scene, graph: FamilyGraph? = nil, painter given: ChartPainter? = nil, clock: StageClock? = nil,
               console: Console) throws(CLIError) {
        for warning in textWarnings { console.error("warning: \(warning)\n") }
        do {
            if let book {
                let painter = try ChartPainter(fonts: fonts, theme: theme, textStyle: book.textStyle(theme.textStyle))
                painter.photoAccess = photos
                let plan = try BookPlan(scene: scene, options: book, graph: graph)
                clock?.lap("book")
                let timings = try painter.writeBook(plan, of: scene, to: output, options: options, print: print)
                clock?.record("paint", timings.paint)
                clock?.record("encode", timings.encode)
                return
            }
            let painter = try given ?? ChartPainter(fonts: fonts, theme: theme)
            painter.photoAccess = photos
            let plan = try painter.plan(scene, print: print)
            for warning in plan.warnings { console.error("warning: \(warning)\n") }
            if format == .pdf, let page = plan.pages.first, max(page.width, page.height) > Self.largestPDFPage {
                console.error("warning: \(output): the page is \(Int(page.width.rounded())) × \(Int(page.height.rounded())) pt, larger than "
                    + "the 14,400 pt (200 in) many PDF viewers and printers accept; print it with --paper SIZE (fitted on one "
                    + "sheet, or --poster to tile it at full size), or draw part of the family with --root ID\n")
            }
            let timings = try painter.write(scene, format: format, to: output, options: options, print: print)
            let warnings = painter.warnings
            for warning in warnings.prefix(Pipeline.warningsShownPerKind) { console.error("warning: \(warning)\n") }
            if warnings.count > Pipeline.warningsShownPerKind {
                console.error("warning: … and \(warnings.count - Pipeline.warningsShownPerKind) more like these (\(warnings.count) in all)\n")
            }
            clock?.record("paint", timings.paint)
            clock?.record("encode", timings.encode)
        } catch {
            throw CLIError(error)
        }
    }
}
