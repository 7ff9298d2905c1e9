import FamilyBatch
import FamilyPainter
import Foundation

/// `familychart batch SOURCE ...`
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        summary: "Draw many families (a folder of JSON or GEDCOM files, or a JSON Lines manifest) as thumbnails, in parallel.",
        positionals: [("SOURCE", "A folder of *.json, *.ged and *.gedcom families, or a manifest: one {\"input\", \"output\", ...} per line.")],
        options: [
            .value("--output-dir", valueName: "DIR", help: "Where a folder's thumbnails go (NAME.png); required for a folder."),
            .value("--size", valueName: "WxH", help: "Thumbnail size; the chart is fitted inside, centred (default 256x256)."),
            .value("--scale", valueName: "S", help: "Pixels per point instead of a fixed size."),
            .value("--format", valueName: "FORMAT", help: "png (default), pdf, svg (semantic) or html (interactive page)."),
            .value("--jobs", "-j", valueName: "N", help: "Parallel workers (default: the number of cores)."),
            .flag("--skip-existing", help: "Leave items whose complete output already exists (resume after a crash or kill)."),
            .value("--report", valueName: "FILE", help: "Write per-item status and timings as JSON."),
            .value("--shard", valueName: "K/N", help: "Take only items K, K+N, K+2N, ... (0-based K)."),
            .value("--shard-count", valueName: "N", help: "N shards, this worker's K from JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX."),
            .flag("--quiet", "-q", help: "No progress output (failures are still reported)."),
            .value("--font-config", valueName: "FILE", help: "Use only the fonts a fontconfig file names."),
            .value("--theme", valueName: "NAME|FILE", help: "colour (default), print or a theme JSON file, for every item."),
        ],
        discussion: """
            Exit status: 0 when every item succeeded (or was skipped), 1 when any failed, 2 usage error.
            Manifest paths are relative to the manifest's folder. Per-line options: "id", "size", "scale", "format".
            Examples:
              familychart batch families/ --output-dir thumbs/ --size 320x240
              familychart batch jobs.jsonl --jobs 8 --report report.json --skip-existing
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let command = spec.name
        let sourcePath = arguments.positionals[0]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: sourcePath, isDirectory: &isDirectory) else {
            throw .other("\(sourcePath): no such file or folder")
        }
        var defaults = ItemOptions()
        if let text = arguments.value("--format") {
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw .usage(command: command, message: "--format must be png, pdf, svg or html, got '\(text)'")
            }
            defaults.format = format
        }
        if let text = arguments.value("--size") {
            guard let size = PixelSize(text) else { throw .usage(command: command, message: "--size must be WxH, e.g. 256x256, got '\(text)'") }
            defaults.size = size
        }
        if let scale = try arguments.double("--scale", command: command) {
            guard scale > 0, scale <= 100 else { throw .usage(command: command, message: "--scale must be above 0 and at most 100") }
            guard defaults.size == nil else { throw .usage(command: command, message: "give --size or --scale, not both") }
            defaults.scale = scale
        }
        if defaults.size == nil && defaults.scale == nil { defaults.size = PixelSize(width: 256, height: 256) }

        let source: BatchSource
        if isDirectory.boolValue {
            guard let outputDirectory = arguments.value("--output-dir") else {
                throw .usage(command: command, message: "a folder source needs --output-dir DIR")
            }
            source = .directory(path: sourcePath, outputDirectory: outputDirectory, format: defaults.format ?? .png)
        } else {
            source = .manifest(path: sourcePath)
        }
        let jobs = try arguments.integer("--jobs", in: 1...1024, command: command) ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = try shard(arguments)
        let fonts = arguments.value("--font-config").map(FontConfiguration.file) ?? .system

        do {
            let total = try source.count()
            let inShard = total > shard.index ? (total - shard.index + shard.count - 1) / shard.count : 0
            let report = try arguments.value("--report").map(BatchReportWriter.init(path:))
            let progress = BatchProgress(console: console, total: inShard, quiet: arguments.has("--quiet"))
            let runner = BatchRunner(jobs: jobs, shard: shard, defaults: defaults, skipExisting: arguments.has("--skip-existing"),
                                     fonts: fonts, theme: try Pipeline.theme(arguments))
            let summary = try runner.run(source.items()) { result, summary in
                report?.add(result)
                progress.update(result, summary)
            }
            try report?.finish(summary)
            progress.finish(summary)
            if summary.failed > 0 { throw CLIError.batchFailed(summary.failed) }
        } catch {
            throw CLIError(error)
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
