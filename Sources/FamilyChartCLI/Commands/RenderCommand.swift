import FamilyBatch
import FamilyLayout
import FamilyPainter
import FamilyModel

/// `familychart render INPUT -o OUT.(png|pdf|svg)`
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a family chart from seed JSON or GEDCOM into PNG, PDF, SVG or an interactive HTML page.",
        positionals: [("INPUT", "Seed JSON or GEDCOM (5.5.1 or 7) file, or - for standard input; the format is detected from the content.")],
        options: Pipeline.renderOptions + Pipeline.layoutOptions
            + [.flag("--statistics", help: "Print the family layout's parts, reference boxes and line crossings on stderr.")]
            + RenderThumbnail.options,
        discussion: "Examples:\n  familychart render family.json -o chart.pdf\n  familychart render family.ged -o chart.html   (open it in a browser)\n  familychart render family.json -o chart.png --dpi 300\n  familychart render royal92.ged --root I828 --generations 3 -o henry-viii.pdf --paper A3")

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let theme = try Pipeline.theme(arguments)
        var setup = try Pipeline.chartSetup(arguments, command: spec.name, theme: theme)
        var settings = try RenderSettings(arguments, command: spec.name, defaultTitle: "Family chart", theme: theme, chart: setup.layout.request.kind)
        setup.layout = try Pipeline.fittingNames(setup.layout, arguments: arguments, fonts: settings.fonts, theme: settings.theme)
        if let aspect = settings.print.pageAspect, case .family(var options) = setup.layout.request {
            options.targetAspect = aspect
            setup.layout.request = .family(options)
        }
        setup.layout = settings.fittingFan(setup.layout)
        let thumbnail = try RenderThumbnail(arguments, command: spec.name, format: settings.format)
        if let thumbnail { settings.options.fitSize = thumbnail.size }
        let clock = arguments.has("--timings") ? StageClock() : nil
        try Pipeline.refuseOverwritingInputs(output: settings.output, input: arguments.positionals[0], arguments: arguments)
        let loaded = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console, clock: clock)
        let source = InputFile(path: arguments.positionals[0]).source
        settings.photos = Pipeline.photoAccess(try Pipeline.photoPolicy(arguments, command: spec.name), input: arguments.positionals[0])
        let layout = try setup.scoped(to: loaded, source: source)
        let graph = Pipeline.redacted(loaded, arguments: arguments, source: source, console: console)
        settings.complete(for: graph, root: setup.titlePerson(in: graph), source: source, preferredTitle: Pipeline.focusTitle(layout, graph))
        if let thumbnail, let view = thumbnail.view(for: layout, arguments: arguments) {
            let painter = try thumbnail.painter(settings)
            let focus = try arguments.value("--focus").map { (id: String) throws(CLIError) -> Int in
                do { return try ChartChoice.person(id, option: "--focus", in: graph) } catch { throw .usage(command: spec.name, message: "\(error)") }
            }
            var base = layout
            base.request = .family
            let planned = ThumbnailScene(graph: graph, size: thumbnail.size, view: view, focus: focus, layout: base, painter: painter,
                                         captioned: thumbnail.captioned)
            settings.options.caption = planned.caption
            clock?.lap("layout")
            try settings.write(planned.plan.scene, graph: graph, painter: painter, clock: clock, console: console)
            if let clock { console.error(clock.summary) }
            return
        }
        var scene = Pipeline.scene(layout, graph, arguments: arguments, console: console)
        scene = try posterScene(scene, layout: layout, graph: graph, settings: settings, arguments: arguments, console: console)
        clock?.lap("layout")
        try settings.write(scene, graph: graph, clock: clock, console: console)
        if let clock { console.error(clock.summary) }
    }

    /// A poster of a family chart whose parts were narrowed to the default width limit:
    /// narrowing fills the blank places a wide chart's diagonal band leaves, so it can print
    /// more sheets than exact centring does (royal92 on A3: 299 against 213). Unless the
    /// width limit was chosen (`--width-limit`, `--compact`), the chart is laid out once
    /// more with every parent centred and the one printing fewer sheets is drawn; a note
    /// says which.
    private static func posterScene(_ scene: Scene, layout: ChartLayout, graph: FamilyGraph, settings: RenderSettings,
                                    arguments: ParsedArguments, console: Console) throws(CLIError) -> Scene {
        guard settings.print.poster, !scene.squeezedParts.isEmpty, arguments.value("--width-limit") == nil,
              case .family(var options) = layout.request, !options.compact else { return scene }
        var centred = layout
        options.widthLimit = nil
        centred.request = .family(options)
        let other = centred.scene(for: graph)
        do {
            let painter = try ChartPainter(fonts: settings.fonts, theme: settings.theme)
            let (narrowed, exact) = (try painter.plan(scene, print: settings.print).pages.count, try painter.plan(other, print: settings.print).pages.count)
            guard exact < narrowed else { return scene }
            console.error("note: the poster prints \(exact) sheets with every parent centred over their children, \(narrowed) with parts "
                + "narrowed toward \(FamilyChartOptions.defaultWidthLimit)× their widest row; drawing the first (--width-limit chooses)\n")
            return other
        } catch {
            return scene
        }
    }
}
