import FamilyLayout
import FamilyModel

/// `familychart relate INPUT A B [--format text|json]`
enum RelateCommand {
    static let spec = CommandSpec(
        name: "relate",
        summary: "Say how two persons are related: what B is to A, with their nearest common ancestors.",
        positionals: [("INPUT", "Seed JSON or GEDCOM (5.5.1 or 7) file, or - for standard input; the format is detected from the content."),
                      ("A", "The first person's id (I52 or GEDCOM's @I52@)."),
                      ("B", "The second person's id: the answer says what B is to A.")],
        options: [.value("--format", valueName: "FORMAT", help: "text (default: one sentence a relationship) or json.")]
            + Pipeline.inputOptions,
        discussion: """
        Every distinct blood relationship is listed, nearest first (at most \(Kinship.maximumRelations)), with its common
        ancestors; without one, "no blood relationship found" and the shortest path through parents, children and partners.
        Exit status: 0 answered (also "no blood relationship found"), 1 unknown id, A = B or invalid input, 2 usage error.
        Example:
          familychart relate royal92.ged @I52@ @I57@
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else {
            throw .usage(command: spec.name, message: "--format must be text or json, got '\(format)'")
        }
        let graph = try Pipeline.load(arguments.positionals[0], arguments: arguments, command: spec.name, console: console)
        let source = InputFile(path: arguments.positionals[0]).source
        func person(_ id: String, _ option: String) throws(CLIError) -> Int {
            do { return try ChartChoice.person(id, option: option, in: graph) } catch { throw .other("\(source): \(error)") }
        }
        let a = try person(arguments.positionals[1], "A"), b = try person(arguments.positionals[2], "B")
        let kinship: Kinship
        do { kinship = try Kinship(graph: graph, a: a, b: b) } catch { throw .other("\(source): \(error)") }
        if format == "json" {
            console.output(MessageText.jsonPrintable(json(kinship, graph)) + "\n")
        } else {
            console.output(kinship.sentences(in: graph).joined(separator: "\n") + "\n")
        }
    }

    /// `{"a", "b", "relationships": [{"term", "generationsUpFromA", "generationsDownToB",
    /// "half", "by", "commonAncestors", "path"}], "truncated", "marriagePath": [{"from", "to", "link"}]}`.
    static func json(_ kinship: Kinship, _ graph: FamilyGraph) -> String {
        func id(_ p: Int) -> String { JSONString.quote(graph.persons[p].id) }
        func ids(_ list: [Int]) -> String { "[" + list.map(id).joined(separator: ",") + "]" }
        let relations = kinship.relations.map { r in
            "{\"term\":\(JSONString.quote(r.term)),\"generationsUpFromA\":\(r.generationsUpFromA),"
                + "\"generationsDownToB\":\(r.generationsDownToB),\"half\":\(r.isHalf),\"by\":\"\(r.by.rawValue)\","
                + "\"commonAncestors\":\(ids(r.commonAncestors)),\"path\":\(ids(r.path))}"
        }
        let steps = kinship.marriagePath.map { "{\"from\":\(id($0.from)),\"to\":\(id($0.to)),\"link\":\"\($0.link.rawValue)\"}" }
        return "{\"a\":\(id(kinship.a)),\"b\":\(id(kinship.b)),\"relationships\":[" + relations.joined(separator: ",")
            + "],\"truncated\":\(kinship.isTruncated),\"marriagePath\":[" + steps.joined(separator: ",") + "]}"
    }
}
