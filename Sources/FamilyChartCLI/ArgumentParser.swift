/// One option a command accepts: a flag (`--quiet`) or an option with a value (`-o FILE`).
struct OptionSpec {
    /// Every spelling, the first being the canonical one, e.g. `["--output", "-o"]`.
    var names: [String]
    /// Placeholder shown in help for the value; `nil` for a flag.
    var valueName: String?
    var help: String

    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    static func value(_ names: String..., valueName: String, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, help: help)
    }

    var canonicalName: String { names[0] }
}

/// What one command accepts, and the text its `--help` prints.
struct CommandSpec {
    var name: String
    var summary: String
    /// Positional arguments, e.g. `["INPUT"]`; these are all required.
    var positionals: [(name: String, help: String)]
    var options: [OptionSpec]
    /// Extra lines at the end of the help, such as examples.
    var discussion: String = ""

    var help: String {
        let args = positionals.map(\.name).joined(separator: " ")
        var lines = ["\(summary)", "", "Usage: familychart \(name)\(args.isEmpty ? "" : " " + args) [options]"]
        if !positionals.isEmpty {
            lines += ["", "Arguments:"]
            lines += positionals.map { "  " + pad($0.name, 24) + $0.help }
        }
        lines += ["", "Options:"]
        for option in options + [.flag("--help", "-h", help: "Show this help.")] {
            var spelled = option.names.joined(separator: ", ")
            if let valueName = option.valueName { spelled += " \(valueName)" }
            lines.append("  " + pad(spelled, 24) + option.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// At least two spaces after the spelling, so the help never reads as its value
    /// ("--follow-output-symlink When …" had one).
    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width - 1 ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}

/// The arguments of one command after parsing.
struct ParsedArguments {
    var positionals: [String] = []
    /// Values by canonical option name (the last one given wins).
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A small, strict command-line parser: `--name value`, `--name=value`, `-o value`,
/// flags, positionals, `-` as a positional (standard input) and `--` to end options.
struct ArgumentParser {
    let spec: CommandSpec

    func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
                throw .usage(command: spec.name, message: "unknown option '\(name)'" + suggestion(for: name))
            }
            if option.valueName == nil {
                if inlineValue != nil { throw .usage(command: spec.name, message: "\(name) takes no value") }
                parsed.flags.insert(option.canonicalName)
            } else if let inlineValue {
                parsed.values[option.canonicalName] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw .usage(command: spec.name, message: "\(name) needs a value (\(option.valueName!))")
                }
                parsed.values[option.canonicalName] = arguments[index]
                index += 1
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.positionals.count {
            let missing = spec.positionals[parsed.positionals.count].name
            throw .usage(command: spec.name, message: "missing \(missing)")
        }
        if parsed.positionals.count > spec.positionals.count {
            throw .usage(command: spec.name, message: "unexpected argument '\(parsed.positionals[spec.positionals.count])'")
        }
        return parsed
    }

    private func suggestion(for name: String) -> String {
        let bare = name.drop { $0 == "-" }
        let close = spec.options.flatMap(\.names).first { candidate in
            let c = candidate.drop { $0 == "-" }
            return c.hasPrefix(bare) || bare.hasPrefix(c)
        }
        return close.map { "; did you mean '\($0)'?" } ?? ""
    }
}

extension ParsedArguments {
    /// A number option, or `nil` when absent.
    func double(_ name: String, command: String) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw .usage(command: command, message: "\(name) expects a number, got '\(text)'")
        }
        return number
    }

    /// A whole-number option within `range`, or `nil` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .usage(command: command, message: "\(name) expects a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return number
    }
}
