import FamilyLayout
import FamilyModel

/// `familychart layout INPUT -o scene.json`
enum LayoutCommand {
    static let spec = CommandSpec(
        name: "layout",
        summary: "Lay out a family and write the scene graph as JSON (boxes, couple bars, connectors).",
        positionals: [("INPUT", "Seed JSON or GEDCOM (5.5.1 or 7) file, or - for standard input; the format is detected from the content.")],
        options: [.value("--output", "-o", valueName: "FILE", help: "Scene JSON file (default: standard output)."),
                  Pipeline.followOutputSymlink,
                  .value("--format", valueName: "FORMAT", help: "json (default: the scene graph) or dot (the family graph for Graphviz: a point per union)."),
                  .flag("--statistics", help: "Print the family layout's parts, reference boxes and line crossings on stderr.")]
            + Pipeline.layoutOptions)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let theme = try Pipeline.theme(arguments)
        var layout = try Pipeline.chartLayout(arguments, command: spec.name, theme: theme)
        layout = try Pipeline.fittingNames(layout, arguments: arguments, fonts: .system, theme: theme)
        let clock = arguments.has("--timings") ? StageClock() : nil
        let output = arguments.value("--output") ?? "-"
        try Pipeline.refuseOverwritingInputs(output: output, input: arguments.positionals[0], arguments: arguments)
        let loaded = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console, clock: clock)
        let source = InputFile(path: arguments.positionals[0]).source
        layout = try Pipeline.scoped(layout, to: loaded, arguments: arguments, source: source)
        let graph = Pipeline.redacted(loaded, arguments: arguments, source: source, console: console)
        let bytes: [UInt8]
        switch arguments.value("--format") ?? "json" {
        case "json":
            let scene = Pipeline.scene(layout, graph, arguments: arguments, console: console)
            clock?.lap("layout")
            bytes = SceneJSON.encode(scene)
        case "dot":
            bytes = Array(FamilyGraphDOTWriter().write(graph).utf8)
        case let other:
            throw .usage(command: spec.name, message: "--format must be json or dot, got '\(other)'")
        }
        clock?.lap("encode")
        var file = AtomicFile(path: output)
        file.followsSymlinks = arguments.has("--follow-output-symlink")
        do { try file.write(bytes: bytes) } catch { throw .output(error) }
        clock?.lap("write")
        if let clock { console.error(clock.summary) }
    }
}
