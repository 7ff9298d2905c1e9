/// `familychart render INPUT -o OUT.(png|pdf|svg)`
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a family chart from seed JSON into PNG, PDF or SVG.",
        positionals: [("INPUT", "Seed JSON file, or - for standard input.")],
        options: Pipeline.renderOptions + Pipeline.layoutOptions,
        discussion: "Examples:\n  familychart render family.json -o chart.pdf\n  familychart render family.json -o chart.png --dpi 300")

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let layout = try Pipeline.chartLayout(arguments, command: spec.name)
        var settings = try RenderSettings(arguments, command: spec.name, defaultTitle: "Family chart")
        let clock = arguments.has("--timings") ? StageClock() : nil
        let graph = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console, clock: clock)
        settings.complete(for: graph)
        let scene = layout.scene(for: graph)
        clock?.lap("layout")
        try settings.write(scene, clock: clock, console: console)
        if let clock { console.error(clock.summary) }
    }
}
