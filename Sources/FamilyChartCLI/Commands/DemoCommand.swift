import FamilyModel

/// `familychart demo -o OUT`
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Draw the embedded example: Xiaoming's (小明) family from the seed article.",
        positionals: [],
        options: Pipeline.renderOptions + Pipeline.layoutOptions
            + [.flag("--print-data", help: "Print the demo's seed JSON instead of drawing it.")],
        discussion: "Example:\n  familychart demo -o demo.png")

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        if arguments.has("--print-data") {
            console.output(DemoFamily.json + "\n")
            return
        }
        let theme = try Pipeline.theme(arguments)
        var setup = try Pipeline.chartSetup(arguments, command: spec.name, theme: theme)
        var settings = try RenderSettings(arguments, command: spec.name, defaultTitle: "Xiaoming's family (小明家)", theme: theme, chart: setup.layout.request.kind)
        setup.layout = settings.fittingFan(try Pipeline.fittingNames(setup.layout, arguments: arguments, fonts: settings.fonts, theme: settings.theme))
        var layout = setup.layout
        try Pipeline.refuseOverwritingInputs(output: settings.output, input: nil, arguments: arguments)
        let family: FamilyImport
        do { family = try FamilyImport(json: Array(DemoFamily.json.utf8), source: "<demo>") } catch { throw .input(error) }
        let graph = Pipeline.redacted(family.graph, arguments: arguments, source: "<demo>", console: console)
        var title = "Xiaoming's family (小明家)"
        if [.ancestors, .hourglass, .fan].contains(layout.request.kind) {
            // The chart is about 小明 (王小明) unless --focus names someone else.
            layout = try setup.scoped(to: graph, source: "<demo>")
            if layout.request.focus == nil { layout.request.focus = graph.index(of: DemoFamily.xiaoming) }
            title = Pipeline.focusTitle(layout, graph) ?? title
        }
        settings.complete(for: graph, preferredTitle: title)
        try settings.write(layout.scene(for: graph), console: console)
    }
}
