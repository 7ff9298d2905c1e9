import FamilyLayout
import FamilyModel
import FamilyPainter

/// The steps every drawing command shares: import, validate, lay out, paint.
enum Pipeline {
    static let layoutOptions: [OptionSpec] = [
        .flag("--timings", help: "Print how long each stage took (read, parse, validate, layout, paint, encode) on stderr."),
        .value("--layout", valueName: "ALGORITHM", help: "tidy (default: subtrees pack together) or columns (the seed's method)."),
        .flag("--no-age", help: "Leave the age line out of the boxes."),
    ]

    static let renderOptions: [OptionSpec] = [
        .value("--output", "-o", valueName: "FILE", help: "Output file (.png, .pdf or .svg). Required."),
        .value("--format", valueName: "FORMAT", help: "png, pdf or svg (default: from the output's extension)."),
        .value("--scale", valueName: "S", help: "PNG pixels per point (default 2)."),
        .value("--dpi", valueName: "D", help: "PNG resolution in dots per inch (72 dpi = scale 1)."),
        .value("--title", valueName: "TEXT", help: "PDF document title."),
        .value("--font-config", valueName: "FILE", help: "Use only the fonts a fontconfig file names (for reproducible output)."),
    ]

    /// Reads and validates an input, printing warnings to stderr.
    static func load(_ path: String, console: Console, clock: StageClock? = nil) throws(CLIError) -> FamilyGraph {
        let file = InputFile(path: path)
        do {
            let bytes = try file.read()
            clock?.lap("read")
            let decoded = try SeedJSONDecoder().decode(bytes, source: file.source)
            clock?.lap("parse")
            let validated = try FamilyValidator().validate(decoded.data, source: file.source)
            clock?.lap("validate")
            report(decoded.warnings + validated.warnings, source: file.source, console: console)
            return validated.graph
        } catch {
            throw .input(error)
        }
    }

    static func report(_ warnings: [ValidationWarning], source: String, console: Console) {
        for warning in warnings { console.error("warning: \(source): \(warning)\n") }
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
    }

    /// Paints `scene` into the output file (atomically).
    func write(_ scene: Scene, clock: StageClock? = nil) throws(CLIError) {
        do {
            let timings = try ChartPainter(fonts: fonts).write(scene, format: format, to: output, options: options)
            clock?.record("paint", timings.paint)
            clock?.record("encode", timings.encode)
        } catch {
            throw CLIError(error)
        }
    }
}
