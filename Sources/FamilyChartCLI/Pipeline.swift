import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation

/// The steps every drawing command shares: import, validate, lay out, paint.
enum Pipeline {
    static let inputOptions: [OptionSpec] = [
        .value("--max-persons", valueName: "N", help: "Refuse inputs with more persons (default 10000000)."),
    ]

    static let layoutOptions: [OptionSpec] = inputOptions + [
        .flag("--timings", help: "Print how long each stage took (read, parse, validate, layout, paint, encode) on stderr."),
        .value("--layout", valueName: "ALGORITHM", help: "tidy (default: subtrees pack together) or columns (the seed's method)."),
        .flag("--no-age", help: "Leave the age line out of the boxes."),
    ]

    static let renderOptions: [OptionSpec] = [
        .value("--output", "-o", valueName: "FILE", help: "Output file (.png, .pdf or .svg). Required."),
        .value("--format", valueName: "FORMAT", help: "png, pdf or svg (default: from the output's extension)."),
        .value("--scale", valueName: "S", help: "PNG pixels per point (default 2)."),
        .value("--dpi", valueName: "D", help: "PNG resolution in dots per inch (72 dpi = scale 1)."),
        .value("--paper", valueName: "SIZE", help: "Print on paper: A0–A6, Letter, Legal, Tabloid or WxH with mm, cm, in or pt (e.g. 600x900mm)."),
        .flag("--portrait", help: "Paper upright."),
        .flag("--landscape", help: "Paper sideways."),
        .flag("--auto-orientation", help: "Whichever shows the chart larger, or needs fewer poster sheets (default)."),
        .value("--margin", valueName: "LENGTH", help: "Blank border of each sheet, e.g. 12mm or 0.5in (default 0.5in)."),
        .flag("--poster", help: "Tile the chart at full size over as many sheets as needed (PDF), with an overview sheet."),
        .value("--overlap", valueName: "LENGTH", help: "How much poster sheets overlap (default 10mm)."),
        .value("--page", valueName: "N", help: "For PNG of a printed layout: which sheet to draw (default 1)."),
        .value("--title", valueName: "TEXT", help: "Title printed at the top (on paper: default \"Family of\" the first root) and PDF title."),
        .flag("--no-title", help: "No title block."),
        .value("--date", valueName: "TEXT", help: "Date printed beside the title (on paper: default today)."),
        .flag("--no-date", help: "No date beside the title."),
        .flag("--legend", help: "Print a legend of the box colours and line kinds."),
        .value("--font-config", valueName: "FILE", help: "Use only the fonts a fontconfig file names (for reproducible output)."),
    ]

    /// Reads and validates an input, printing warnings to stderr.
    static func load(_ path: String, arguments: ParsedArguments, command: String, console: Console, clock: StageClock? = nil) throws(CLIError) -> FamilyGraph {
        let file = InputFile(path: path)
        var validator = FamilyValidator()
        if let limit = try arguments.integer("--max-persons", in: 1...1_000_000_000, command: command) { validator.maximumPersons = limit }
        do {
            let bytes = try file.read()
            clock?.lap("read")
            let decoded = try SeedJSONDecoder().decode(bytes, source: file.source)
            clock?.lap("parse")
            let validated = try validator.validate(decoded.data, source: file.source)
            clock?.lap("validate")
            report(decoded.warnings + validated.warnings, source: file.source, console: console)
            return validated.graph
        } catch {
            throw .input(error)
        }
    }

    /// At most this many warnings of one kind are printed; the rest are counted.
    static let warningsShownPerKind = 10

    static func report(_ warnings: [ValidationWarning], source: String, console: Console) {
        var count: [String: Int] = [:]
        for warning in warnings {
            count[warning.kind, default: 0] += 1
            if count[warning.kind]! <= warningsShownPerKind { console.error("warning: \(source): \(warning)\n") }
        }
        let hidden = count.values.reduce(0) { $0 + max(0, $1 - warningsShownPerKind) }
        if hidden > 0 { console.error("warning: \(source): … and \(hidden) more warnings like these (\(warnings.count) in all)\n") }
    }

    /// The layout chosen by `--layout` and `--no-age`, checked before any input is read.
    static func chartLayout(_ arguments: ParsedArguments, command: String) throws(CLIError) -> ChartLayout {
        var style = LayoutStyle()
        style.showsAge = !arguments.has("--no-age")
        var algorithm = PlacementAlgorithm.tidy
        if let name = arguments.value("--layout") {
            guard let chosen = PlacementAlgorithm(rawValue: name) else {
                throw .usage(command: command, message: "--layout must be tidy or columns, got '\(name)'")
            }
            algorithm = chosen
        }
        return ChartLayout(style: style, algorithm: algorithm)
    }
}

/// Where and how to paint, read from the render options before any input is read, so a
/// usage mistake is reported without doing the work first.
struct RenderSettings {
    var output: String
    var format: OutputFormat
    var options: RenderOptions
    var fonts: FontConfiguration
    var print = PrintOptions()
    /// Whether a title was given, or comes from the data (`nil` until the data is known).
    private var titleFromData = false

    init(_ arguments: ParsedArguments, command: String, defaultTitle: String) throws(CLIError) {
        guard let output = arguments.value("--output") else {
            throw .usage(command: command, message: "missing --output FILE")
        }
        self.output = output
        if let name = arguments.value("--format") {
            guard let chosen = OutputFormat(rawValue: name.lowercased()) else {
                throw .usage(command: command, message: "--format must be png, pdf or svg, got '\(name)'")
            }
            format = chosen
        } else {
            guard let inferred = OutputFormat(path: output) else {
                throw .usage(command: command, message: "cannot tell the format of '\(output)'; end it in .png, .pdf or .svg or pass --format")
            }
            format = inferred
        }
        options = RenderOptions()
        options.title = arguments.value("--title") ?? defaultTitle
        if let scale = try arguments.double("--scale", command: command) { options.scale = scale }
        if let dpi = try arguments.double("--dpi", command: command) {
            if arguments.value("--scale") != nil { throw .usage(command: command, message: "give --scale or --dpi, not both") }
            options.setDPI(dpi)
        }
        guard options.scale > 0, options.scale <= 100 else {
            throw .usage(command: command, message: "the PNG scale must be above 0 and at most 100, got \(options.scale)")
        }
        fonts = arguments.value("--font-config").map(FontConfiguration.file) ?? .system
        try readPrintOptions(arguments, command: command)
    }

    private mutating func readPrintOptions(_ arguments: ParsedArguments, command: String) throws(CLIError) {
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
        print.legend = arguments.has("--legend")
        if (print.poster || !orientations.isEmpty) && print.paper == nil {
            throw .usage(command: command, message: "--poster and the orientation options need --paper")
        }
        if print.poster && format == .svg { throw .usage(command: command, message: "a poster has several sheets; write PDF (or PNG with --page N)") }
        if let page = try arguments.integer("--page", in: 1...100_000, command: command) { options.page = page }
        let onPaper = print.paper != nil
        if !arguments.has("--no-title") {
            if let title = arguments.value("--title") { print.title = title } else if onPaper { titleFromData = true }
        }
        if print.title != nil || titleFromData, !arguments.has("--no-date") {
            print.date = arguments.value("--date") ?? (onPaper ? Self.today() : nil)
        }
    }

    /// Fills in what depends on the data (the title taken from the family, unless the
    /// command has a better one).
    mutating func complete(for graph: FamilyGraph, preferredTitle: String? = nil) {
        if titleFromData {
            print.title = preferredTitle ?? graph.suggestedTitle
            if options.title == "Family chart" { options.title = graph.suggestedTitle }
        }
    }

    /// A length with a unit (`mm`, `cm`, `in`, `pt`; a bare number is points).
    static func length(_ text: String, option: String, command: String) throws(CLIError) -> Double {
        let units: [(String, Double)] = [("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72), ("pt", 1), ("", 1)]
        let lower = text.lowercased()
        for (suffix, factor) in units where lower.hasSuffix(suffix) {
            if let number = Double(lower.dropLast(suffix.count)), number >= 0, number < 10_000 { return number * factor }
        }
        throw .usage(command: command, message: "\(option) must be a length such as 10mm, 0.5in or 36pt, got '\(text)'")
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date())
    }

    /// Paints `scene` into the output file (atomically).
    func write(_ scene: Scene, clock: StageClock? = nil, console: Console) throws(CLIError) {
        do {
            let painter = try ChartPainter(fonts: fonts)
            for warning in try painter.plan(scene, print: print).warnings { console.error("warning: \(warning)\n") }
            let timings = try painter.write(scene, format: format, to: output, options: options, print: print)
            clock?.record("paint", timings.paint)
            clock?.record("encode", timings.encode)
        } catch {
            throw CLIError(error)
        }
    }
}
