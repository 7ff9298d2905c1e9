import FamilyLayout
import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The steps every drawing command shares: import, validate, lay out, paint.
enum Pipeline {
    static let inputOptions: [OptionSpec] = [
        OptionTable.maxPersons, OptionTable.maxBytes, OptionTable.photos,
    ]

    static let layoutOptions: [OptionSpec] = inputOptions + [
        .flag("--timings", help: "Print how long each stage took (read, parse, validate, layout, paint, encode) on stderr."),
        .value("--layout", valueName: "LAYOUT", help: "family (default: the whole file as one connected chart per part), tidy (descendant trees) or columns (the seed's method)."),
        .value("--arrange", valueName: "HOW", help: "pack (default: separate parts packed toward the page's shape) or row (side by side)."),
        .flag("--compact", help: "Family chart: squeeze each part to the width its rows need (a parent's line may hang off the middle of its children, over their span; in an intermarried part up to 8 boxes beside it, or up to 64 where the part is then smaller without more crossings; a line across may step between tracks)."),
        .value("--width-limit", valueName: "F", help: "Family chart: narrow a part wider than F times its widest row toward that width, ending within F + 0.1 (default 1.5; parents stay centred where there is room, else over their children's span, in an intermarried part at most 8 boxes beside it), or none: exact centring however wide."),
        .flag("--no-age", help: "Leave the age line out of the boxes."),
        .flag("--no-dates", help: "Leave the birth–death years out of the boxes."),
        .flag("--second-names", help: "Show a second name line: native script or romanised form, else the married name."),
        .value("--chart", valueName: "KIND", help: "family (default for whole files), descendants, ancestors (a pedigree), hourglass (ancestors above, descendants below), relationship (how --to is related to --focus) or fan (ancestors on rings around --focus)."),
        .value("--focus", valueName: "ID", help: "The person an ancestors, hourglass or descendants chart is about (default: the longest line of ancestors); a relationship chart's first person."),
        .value("--to", valueName: "ID", help: "Relationship chart: the second person (the chart shows what they are to --focus)."),
        .value("--root", valueName: "ID", help: "Draw only this person's descendants (with their partners), as a descendant tree."),
        .value("--generations", valueName: "N", help: "At most N generations from the focus or each root, its own counted (ancestors: up; descendants and trees: down)."),
        .value("--descendant-generations", valueName: "N", help: "Hourglass: at most N generations below the focus, its own counted (--generations counts up)."),
        .flag("--siblings", help: "Ancestors and hourglass: the focus's brothers and sisters beside them, in birth order."),
        .value("--numbering", valueName: "KIND", help: "Ancestors and hourglass: none (default) or sosa (the Ahnentafel number in each box)."),
        .value("--fan-angle", valueName: "DEGREES", help: "Fan: 180, 225 (default), 270 or 360."),
        .value("--fan-direction", valueName: "WAY", help: "Fan: ancestors (default) or descendants outward from --focus."),
        .value("--fan-empty", valueName: "WHICH", help: "Fan: unknown ancestors' cells: show (default: every one, faint), frontier (only unknown parents of known persons) or hide."),
        .value("--fan-colors", valueName: "BY", help: "Fan: gender (default) or lineage (father's and mother's sides, the four grandparents' quarters)."),
        .flag("--fit-names", help: "Let each generation's boxes grow to its longest name (up to twice the width)."),
        OptionTable.theme, OptionTable.redactLiving, OptionTable.livingLabel,
        .value("--partner-order", valueName: "ORDER", help: "marriage (default: first partner right, then left…) or male-left (men left of their wives)."),
    ] + boxOptions

    /// What boxes say, for drawing commands and batches alike.
    static let boxOptions: [OptionSpec] = [
        .value("--box", valueName: "FIELDS", help: "What boxes say, a comma list: name (required), second-name, dates, age, place, occupation, id, sosa, marriage (over the couple bar). Default: name,dates,age. " + ChartOptionSupport.box.helpNote),
        .value("--place-level", valueName: "N", help: "With --box …,place or marriage: keep only the last N comma-separated parts of places (e.g. 2: \"MA, USA\")."),
        .value("--orientation", valueName: "WAY", help: "top-down (default), left-right (generations as columns; a pedigree's ancestors to the right), bottom-up or right-left. " + ChartOptionSupport.orientation.helpNote),
        .value("--color-by", valueName: "SCHEME", help: "Box colours: gender (default), lineage (the focus's grandparents' quarters), branch (each child of the root), surname, generation or none; a legend names each colour. " + ChartOptionSupport.colourBy.helpNote),
    ]

    /// The one way to write an output through a symlink (by default one is refused).
    static let followOutputSymlink = OptionSpec.flag("--follow-output-symlink",
        help: "When the output is a symlink, replace the file it points to (by default a symlinked output is refused).")

    static let renderOptions: [OptionSpec] = [
        .value("--output", "-o", valueName: "FILE", help: "Output file (.png, .pdf, .svg or .html). Required."),
        followOutputSymlink,
        .value("--format", valueName: "FORMAT", help: "png, webp (lossless), pdf, svg or html (default: from the output's extension)."),
        .flag("--svg-glyphs", help: "SVG as Cairo draws it (every letter an outline, exactly the PDF) instead of text with ids and classes."),
        .value("--link-template", valueName: "URL", help: "Make each box a link: URL with {id} for the person's id, e.g. https://example.org/person/{id}."),
        .value("--scale", valueName: "S", help: "PNG pixels per point (default 2)."),
        .value("--dpi", valueName: "D", help: "PNG resolution in dots per inch (72 dpi = scale 1)."),
        .value("--paper", valueName: "SIZE", help: "Print on paper: A0–A6, Letter, Legal, Tabloid or WxH with mm, cm, in or pt (e.g. 600x900mm)."),
        .flag("--portrait", help: "Paper upright."),
        .flag("--landscape", help: "Paper sideways."),
        .flag("--auto-orientation", help: "Whichever shows the chart larger, or needs fewer poster sheets (default)."),
        .value("--margin", valueName: "LENGTH", help: "Blank border of each sheet, e.g. 12mm or 0.5in (default 0.5in)."),
        .flag("--poster", help: "Tile the chart at full size over as many sheets as needed (PDF), with an overview sheet; sheets that would be blank are left out."),
        .value("--overlap", valueName: "LENGTH", help: "How much poster sheets overlap (default 10mm)."),
        .value("--book", valueName: "SIZE", help: "Print a book (PDF) on paper SIZE (A4, Letter, …): the chart cut into partial trees a page each at a readable size, lines between pages ending at \"continued on page N\" boxes, running heads, a map of the pages and an index of names."),
        .value("--book-scale", valueName: "S", help: "Book: the chart's print scale (default 0.8: names at 8 pt)."),
        .value("--binding", valueName: "LENGTH", help: "Book: extra inner margin for binding, left on odd pages and right on even ones (default 6mm)."),
        .value("--page", valueName: "N", help: "For PNG of a printed layout: which sheet to draw (default 1)."),
        .value("--title", valueName: "TEXT", help: "Title printed at the top (on paper: default \"Family of\" the first root) and PDF title."),
        .flag("--no-title", help: "No title block."),
        .value("--title-date", valueName: "TEXT", help: "Date printed beside the title (on paper: default today)."),
        .flag("--no-title-date", help: "No date beside the title."),
        .flag("--legend", help: "Print a legend of the box colours and line kinds (default: when the chart has adoptions, divorces or references)."),
        .flag("--no-legend", help: "No legend, even when the chart has special line kinds."),
        .value("--subtitle", valueName: "TEXT", help: "A smaller line under the title."),
        .value("--note", valueName: "TEXT", help: "A credits line at the foot of the sheet (\"researched by …, data as of …\")."),
        .flag("--border", help: "A frame around the printed area (every sheet but poster tiles)."),
        OptionTable.fontConfig,
    ]

    /// Reads, detects the format of and validates an input, printing warnings to stderr.
    static func load(_ path: String, arguments: ParsedArguments, command: String, console: Console, clock: StageClock? = nil) throws(CLIError) -> FamilyGraph {
        var file = InputFile(path: path)
        if let text = arguments.value("--max-bytes") { file.maximumBytes = try byteCount(text, option: "--max-bytes", command: command) }
        var options = FamilyImport.Options(stageFinished: { clock?.lap($0) })
        if let limit = try arguments.integer("--max-persons", in: 1...1_000_000_000, command: command) { options.maximumPersons = limit }
        let policy = try photoPolicy(arguments, command: command)
        do {
            let bytes = try file.read()
            clock?.lap("read")
            let family = try FamilyImport(bytes: bytes, source: file.source, options: options)
            let (graph, refused) = family.graph.applyingPhotoPolicy(policy, folder: file.folder)
            report(family.warnings + refused, source: file.source, console: console)
            return graph
        } catch {
            throw .input(error)
        }
    }

    /// Refuses an output that is the same file (device and inode) as the input, the
    /// theme file or the font configuration: it would be destroyed before it is read, or
    /// replaced by a chart.
    static func refuseOverwritingInputs(output: String, input: String?, arguments: ParsedArguments) throws(CLIError) {
        var inputs: [(role: String, path: String)] = input.map { [("the input", $0)] } ?? []
        if let theme = arguments.value("--theme") { inputs.append(("the theme", theme)) }
        if let fonts = arguments.value("--font-config") { inputs.append(("the font configuration", fonts)) }
        do { try SameFileCheck.refuse(output: output, sameAs: inputs) } catch { throw .output(error) }
    }

    /// `--photos` (default `local`, as in a batch; `any` only when asked for).
    static func photoPolicy(_ arguments: ParsedArguments, command: String, default fallback: PhotoPolicy = .local) throws(CLIError) -> PhotoPolicy {
        guard let text = arguments.value("--photos") else { return fallback }
        guard let policy = PhotoPolicy(rawValue: text) else {
            throw .usage(command: command, message: "--photos must be none, local or any, got '\(text)'")
        }
        return policy
    }

    /// How the painter may open the photos of the input at `path`.
    static func photoAccess(_ policy: PhotoPolicy, input path: String) -> PhotoAccess {
        PhotoAccess(policy, folder: InputFile(path: path).folder)
    }

    /// At most this many warnings of one kind are printed; the rest are counted.
    static let warningsShownPerKind = 10

    static func report(_ warnings: [ValidationWarning], source: String, console: Console) {
        var count: [String: Int] = [:]
        for warning in warnings {
            count[warning.kind, default: 0] += 1
            if count[warning.kind]! <= warningsShownPerKind { console.error("warning: \(source): \(warning)\n") }
        }
        let hidden = count.values.reduce(0) { $0 + max(0, $1 - warningsShownPerKind) }
        if hidden > 0 {
            console.error("warning: \(source): … and \(hidden) more warnings like these (\(warnings.count) in all)\n")
        } else if warnings.count > 1 {
            console.error("warning: \(source): \(warnings.count) warnings in all\n")
        }
    }

    /// The chart chosen by the chart options (`ChartChoice`), `--no-age`, `--no-dates`,
    /// `--second-names`, `--box`, `--color-by` and `--orientation`, checked once before any
    /// input is read (an option the chart kind does not take is refused:
    /// `ChartOptionSupport`); the persons `--root` and `--focus` name need the data: see
    /// `ChartSetup.scoped`.
    static func chartSetup(_ arguments: ParsedArguments, command: String, theme: Theme) throws(CLIError) -> ChartSetup {
        var style = theme.applied(to: LayoutStyle())
        style.showsAge = !arguments.has("--no-age")
        style.showsDates = !arguments.has("--no-dates")
        style.showsSecondNames = arguments.has("--second-names")
        let checked = try chartChoice(arguments, command: command)
        var layout = ChartLayout(style: style, request: checked.request)
        layout.partnerOrder = checked.partnerOrder
        layout.boxContent = try boxContent(arguments, command: command)
        layout.colouring = try colouring(arguments, command: command, theme: theme)
        layout.orientation = try orientation(arguments, command: command)
        if let refusal = layout.unsupportedOption { throw .usage(command: command, message: refusal) }
        return ChartSetup(layout: layout, choice: checked)
    }

    /// `--orientation WAY` (default top-down).
    static func orientation(_ arguments: ParsedArguments, command: String) throws(CLIError) -> ChartOrientation {
        guard let text = arguments.value("--orientation") else { return .topDown }
        guard let way = ChartOrientation(rawValue: text.lowercased()) else {
            throw .usage(command: command, message: "--orientation must be one of \(ChartOrientation.validList), got '\(text)'")
        }
        return way
    }

    /// `--color-by SCHEME` with the theme's scheme colours (nil: the theme's gender colours).
    static func colouring(_ arguments: ParsedArguments, command: String, theme: Theme) throws(CLIError) -> BoxColouring? {
        guard let text = arguments.value("--color-by") else { return nil }
        guard let scheme = ColourScheme(rawValue: text.lowercased()) else {
            throw .usage(command: command, message: "--color-by must be one of \(ColourScheme.validList), got '\(text)'")
        }
        return scheme == .gender ? nil : BoxColouring(scheme: scheme, colours: theme.schemeColours)
    }

    /// `--box FIELDS` and `--place-level N` (nil: the boxes as before).
    static func boxContent(_ arguments: ParsedArguments, command: String) throws(CLIError) -> BoxContent? {
        let level = try arguments.integer("--place-level", in: 1...20, command: command)
        guard let text = arguments.value("--box") else {
            if level != nil { throw .usage(command: command, message: "--place-level needs --box with place or marriage") }
            return nil
        }
        do { return try BoxContent(parsing: text, placeLevel: level) } catch { throw .usage(command: command, message: error.description) }
    }

    /// `--chart`, `--layout`, `--root`, `--focus`, `--generations`, `--descendant-generations`,
    /// `--siblings`, `--numbering`, `--arrange` and `--partner-order`, checked together.
    static func chartChoice(_ arguments: ParsedArguments, command: String) throws(CLIError) -> ChartChoice.Checked {
        var choice = ChartChoice()
        choice.chart = arguments.value("--chart")
        choice.layout = arguments.value("--layout")
        choice.root = arguments.value("--root")
        choice.focus = arguments.value("--focus")
        choice.to = arguments.value("--to")
        choice.generations = arguments.value("--generations")
        choice.descendantGenerations = arguments.value("--descendant-generations")
        choice.siblings = arguments.has("--siblings")
        choice.numbering = arguments.value("--numbering")
        choice.arrangement = arguments.value("--arrange")
        choice.compact = arguments.has("--compact")
        choice.widthLimit = arguments.value("--width-limit")
        choice.partnerOrder = arguments.value("--partner-order")
        choice.fanAngle = arguments.value("--fan-angle")
        choice.fanDirection = arguments.value("--fan-direction")
        choice.fanEmpty = arguments.value("--fan-empty")
        choice.fanColours = arguments.value("--fan-colors")
        do { return try choice.checked() } catch { throw .usage(command: command, message: error.description) }
    }

    /// `layout` measuring names with `painter` when `--fit-names` is given.
    /// A fan's names are always measured with the painter's fonts (they are fitted into
    /// their cells by the layout).
    static func fittingNames(_ layout: ChartLayout, arguments: ParsedArguments, fonts: FontConfiguration,
                             theme: Theme) throws(CLIError) -> ChartLayout {
        let isFan = layout.request.kind == .fan
        guard arguments.has("--fit-names") || isFan else { return layout }
        let painter: ChartPainter
        do { painter = try ChartPainter(fonts: fonts, theme: theme) } catch { throw .painting(error) }
        var fitted = layout
        if isFan { fitted.textMeasure = painter.textMeasure }
        if arguments.has("--fit-names") { fitted.labelWidth = { painter.labelWidth(name: $0, detail: $1) } }
        return fitted
    }

    /// The theme `--theme` names (built-in or a file), or the default.
    static func theme(_ arguments: ParsedArguments) throws(CLIError) -> Theme {
        guard let name = arguments.value("--theme") else { return .colour }
        do { return try Theme.named(name) } catch { throw .theme(error) }
    }

    /// The family with living persons hidden when `--redact-living` is given. "Now" is
    /// the year of `SOURCE_DATE_EPOCH` when set (reproducible output), else today.
    static func redacted(_ graph: FamilyGraph, arguments: ParsedArguments, source: String, console: Console) -> FamilyGraph {
        guard arguments.has("--redact-living") else { return graph }
        let redaction = LivingRedaction(currentYear: currentYear(), label: arguments.value("--living-label") ?? "Living")
        let (hidden, count) = redaction.apply(to: graph)
        console.error("note: \(source): \(count) living person\(count == 1 ? "" : "s") shown as \"\(redaction.label)\"\n")
        return hidden
    }

    /// The chart `layout` draws of `graph`; with `--statistics`, a line about the family
    /// layout (parts, reference boxes and why, crossing lines, children under another
    /// couple) goes to stderr.
    static func scene(_ layout: ChartLayout, _ graph: FamilyGraph, arguments: ParsedArguments, console: Console) -> Scene {
        if let (scene, figures) = layout.fanScene(for: graph) {
            for note in figures.notes { console.error("note: \(note)\n") }
            if arguments.has("--statistics") { console.error("statistics: " + figures.summary + "\n") }
            return scene
        }
        guard arguments.has("--statistics") else { return layout.scene(for: graph) }
        guard layout.drawsWholeFamily else {
            let scene = layout.scene(for: graph)
            console.error(ChartMetrics(scene: scene, graph: graph, style: layout.style).summary + "\n")
            return scene
        }
        let (scene, figures) = layout.familyScene(for: graph)
        console.error("statistics: \(figures.parts) part\(figures.parts == 1 ? "" : "s"), \(figures.references) reference boxes "
            + "(\(figures.brokenLinks) where generations disagree\(figures.shortestLinkRows ? " in the rows that keep links shortest" : ""), "
            + "\(figures.farLinks) for far or crossing lines), "
            + "\(figures.crossings) crossing line pairs\n")
        console.error(ChartMetrics(scene: scene, graph: graph, style: layout.style).summary + "\n")
        console.error("attribution: \(SceneInvariants(scene: scene, style: layout.style).attribution())\n")
        return scene
    }

    /// The year of `SOURCE_DATE_EPOCH` when set (reproducible output), else this year.
    static func currentYear() -> Int {
        // From the C library, in UTC: FoundationEssentials alone knows no time zone named
        // "UTC" (time zones by name need ICU, which the release build does not load).
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
        var seconds = epoch.flatMap { $0.isFinite && abs($0) < 1e12 ? time_t($0.rounded(.down)) : nil } ?? time(nil)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return 1970 }
        return Int(parts.tm_year) + 1900
    }

    /// A size in bytes: a whole number, optionally with K, M or G (powers of 1024).
    static func byteCount(_ text: String, option: String, command: String) throws(CLIError) -> Int {
        let units: [(String, Int)] = [("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("", 1)]
        let upper = text.uppercased().replacing("IB", with: "").replacing("B", with: "")
        for (suffix, factor) in units where upper.hasSuffix(suffix) {
            if let number = Int(upper.dropLast(suffix.count)), number > 0, number <= (1 << 40) / factor { return number * factor }
        }
        throw .usage(command: command, message: "\(option) must be a size such as 16M, 512K or 1G (at most 1T), got '\(text)'")
    }

    /// The person `option` names (`I1` or GEDCOM's `@I1@`); an id that names nobody is an
    /// error with a suggestion.
    static func person(_ id: String, option: String, in graph: FamilyGraph, source: String) throws(CLIError) -> Int {
        do { return try ChartChoice.person(id, option: option, in: graph) } catch { throw .other("\(source): \(error)") }
    }

    /// The title a chart of one person takes from the data: "Ancestors of …", "… — hourglass".
    static func focusTitle(_ layout: ChartLayout, _ graph: FamilyGraph) -> String? {
        let kind = layout.request.kind
        if case .relationship(let options) = layout.request, let a = options.focus, let b = options.to, a != b,
           let kinship = try? Kinship(graph: graph, a: a, b: b) {
            return kinship.title(in: graph)
        }
        guard kind == .ancestors || kind == .hourglass || kind == .fan else { return nil }
        let focus = layout.request.focus ?? ChartLayout.defaultFocus(graph)
        let name = graph.persons[focus].name.isEmpty ? graph.persons[focus].id : graph.persons[focus].name
        if case .fan(let options) = layout.request {
            return options.direction == .ancestors ? "Ancestors of \(name)" : "Descendants of \(name)"
        }
        return kind == .ancestors ? "Ancestors of \(name)" : "\(name) — hourglass"
    }
}
