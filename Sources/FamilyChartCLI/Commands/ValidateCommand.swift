/// `familychart validate INPUT`
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        summary: "Check a seed JSON or GEDCOM file and report every problem, naming the person or line.",
        positionals: [("INPUT", "Seed JSON or GEDCOM (5.5.1 or 7) file, or - for standard input; the format is detected from the content.")],
        options: Pipeline.inputOptions,
        discussion: "Exit status: 0 valid, 1 invalid (all problems listed on stderr), 2 usage error.")

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let graph = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console)
        let couples = graph.unions.filter { $0.partners.count == 2 }.count
        let singles = graph.unions.filter { $0.partners.count == 1 }.count
        let partnered = graph.unionsOf.filter { $0.count > 1 }.count
        var line = "ok: \(graph.count) persons, \(couples) couples"
        if singles > 0 { line += ", \(singles) single-parent families" }
        if partnered > 0 { line += ", \(partnered) persons with several partners" }
        if graph.hasFixedGenerations { line += ", \((graph.persons.map(\.generation).max() ?? 0) + 1) generations" }
        console.output(line + ", \(graph.roots.count) trees\n")
    }
}
