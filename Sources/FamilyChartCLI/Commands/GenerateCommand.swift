import FamilyModel

/// `familychart generate N`
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate",
        summary: "Write a synthetic family of N persons (reproducible for a given seed), as seed JSON, GEDCOM or Graphviz dot.",
        positionals: [("N", "Number of persons.")],
        options: [
            Pipeline.followOutputSymlink,
            .value("--seed", valueName: "S", help: "Random seed (default 1)."),
            .value("--roots", valueName: "R", help: "Number of first-generation trees (default 1)."),
            .value("--format", valueName: "FORMAT", help: "json (default), gedcom (5.5.1, UTF-8) or dot (the same family for Graphviz)."),
            .value("--shape", valueName: "SHAPE", help: "family (default: branching descendants), chain (N generations, one child each) or pedigree (one person's ancestors)."),
            .value("--collapse", valueName: "SHARE", help: "pedigree: the share (0–1) of persons who get a sibling's parents, so ancestors recur (pedigree collapse)."),
            .value("--output", "-o", valueName: "FILE", help: "Output file (default: standard output)."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        guard let count = Int(arguments.positionals[0]), (1...50_000_000).contains(count) else {
            throw .usage(command: spec.name, message: "N must be a whole number from 1 to 50000000, got '\(arguments.positionals[0])'")
        }
        let seed = try arguments.integer("--seed", in: 0...Int.max, command: spec.name) ?? 1
        let roots = try arguments.integer("--roots", in: 1...1_000_000, command: spec.name) ?? 1
        if arguments.value("--collapse") != nil && arguments.value("--shape") != "pedigree" {
            throw .usage(command: spec.name, message: "--collapse is for --shape pedigree")
        }
        let generator = SyntheticFamily(persons: count, seed: UInt64(seed), roots: roots)
        let data: FamilyData
        switch arguments.value("--shape") ?? "family" {
        case "family": data = generator.generate()
        case "chain": data = generator.generateChain()
        case "pedigree":
            let share = try arguments.double("--collapse", command: spec.name) ?? 0
            guard (0...1).contains(share) else { throw .usage(command: spec.name, message: "--collapse must be a share from 0 to 1, got \(share)") }
            data = SyntheticPedigree(persons: count, collapse: share, seed: UInt64(seed)).generate()
        case let other: throw .usage(command: spec.name, message: "--shape must be family, chain or pedigree, got '\(other)'")
        }
        let text: String
        switch arguments.value("--format") ?? "json" {
        case "json": text = SeedJSONWriter().write(data)
        case "dot": text = DOTWriter().write(data)
        case "gedcom": text = GEDCOMWriter().write(data)
        case let other: throw .usage(command: spec.name, message: "--format must be json, gedcom or dot, got '\(other)'")
        }
        var file = AtomicFile(path: arguments.value("--output") ?? "-")
        file.followsSymlinks = arguments.has("--follow-output-symlink")
        do { try file.write(bytes: Array(text.utf8)) } catch { throw .output(error) }
    }
}
