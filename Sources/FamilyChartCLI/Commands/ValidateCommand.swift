/// `familychart validate INPUT`
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        summary: "Check a seed JSON file and report every problem, naming the person and where it is.",
        positionals: [("INPUT", "Seed JSON file, or - for standard input.")],
        options: Pipeline.inputOptions,
        discussion: "Exit status: 0 valid, 1 invalid (all problems listed on stderr), 2 usage error.")

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let graph = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console)
        let couples = graph.unions.filter { $0.partners.count == 2 }.count
        let singles = graph.unions.count - couples
        let partnered = graph.unionsOf.filter { $0.count > 1 }.count
        var line = "ok: \(graph.count) persons, \(couples) couples"
        if singles > 0 { line += ", \(singles) single-parent families" }
        if partnered > 0 { line += ", \(partnered) persons with several partners" }
        if graph.hasFixedGenerations { line += ", \((graph.persons.map(\.generation).max() ?? 0) + 1) generations" }
        console.output(line + ", \(graph.roots.count) trees\n")
    }
}
