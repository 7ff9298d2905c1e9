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
        let couples = graph.spouse.enumerated().filter { $0.offset < $0.element }.count
        let generations = (graph.persons.map(\.generation).max() ?? 0) + 1
        console.output("ok: \(graph.count) persons, \(couples) couples, \(generations) generations, \(graph.roots.count) trees\n")
    }
}
