import FamilyLayout
import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a batch's items come from.
public enum BatchSource: Sendable {
    /// Every family file in `path` — `*.json`, `*.ged`, `*.gedcom` — (sorted by name), each
    /// drawn to `outputDirectory/NAME.EXT`; when two files differ only in their extension
    /// (`a.json`, `a.ged`), each keeps it in its output name (`a.json.png`, `a.ged.png`),
    /// and so on until no two files share an output (see `outputNames`).
    case directory(path: String, outputDirectory: String, format: OutputFormat)
    /// A JSON Lines file, one `{"input": path, "output": path, ...options}` per line;
    /// relative paths are relative to the manifest's folder. Optional fields: `id`,
    /// `size` (`"WxH"`), `scale`, `format`. Blank lines are skipped.
    case manifest(path: String)

    /// The items in source order, produced lazily (a manifest is streamed). An item whose
    /// output is already the output of an earlier item, or one of `reserving` (the
    /// report), fails with a message saying so instead of overwriting it.
    public func items(reserving: [String] = []) throws(BatchError) -> AnyIterator<BatchItem> {
        switch self {
        case .directory(let path, let outputDirectory, let format):
            let names = try familyFiles(in: path)
            let outputNames = Self.outputNames(names)
            let claims = reservedClaims(reserving)
            var index = 0
            return AnyIterator {
                guard index < names.count else { return nil }
                defer { index += 1 }
                let name = names[index]
                var item = BatchItem(index: index, id: name, input: path + "/" + name,
                                     output: outputDirectory + "/" + outputNames[index] + "." + format.rawValue,
                                     options: ItemOptions(format: format))
                if claims.claim(item.output, by: .entry(index + 1)) == .report {
                    item.problem = "\(MessageText.escaped(item.output)): refusing to write output: it is the batch's report"
                }
                return item
            }
        case .manifest(let path):
            let reader = try LineReader(path: path)
            let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let claims = reservedClaims(reserving)
            var index = 0
            return AnyIterator {
                while let line = reader.next() {
                    if !reader.lastLineWasTooLong, line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                    defer { index += 1 }
                    if reader.lastLineWasTooLong {
                        let place = "\(path):\(reader.lineNumber)"
                        return BatchItem(index: index, id: place, input: "", output: "",
                                         problem: "\(place): line longer than \(reader.maximumLineBytes) bytes; skipped")
                    }
                    var item = ManifestLine(bytes: line, number: reader.lineNumber, base: base, manifest: path).item(index: index)
                    guard item.problem == nil else { return item }
                    switch claims.claim(item.output, by: .entry(reader.lineNumber)) {
                    case nil: break
                    case .report: item.problem = "\(path):\(reader.lineNumber): output \(MessageText.escaped(item.output)) is the batch's report"
                    case .entry(let earlier)?:
                        item.problem = "\(path):\(reader.lineNumber): output \(MessageText.escaped(item.output)) is already the output of line \(earlier); two items never write one file"
                    }
                    return item
                }
                return nil
            }
        }
    }

    /// How many items the source holds (a streaming pass over a manifest).
    public func count() throws(BatchError) -> Int {
        switch self {
        case .directory(let path, _, _):
            return try familyFiles(in: path).count
        case .manifest(let path):
            var count = 0
            let reader = try LineReader(path: path)
            while let line = reader.next() {
                if reader.lastLineWasTooLong || !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { count += 1 }
            }
            return count
        }
    }

    private func reservedClaims(_ paths: [String]) -> OutputClaims {
        let claims = OutputClaims()
        for path in paths where path != "-" { _ = claims.claim(path, by: .report) }
        return claims
    }

    /// Whether the source can be read only once (a manifest on a pipe or standard
    /// input): then it is never counted first, only streamed.
    public var isStreamed: Bool {
        guard case .manifest(let path) = self else { return false }
        var info = stat()
        return stat(path, &info) != 0 || (info.st_mode & S_IFMT) != S_IFREG
    }

    static let familyExtensions = [".json", ".ged", ".gedcom"]

    /// The output name (before the format's extension) of each file of a folder: its name
    /// without the family extension (`a.json` → `a`) where no other file's output has that
    /// name, else its whole name (`a.json`, `a.ged` → `a.json`, `a.ged`), repeated until
    /// no two files share one (`a.json.json` then keeps its whole name too, since `a.json`
    /// took `a.json`). File names in a folder are unique, so this always ends.
    static func outputNames(_ names: [String]) -> [String] {
        var chosen = names.map(stem)
        var holders: [String: [Int]] = [:]
        for (index, name) in chosen.enumerated() { holders[name, default: []].append(index) }
        var work = holders.filter { $0.value.count > 1 }.keys.sorted()
        while let name = work.popLast() {
            guard let group = holders[name], group.count > 1 else { continue }
            let shortened = group.filter { chosen[$0] != names[$0] }
            holders[name] = group.filter { chosen[$0] == names[$0] }
            for index in shortened {
                chosen[index] = names[index]
                holders[names[index], default: []].append(index)
                if holders[names[index]]!.count > 1 { work.append(names[index]) }
            }
        }
        return chosen
    }

    /// The name without its family-file extension.
    static func stem(_ name: String) -> String {
        let lower = name.lowercased()
        guard let ext = familyExtensions.first(where: { lower.hasSuffix($0) }) else { return name }
        return String(name.dropLast(ext.count))
    }

    /// The family files of a folder, by name: regular files only. Symlinks are not
    /// followed (a `x.ged` pointing at `/etc/shadow` is not read), and FIFOs, devices,
    /// sockets and folders are skipped, whatever their names.
    private func familyFiles(in path: String) throws(BatchError) -> [String] {
        guard let directory = opendir(path) else { throw .unreadableSource(path: path, reason: "not a readable directory") }
        defer { closedir(directory) }
        let folder = dirfd(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let lower = name.lowercased()
            guard !name.hasPrefix("."), Self.familyExtensions.contains(where: { lower.hasSuffix($0) }) else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted()
    }
}

/// One manifest line turned into an item; an unusable line becomes a failed item that
/// says which line and why.
private struct ManifestLine {
    let bytes: [UInt8]
    let number: Int
    let base: String
    let manifest: String

    func item(index: Int) -> BatchItem {
        let place = "\(MessageText.escaped(manifest)):\(number)"
        func failed(_ message: String) -> BatchItem {
            BatchItem(index: index, id: place, input: "", output: "", problem: "\(place): \(MessageText.escaped(message))")
        }
        let value: JSONValue
        do { value = try JSONParser(maximumDepth: 8).parse(bytes) } catch {
            // Never a character of the line: a manifest may be any file (`batch /etc/shadow`),
            // and one quoted character per line told its first column.
            guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) == UInt8(ascii: "{") else {
                return failed("not a JSON object (the line is not shown; is this file a manifest?)")
            }
            let reason = error.message.hasPrefix("unexpected character") ? "unexpected character where a value should start" : error.message
            return failed("invalid JSON at column \(error.column): \(reason)")
        }
        guard case .object = value else { return failed("expected an object {\"input\": ..., \"output\": ...}") }
        guard case .string(let input)? = value["input"], !input.isEmpty else { return failed("missing \"input\" path") }
        guard case .string(let output)? = value["output"], !output.isEmpty else { return failed("missing \"output\" path") }
        var options = ItemOptions()
        if let size = value["size"] {
            guard case .string(let text) = size, let parsed = PixelSize(text) else { return failed("\"size\" must be \"WxH\", e.g. \"256x192\"") }
            options.size = parsed
        }
        if let scale = value["scale"] {
            guard case .number(let number) = scale, RenderOptions.scales.contains(number) else {
                return failed("\"scale\" must be a number from 0.01 (0.72 dpi) to 100")
            }
            options.scale = number
        }
        if let format = value["format"] {
            guard case .string(let text) = format, let parsed = OutputFormat(rawValue: text.lowercased()) else {
                return failed("\"format\" must be png, webp, pdf, svg or html")
            }
            options.format = parsed
        }
        if let chart = value["chart"] {
            guard case .string(let text) = chart, let parsed = ChartKind(rawValue: text) else {
                return failed("\"chart\" must be \(ChartKind.validAlternatives)")
            }
            options.chart = parsed
        }
        if let focus = value["focus"] {
            guard case .string(let text) = focus, !text.isEmpty else { return failed("\"focus\" must be a person's id") }
            options.focus = text
        }
        if let to = value["to"] {
            guard case .string(let text) = to, !text.isEmpty else { return failed("\"to\" must be a person's id") }
            options.to = text
        }
        if let view = value["view"] {
            guard case .string(let text) = view, let parsed = ThumbnailView(rawValue: text) else {
                return failed("\"view\" must be \(ThumbnailView.validAlternatives)")
            }
            options.view = parsed
        }
        var id = input
        if case .string(let given)? = value["id"] { id = given }
        for (name, text) in [("input", input), ("output", output), ("id", id), ("focus", options.focus ?? ""), ("to", options.to ?? "")] {
            if let problem = Self.problem(ofField: name, text, isPath: name == "input" || name == "output") { return failed(problem) }
        }
        return BatchItem(index: index, id: id, input: resolve(input), output: resolve(output), options: options)
    }

    /// A path or id longer than this is refused: no system call opens a longer path, and
    /// an id is quoted in messages (a 600 KB path made the line to the worker longer than it
    /// reads, and the worker waited out the item's timeout).
    static let longestField = 4_096
    /// Paths through more folders than this are refused: creating and checking each folder
    /// of 4,000 nested ones took minutes and gigabytes.
    static let deepestPath = 256

    /// Why the manifest's `name` field `text` cannot be used, or nil.
    static func problem(ofField name: String, _ text: String, isPath: Bool) -> String? {
        let bytes = text.utf8.count
        if bytes > longestField { return "\"\(name)\" is \(bytes) bytes long, more than \(longestField)" }
        guard isPath else { return nil }
        let folders = text.utf8.count(where: { $0 == UInt8(ascii: "/") })
        if folders > deepestPath { return "\"\(name)\" goes through \(folders) folders, more than \(deepestPath)" }
        return nil
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
    }
}
