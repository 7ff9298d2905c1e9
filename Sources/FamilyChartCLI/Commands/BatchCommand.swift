import Dispatch
import FamilyBatch
import FamilyLayout
import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `familychart batch SOURCE ...`
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        summary: "Draw many families (a folder of JSON or GEDCOM files, or a JSON Lines manifest) as thumbnails, in parallel.",
        positionals: [("SOURCE", "A folder of *.json, *.ged and *.gedcom families, or a manifest: one {\"input\", \"output\", ...} per line (- for stdin).")],
        options: [
            .value("--output-dir", valueName: "DIR", help: "Where a folder's thumbnails go (NAME.png); required for a folder."),
            .value("--size", valueName: "WxH", help: "Thumbnail size; the chart is fitted inside, centred (default 256x256)."),
            .value("--scale", valueName: "S", help: "Pixels per point instead of a fixed size."),
            .value("--view", valueName: "VIEW", help: "What a whole-family thumbnail shows: auto (default: the whole chart when its names are legible, else the family around one person), whole or focus (a line's \"view\" wins)."),
            .flag("--no-caption", help: "Leave out the caption under whole-family thumbnails (the family's title, persons, generations and years)."),
            .value("--format", valueName: "FORMAT", help: "png (default), webp (lossless, smaller), pdf, svg (semantic) or html (interactive page)."),
            .value("--book", valueName: "SIZE", help: "Every item as a chart book on paper SIZE (A4, Letter, …): PDF, see render --book."),
            .value("--book-scale", valueName: "S", help: "Books: the chart's print scale (default 0.8)."),
            .value("--chart", valueName: "KIND", help: "\(ChartKind.validAlternatives) (default family), for every item (a manifest line's \"chart\" wins)."),
            .value("--focus", valueName: "ID", help: "The person of every item's ancestors, hourglass or descendants chart (a line's \"focus\" wins)."),
            .value("--to", valueName: "ID", help: "Every relationship chart's second person (a line's \"to\" wins)."),
            .value("--jobs", "-j", valueName: "N", help: "Parallel workers (default: the number of cores)."),
            .flag("--skip-existing", help: "Leave items whose complete output already exists (resume after a crash or kill)."),
            .value("--report", valueName: "FILE", help: "Write per-item status and timings as JSON (- for stdout)."),
            .value("--shard", valueName: "K/N", help: "Take only items K, K+N, K+2N, ... (0-based K)."),
            .value("--shard-count", valueName: "N", help: "N shards, this worker's K from JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX."),
            .flag("--quiet", "-q", help: "No progress output (failures are still reported)."),
            .flag("--no-greeking", help: "Draw names as text however small (by default names under 3 px tall are grey bars)."),
            OptionTable.fontConfig, OptionTable.theme, OptionTable.maxPersons, OptionTable.maxBytes,
            .value("--item-timeout", valueName: "SECONDS", help: "Stop an item that takes longer, report it failed and go on (default 300)."),
            OptionTable.photos, OptionTable.redactLiving, OptionTable.livingLabel,
        ] + Pipeline.boxOptions,
        discussion: """
            Exit status: 0 when every item succeeded (or was skipped), 1 when any failed, 2 usage error.
            Every item is drawn in a worker process under a watchdog: a hung or crashing item fails alone.
            Manifest paths are relative to the manifest's folder. Per-line options: "id", "size", "scale", "format", "chart", "focus", "to", "view".
            Examples:
              familychart batch families/ --output-dir thumbs/ --size 320x240
              familychart batch jobs.jsonl --jobs 8 --report report.json --skip-existing
            """)

    /// The hidden command a batch starts its worker processes with.
    static let workerCommand = "__batch-worker"

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let command = spec.name
        let source = try batchSource(arguments)
        let settings = try itemSettings(arguments, source: source)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = try arguments.integer("--jobs", in: 1...1024, command: command) ?? cores
        if jobs > cores {
            console.error("note: --jobs \(jobs) is more than this machine's \(cores) cores; the workers share them\n")
        }
        let timeout = try arguments.double("--item-timeout", command: command) ?? 300
        guard timeout > 0, timeout <= 86_400 else { throw .usage(command: command, message: "--item-timeout must be above 0 and at most 86400 seconds") }
        let shard = try shard(arguments)

        let reportPath = arguments.value("--report")
        if let reportPath, case .manifest(let manifest) = source {
            do { try SameFileCheck.refuse(output: reportPath, sameAs: [("the manifest", manifest)]) } catch { throw .output(error) }
        }
        do {
            // A manifest that is no regular file (a pipe, stdin) is read once: no total.
            let total = source.isStreamed ? nil : try source.count()
            let inShard = total.map { $0 > shard.index ? ($0 - shard.index + shard.count - 1) / shard.count : 0 }
            let report = try reportPath.map(BatchReportWriter.init(path:))
            let progress = BatchProgress(console: console, total: inShard, quiet: arguments.has("--quiet"))
            var runner = BatchRunner(jobs: jobs, shard: shard)
            runner.settings = settings
            runner.isolation = WorkerIsolation(executable: executablePath(), arguments: [workerCommand] + forwarded(arguments),
                                               itemTimeout: timeout)
            let latest = LatestSummary()
            finishOnSignal(report: report, latest: latest)
            let summary = try runner.run(source.items(reserving: reportPath.map { [$0] } ?? []),
                                         stopRequested: { Interruption.shared.signal != nil }) { result, summary in
                report?.add(result)
                latest.set(summary)
                progress.update(result, summary)
            }
            if let signal = Interruption.shared.signal {
                try? report?.finish(summary, interruptedBy: Interruption.name(signal))
                progress.finish(summary)
                Interruption.shared.end(signal)
            }
            try report?.finish(summary)
            progress.finish(summary)
            if summary.failed > 0 { throw CLIError.batchFailed(summary.failed) }
        } catch {
            throw CLIError(error)
        }
    }

    /// `familychart __batch-worker ARGUMENTS`: the batch's own arguments, run as one worker
    /// process drawing the items it is sent on stdin.
    static func runWorker(_ arguments: ParsedArguments) throws(CLIError) {
        let settings = try itemSettings(arguments, source: try batchSource(arguments))
        let timeout = try arguments.double("--item-timeout", command: spec.name) ?? 300
        do { try WorkerLoop.run(settings: settings, itemTimeout: timeout) } catch { throw CLIError(error) }
    }

    /// The folder or manifest SOURCE names (`-`: standard input).
    private static func batchSource(_ arguments: ParsedArguments) throws(CLIError) -> BatchSource {
        let path = arguments.positionals[0] == "-" ? "/dev/stdin" : arguments.positionals[0]
        var info = stat()
        guard stat(path, &info) == 0 else { throw .other("\(MessageText.escaped(path)): no such file or folder") }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .manifest(path: path) }
        guard let outputDirectory = arguments.value("--output-dir") else {
            throw .usage(command: spec.name, message: "a folder source needs --output-dir DIR")
        }
        let format = try defaults(arguments).format ?? .png
        return .directory(path: path, outputDirectory: outputDirectory, format: format)
    }

    /// How every item is read and drawn, from the batch's options.
    private static func itemSettings(_ arguments: ParsedArguments, source: BatchSource) throws(CLIError) -> ItemSettings {
        let command = spec.name
        var settings = ItemSettings()
        settings.defaults = try defaults(arguments)
        settings.skipExisting = arguments.has("--skip-existing")
        settings.greeksSmallText = !arguments.has("--no-greeking")
        settings.captions = !arguments.has("--no-caption")
        settings.fonts = arguments.value("--font-config").map(FontConfiguration.file) ?? .system
        settings.theme = try Pipeline.theme(arguments)
        if let limit = try arguments.integer("--max-persons", in: 1...1_000_000_000, command: command) { settings.maximumPersons = limit }
        if let text = arguments.value("--max-bytes") { settings.maximumBytes = try Pipeline.byteCount(text, option: "--max-bytes", command: command) }
        switch source {
        case .directory(_, let outputDirectory, _):
            settings.refusesSymlinkedInputs = true
            settings.outputRoot = outputDirectory
        case .manifest(let path):
            settings.protectedFiles = [("the manifest", path)]
            // The manifest's folder ("" for the current one, where its relative paths start).
            let folder = path == "-" || !path.contains("/") ? "" : String(path[...path.lastIndex(of: "/")!].dropLast())
            settings.outputRoot = folder.isEmpty && path.hasPrefix("/") ? "/" : folder
        }
        settings.photos = try Pipeline.photoPolicy(arguments, command: command, default: .local)
        settings.boxContent = try Pipeline.boxContent(arguments, command: command)
        settings.colouring = try Pipeline.colouring(arguments, command: command, theme: settings.theme)
        settings.orientation = try Pipeline.orientation(arguments, command: command)
        if let chart = settings.defaults.chart, let refusal = settings.unsupportedOption(for: chart) {
            throw .usage(command: command, message: refusal)
        }
        if let text = arguments.value("--book") {
            guard let paper = PaperSize(text) else {
                throw .usage(command: command, message: "--book must be a paper size: A0–A6, Letter, Legal, Tabloid or WxH with a unit, got '\(text)'")
            }
            var book = BookOptions(paper: paper)
            if let scale = try arguments.double("--book-scale", command: command) {
                guard BookOptions.scales.contains(scale) else {
                    throw .usage(command: command, message: "--book-scale must be between \(BookOptions.scales.lowerBound) and \(BookOptions.scales.upperBound), got \(scale)")
                }
                book.scale = scale
            }
            settings.book = book
        } else if arguments.value("--book-scale") != nil {
            throw .usage(command: command, message: "--book-scale is for books (--book SIZE)")
        }
        if arguments.has("--redact-living") {
            settings.redaction = LivingRedaction(currentYear: Pipeline.currentYear(), label: arguments.value("--living-label") ?? "Living")
        }
        return settings
    }

    private static func defaults(_ arguments: ParsedArguments) throws(CLIError) -> ItemOptions {
        let command = spec.name
        var defaults = ItemOptions()
        if let text = arguments.value("--chart") {
            guard let chart = ChartKind(rawValue: text) else {
                throw .usage(command: command, message: "--chart must be \(ChartKind.validAlternatives), got '\(text)'")
            }
            defaults.chart = chart
        }
        defaults.focus = arguments.value("--focus")
        if let text = arguments.value("--view") {
            guard let view = ThumbnailView(rawValue: text) else {
                throw .usage(command: command, message: "--view must be \(ThumbnailView.validAlternatives), got '\(text)'")
            }
            defaults.view = view
        }
        defaults.to = arguments.value("--to")
        if let text = arguments.value("--format") {
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw .usage(command: command, message: "--format must be png, webp, pdf, svg or html, got '\(text)'")
            }
            defaults.format = format
        }
        if arguments.value("--book") != nil {
            guard defaults.format ?? .pdf == .pdf else { throw .usage(command: command, message: "a book is a PDF: leave out --format or give pdf") }
            defaults.format = .pdf
        }
        if let text = arguments.value("--size") {
            guard let size = PixelSize(text) else { throw .usage(command: command, message: "--size must be WxH, e.g. 256x256, got '\(text)'") }
            defaults.size = size
        }
        if let scale = try arguments.double("--scale", command: command) {
            guard RenderOptions.scales.contains(scale) else {
                throw .usage(command: command, message: "--scale must be from 0.01 (0.72 dpi) to 100, got \(scale)")
            }
            guard defaults.size == nil else { throw .usage(command: command, message: "give --size or --scale, not both") }
            defaults.scale = scale
        }
        if defaults.size == nil && defaults.scale == nil { defaults.size = PixelSize(width: 256, height: 256) }
        return defaults
    }

    /// The batch's arguments again, for its workers (options first, then `--` and SOURCE).
    private static func forwarded(_ arguments: ParsedArguments) -> [String] {
        var list: [String] = []
        for (name, value) in arguments.values.sorted(by: { $0.key < $1.key }) { list += [name, value] }
        list += arguments.flags.sorted()
        return list + ["--"] + arguments.positionals
    }

    /// This program's own file, to start workers from.
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(nulTerminated: buffer) : CommandLine.arguments[0]
    }

    /// How long items under way may take to finish after SIGINT or SIGTERM before the
    /// report is written without them.
    static let gracePeriod = 5.0

    /// On SIGINT or SIGTERM: no new items start; once the items under way are done (or
    /// after `gracePeriod`), the report is written with what was done, marked interrupted,
    /// the workers and temporaries are removed and the process ends by the signal.
    private static func finishOnSignal(report: BatchReportWriter?, latest: LatestSummary) {
        Interruption.shared.takeOver { signal in
            DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) {
                LiveWorkers.shared.endAll(waiting: 2)
                try? report?.finish(latest.get(), interruptedBy: Interruption.name(signal))
                Interruption.shared.end(signal)
            }
        }
    }

    private static func shard(_ arguments: ParsedArguments) throws(CLIError) -> Shard {
        if let text = arguments.value("--shard") {
            guard arguments.value("--shard-count") == nil else {
                throw .usage(command: spec.name, message: "give --shard K/N or --shard-count N, not both")
            }
            guard let shard = Shard(text) else { throw .usage(command: spec.name, message: "--shard must be K/N with 0 ≤ K < N, got '\(text)'") }
            return shard
        }
        guard let count = try arguments.integer("--shard-count", in: 1...1_000_000, command: spec.name) else { return .whole }
        do {
            guard let shard = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: count) else {
                throw CLIError.usage(command: spec.name, message: "--shard-count needs JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX in the environment")
            }
            return shard
        } catch let error as CLIError {
            throw error
        } catch {
            throw .usage(command: spec.name, message: "\(error)")
        }
    }
}

/// The running summary, readable from the signal handler's thread, with the seconds
/// since the batch began (an interrupted batch's report said `"seconds": 0.0`).
private final class LatestSummary: @unchecked Sendable {  // every access holds `lock`
    private let lock = Lock()
    private var summary = BatchSummary()
    private let started = ContinuousClock.now

    func set(_ value: BatchSummary) {
        lock.lock()
        summary = value
        lock.unlock()
    }

    func get() -> BatchSummary {
        lock.lock()
        defer { lock.unlock() }
        var current = summary
        let elapsed = ContinuousClock.now - started
        current.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return current
    }
}
