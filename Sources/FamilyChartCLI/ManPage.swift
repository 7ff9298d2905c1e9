/// The `familychart(1)` manual page in roff, made from the same command specs `--help`
/// prints (`familychart --man-page`), so the two never disagree. scripts/package installs it.
enum ManPage {
    static func roff(commands: [CommandSpec], topLevel: [OptionSpec], version: String) -> String {
        var page = [
            #".TH FAMILYCHART 1 "" "familychart \#(version)" "User Commands""#,
            ".SH NAME",
            #"familychart \- beautiful, correct family\-tree charts (PNG, PDF, SVG, HTML)"#,
            ".SH SYNOPSIS",
        ]
        for command in commands {
            page += [".B familychart " + escaped(command.name), usage(command), ".br"]
        }
        page += [".B familychart", escaped(topLevel.map { spelling($0, font: false) }.joined(separator: " | ")),
                 ".SH DESCRIPTION",
                 "Draws family trees from seed JSON or GEDCOM files: whole families, descendants, pedigrees, "
                     + "hourglasses, relationships and fan charts, as PNG, PDF (also on paper and as posters), SVG "
                     + "or an interactive HTML page, one at a time or as thumbnails in batches.",
                 ".PP",
                 "Run \\fBfamilychart\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR for a command's options; they are the ones listed here.",
                 ".SH OPTIONS"]
        page += topLevel.flatMap(item)
        page.append(".SH COMMANDS")
        for command in commands {
            page += [".SS " + escaped(command.name), escaped(command.summary), ".PP", ".B familychart " + escaped(command.name), usage(command)]
            if !command.positionals.isEmpty {
                page += [".PP", "Arguments:"]
                for positional in command.positionals { page += [".TP", "\\fI" + escaped(positional.name) + "\\fR", escaped(positional.help)] }
            }
            page += [".PP", "Options:"]
            page += (command.options + [helpOption]).flatMap(item)
            if !command.discussion.isEmpty { page += discussion(command.discussion) }
        }
        page += [".SH EXIT STATUS",
                 "0 on success (\\fBbatch\\fR: every item drawn or skipped), 1 for an invalid input or an output that "
                     + "could not be written (\\fBbatch\\fR: any item failed), 2 for a usage error.",
                 ".SH ENVIRONMENT",
                 ".TP", ".B SOURCE_DATE_EPOCH",
                 "Seconds since 1970 to record as the creation date of PDF output, so that the same input gives the same bytes.",
                 ".TP", ".BR JOB_COMPLETION_INDEX \", \" AWS_BATCH_JOB_ARRAY_INDEX",
                 "This worker's shard for \\fBbatch \\-\\-shard\\-count\\fR \\fIN\\fR.",
                 ".SH FILES",
                 ".TP", ".I /usr/share/doc/familychart/",
                 "The guides: using, input formats, layout, printing, services, and the rest.",
                 ".SH SEE ALSO",
                 ".BR fc\\-match (1),",
                 ".BR dot (1)"]
        return page.joined(separator: "\n") + "\n"
    }

    static let helpOption = OptionSpec.flag("--help", "-h", help: "Show this help.")

    private static func usage(_ command: CommandSpec) -> String {
        let arguments = command.positionals.map { "\\fI" + escaped($0.name) + "\\fR " }.joined()
        return arguments + "[\\fIoptions\\fR]"
    }

    /// One option as a tagged paragraph: its spellings in bold, the value's name in italics.
    private static func item(_ option: OptionSpec) -> [String] {
        [".TP", spelling(option, font: true), escaped(option.help)]
    }

    private static func spelling(_ option: OptionSpec, font: Bool) -> String {
        let names = option.names.map { font ? "\\fB" + escaped($0) + "\\fR" : $0 }.joined(separator: ", ")
        guard let value = option.valueName else { return names }
        return names + " " + (font ? "\\fI" + escaped(value) + "\\fR" : value)
    }

    /// A command's closing text: sentences as filled lines, indented examples kept as they are.
    private static func discussion(_ text: String) -> [String] {
        var lines = [".PP"]
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.hasPrefix(" ")
            if indented != inExample {
                lines += indented ? [".RS 4", ".nf"] : [".fi", ".RE"]
                inExample = indented
            }
            lines.append(escaped(indented ? String(line.drop { $0 == " " }) : String(line)))
            if !indented { lines.append(".br") }
        }
        if inExample { lines += [".fi", ".RE"] }
        return lines
    }

    /// Text safe as roff: backslashes shown, every hyphen a plain ASCII minus (options and
    /// values such as `top-down` are copied from the page), no line read as a request.
    static func escaped(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
