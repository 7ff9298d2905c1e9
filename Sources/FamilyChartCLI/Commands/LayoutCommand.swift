import FamilyLayout
import FamilyModel
import FamilyPainter

/// `familychart layout INPUT -o scene.json`
enum LayoutCommand {
    static let spec = CommandSpec(
        name: "layout",
        summary: "Lay out a family and write the scene graph as JSON (boxes, couple bars, connectors).",
        positionals: [("INPUT", "Seed JSON or GEDCOM (5.5.1 or 7) file, or - for standard input; the format is detected from the content.")],
        options: [.value("--output", "-o", valueName: "FILE", help: "Scene JSON file (default: standard output)."),
                  Pipeline.followOutputSymlink,
                  .value("--format", valueName: "FORMAT", help: "json (default: the scene graph) or dot (the family graph for Graphviz: a point per union)."),
                  .flag("--statistics", help: "Print the family layout's parts, reference boxes and line crossings on stderr."),
                  .flag("--check", help: "Check the scene against the layout's rules (SceneInvariants: boxes apart and inside the page, one row per generation, parents over their children, lines clear of boxes, …) and list on stderr what it breaks; exit status 1 when it breaks any (the scene is written all the same). Fans have no rows: not checked."),
                  .value("--stop-after", valueName: "STEP", help: "Family chart: write the layout's draft after STEP as JSON instead of the scene (a debugging seam, not a contract; see docs/using.md). Steps, in order: "
                    + ChartLayout.familyLayoutSteps.joined(separator: ", ") + ".")]
            + Pipeline.layoutOptions)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let theme = try Pipeline.theme(arguments)
        var setup = try Pipeline.chartSetup(arguments, command: spec.name, theme: theme)
        setup.layout = try Pipeline.fittingNames(setup.layout, arguments: arguments, fonts: .system, theme: theme)
        let clock = arguments.has("--timings") ? StageClock() : nil
        let output = arguments.value("--output") ?? "-"
        try Pipeline.refuseOverwritingInputs(output: output, input: arguments.positionals[0], arguments: arguments)
        let format = arguments.value("--format") ?? "json"
        guard format == "json" || format == "dot" else {
            throw .usage(command: spec.name, message: "--format must be json or dot, got '\(format)'")
        }
        let stopAfter = try stopAfter(arguments, format: format)
        if arguments.has("--check"), stopAfter != nil || format != "json" {
            throw .usage(command: spec.name, message: "--check checks the scene: not with --stop-after or --format dot")
        }
        let bytes: [UInt8]
        var broken: [String] = []
        if let stopAfter {
            let (layout, graph) = try input(arguments, setup: setup, console: console, clock: clock)
            guard layout.drawsWholeFamily, let draft = layout.familyDraft(for: graph, stopAfter: stopAfter) else {
                throw .usage(command: spec.name, message: "--stop-after is for the whole-family chart (--chart family)")
            }
            bytes = draft
        } else if format == "dot" {
            bytes = Array(FamilyGraphDOTWriter().write(try input(arguments, setup: setup, console: console, clock: clock).graph).utf8)
        } else {
            let scene = try scene(arguments, setup: setup, console: console, clock: clock)
            if arguments.has("--check") { broken = setup.layout.violations(of: scene) }
            // The graph's memory goes back to the kernel: the JSON's bytes (a third of a
            // gigabyte at a million persons) come from fresh pages, not from it.
            MemoryTuning.releaseFreedMemory()
            clock?.lap("layout")
            bytes = SceneJSON.encode(scene)
        }
        clock?.lap("encode")
        var file = AtomicFile(path: output)
        file.followsSymlinks = arguments.has("--follow-output-symlink")
        do { try file.write(bytes: bytes) } catch { throw .output(error) }
        clock?.lap("write")
        if let clock { console.error(clock.summary) }
        if arguments.has("--check") {
            guard setup.layout.request.kind != .fan else { return console.error("check: a fan has rings, not rows: no layout rule to check\n") }
            try report(broken, console: console)
        }
    }

    /// `--check`: at most `shownViolations` broken rules, one a line, and exit status 1 when any.
    private static func report(_ broken: [String], console: Console) throws(CLIError) {
        guard !broken.isEmpty else { return console.error("check: the scene holds every layout rule\n") }
        for violation in broken.prefix(shownViolations) { console.error("check: \(violation)\n") }
        if broken.count > shownViolations { console.error("check: … and \(broken.count - shownViolations) more\n") }
        throw .other("the scene breaks \(broken.count) layout rule\(broken.count == 1 ? "" : "s") (see the check: lines above)")
    }

    /// At most this many broken rules are listed.
    static let shownViolations = 20

    /// The step `--stop-after` names, if given: one of the family layout's steps, with the JSON format.
    private static func stopAfter(_ arguments: ParsedArguments, format: String) throws(CLIError) -> String? {
        guard let step = arguments.value("--stop-after") else { return nil }
        let steps = ChartLayout.familyLayoutSteps
        guard steps.contains(step) else {
            throw .usage(command: spec.name, message: "--stop-after must be one of \(steps.joined(separator: ", ")), got '\(step)'")
        }
        guard format == "json" else { throw .usage(command: spec.name, message: "--stop-after writes JSON: leave out --format \(format)") }
        return step
    }

    /// The input's scene. The family graph is let go of on return, before the scene is
    /// encoded: at a million persons the graph, the scene and its JSON bytes together
    /// were the command's peak of memory.
    private static func scene(_ arguments: ParsedArguments, setup: ChartSetup, console: Console,
                              clock: StageClock?) throws(CLIError) -> Scene {
        let (layout, graph) = try input(arguments, setup: setup, console: console, clock: clock)
        return Pipeline.scene(layout, graph, arguments: arguments, console: console)
    }

    /// The input read, validated and redacted as asked, and the layout scoped to it.
    private static func input(_ arguments: ParsedArguments, setup: ChartSetup, console: Console,
                              clock: StageClock?) throws(CLIError) -> (layout: ChartLayout, graph: FamilyGraph) {
        let loaded = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console, clock: clock)
        let source = InputFile(path: arguments.positionals[0]).source
        let scoped = try setup.scoped(to: loaded, source: source)
        return (scoped, Pipeline.redacted(loaded, arguments: arguments, source: source, console: console))
    }
}
