import FamilyModel
import FamilyPainter
import Foundation

/// Where a batch's items come from.
public enum BatchSource: Sendable {
    /// Every family file in `path` — `*.json`, `*.ged`, `*.gedcom` — (sorted by name), each
    /// drawn to `outputDirectory/NAME.EXT`; when two files differ only in their extension
    /// (`a.json`, `a.ged`), each keeps it in its output name (`a.json.png`, `a.ged.png`).
    case directory(path: String, outputDirectory: String, format: OutputFormat)
    /// A JSON Lines file, one `{"input": path, "output": path, ...options}` per line;
    /// relative paths are relative to the manifest's folder. Optional fields: `id`,
    /// `size` (`"WxH"`), `scale`, `format`. Blank lines are skipped.
    case manifest(path: String)

    /// The items in source order, produced lazily (a manifest is streamed).
    public func items() throws(BatchError) -> AnyIterator<BatchItem> {
        switch self {
        case .directory(let path, let outputDirectory, let format):
            let names = try familyFiles(in: path)
            var stems: [String: Int] = [:]
            for name in names { stems[Self.stem(name), default: 0] += 1 }
            var index = 0
            return AnyIterator {
                guard index < names.count else { return nil }
                defer { index += 1 }
                let name = names[index]
                let stem = stems[Self.stem(name)]! > 1 ? name : Self.stem(name)
                return BatchItem(index: index, id: name, input: path + "/" + name,
                                 output: outputDirectory + "/" + stem + "." + format.rawValue, options: ItemOptions(format: format))
            }
        case .manifest(let path):
            let reader = try LineReader(path: path)
            let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var index = 0
            return AnyIterator {
                while let line = reader.next() {
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                    defer { index += 1 }
                    return ManifestLine(bytes: line, number: reader.lineNumber, base: base, manifest: path).item(index: index)
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
            for line in try LineReader(path: path) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { count += 1 }
            return count
        }
    }

    static let familyExtensions = [".json", ".ged", ".gedcom"]

    /// The name without its family-file extension.
    static func stem(_ name: String) -> String {
        let lower = name.lowercased()
        guard let ext = familyExtensions.first(where: { lower.hasSuffix($0) }) else { return name }
        return String(name.dropLast(ext.count))
    }

    private func familyFiles(in path: String) throws(BatchError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).filter { name in
                let lower = name.lowercased()
                return Self.familyExtensions.contains { lower.hasSuffix($0) } && !name.hasPrefix(".")
            }.sorted()
        } catch {
            throw .unreadableSource(path: path, reason: "not a readable directory")
        }
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
        let place = "\(manifest):\(number)"
        func failed(_ message: String) -> BatchItem {
            BatchItem(index: index, id: place, input: "", output: "", problem: "\(place): \(message)")
        }
        let value: JSONValue
        do { value = try JSONParser(maximumDepth: 8).parse(bytes) } catch { return failed("invalid JSON: \(error.message)") }
        guard case .object = value else { return failed("expected an object {\"input\": ..., \"output\": ...}") }
        guard case .string(let input)? = value["input"], !input.isEmpty else { return failed("missing \"input\" path") }
        guard case .string(let output)? = value["output"], !output.isEmpty else { return failed("missing \"output\" path") }
        var options = ItemOptions()
        if let size = value["size"] {
            guard case .string(let text) = size, let parsed = PixelSize(text) else { return failed("\"size\" must be \"WxH\", e.g. \"256x192\"") }
            options.size = parsed
        }
        if let scale = value["scale"] {
            guard case .number(let number) = scale, number > 0, number <= 100 else { return failed("\"scale\" must be a number above 0, at most 100") }
            options.scale = number
        }
        if let format = value["format"] {
            guard case .string(let text) = format, let parsed = OutputFormat(rawValue: text.lowercased()) else {
                return failed("\"format\" must be png, pdf, svg or html")
            }
            options.format = parsed
        }
        var id = input
        if case .string(let given)? = value["id"] { id = given }
        return BatchItem(index: index, id: id, input: resolve(input), output: resolve(output), options: options)
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
    }
}
