/// The `familychart` command line: parses arguments, runs one command, and maps errors
/// to exit statuses (0 success, 1 invalid input or failed output, 2 usage error).
public enum FamilyChartCLI {
    public static let version = "0.1.0"

    /// Every command's spec, in the order `--help` lists them (the man page and the shell
    /// completions are made from these too).
    static var commandSpecs: [CommandSpec] { commands.map(\.spec) }

    /// The options of `familychart` itself, before any command.
    static let topLevelOptions: [OptionSpec] = [
        .flag("--help", "-h", help: "Show the commands."),
        .flag("--version", help: "Show the version and the commit this binary was built from."),
        .flag("--man-page", help: "Print this manual page (roff), made from the options --help lists."),
        .value("--completion", valueName: "bash|zsh|fish", help: "Print a completion script for the shell, made from the same options."),
    ]

    private static var commands: [(spec: CommandSpec, run: (ParsedArguments, Console) throws(CLIError) -> Void)] { [
        (RenderCommand.spec, RenderCommand.run),
        (LayoutCommand.spec, LayoutCommand.run),
        (ValidateCommand.spec, ValidateCommand.run),
        (DemoCommand.spec, DemoCommand.run),
        (GenerateCommand.spec, GenerateCommand.run),
        (RelateCommand.spec, RelateCommand.run),
        (BatchCommand.spec, BatchCommand.run),
    ] }

    static var overview: String {
        var lines = ["familychart \(version): beautiful, correct family-tree charts (PNG, PDF, SVG, HTML).", "",
                     "Usage: familychart COMMAND [arguments] [options]", "", "Commands:"]
        for (spec, _) in commands {
            lines.append("  " + spec.name + String(repeating: " ", count: max(2, 12 - spec.name.count)) + spec.summary)
        }
        lines += ["", "Run 'familychart COMMAND --help' for a command's options.", "Options: " + topLevelOptions.map { $0.names[0] + ($0.valueName.map { " " + $0 } ?? "") }.joined(separator: ", ")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        Interruption.shared.install()
        return run(arguments, console: Console())
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.error(overview)
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                console.output(command.spec.help)
            } else {
                console.output(overview)
            }
            return 0
        case "--version":
            console.output(BuildInfo.versionLine + "\n")
            return 0
        case "--man-page":
            console.output(ManPage.roff(commands: commandSpecs, topLevel: topLevelOptions, version: version))
            return 0
        case "--completion":
            guard arguments.count == 2, let shell = ShellCompletion(rawValue: arguments[1]) else {
                console.error(CLIError.usage(command: nil, message: "--completion needs one shell: bash, zsh or fish").description + "\n")
                return 2
            }
            console.output(shell.script(commands: commandSpecs, topLevel: topLevelOptions))
            return 0
        default:
            break
        }
        if first == BatchCommand.workerCommand {  // a batch's worker process (not for people)
            do {
                try BatchCommand.runWorker(try ArgumentParser(spec: BatchCommand.spec).parse(Array(arguments.dropFirst())))
                return 0
            } catch {
                console.error(error.description + "\n")
                return error.exitStatus
            }
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            console.error(CLIError.usage(command: nil, message: "unknown command '\(first)'").description + "\n")
            return 2
        }
        do {
            let parsed = try ArgumentParser(spec: command.spec).parse(Array(arguments.dropFirst()))
            if parsed.wantsHelp {
                console.output(command.spec.help)
                return 0
            }
            try command.run(parsed, console)
            return 0
        } catch {
            console.error(error.description + "\n")
            return error.exitStatus
        }
    }
}
