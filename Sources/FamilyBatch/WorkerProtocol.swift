import FamilyLayout
import FamilyModel
import FamilyPainter

/// What a batch sends a worker process and gets back: one JSON object a line each way.
///
///     → {"index": 3, "id": "…", "input": "…", "output": "…", "size": "256x256", "scale": 2, "format": "png",
///        "chart": "ancestors", "focus": "I1", "to": "I2", "view": "auto"}
///     ← {"status": "ok", "message": "…", "persons": 57, "warnings": 0, "seconds": 0.012}
enum WorkerProtocol {
    static func encode(_ item: BatchItem) -> [UInt8] {
        var fields = [#""index": \#(item.index)"#, #""id": \#(JSONString.quote(item.id))"#,
                      #""input": \#(JSONString.quote(item.input))"#, #""output": \#(JSONString.quote(item.output))"#]
        if let size = item.options.size { fields.append(#""size": "\#(size)""#) }
        if let scale = item.options.scale { fields.append(#""scale": \#(scale)"#) }
        if let format = item.options.format { fields.append(#""format": "\#(format.rawValue)""#) }
        if let chart = item.options.chart { fields.append(#""chart": "\#(chart.rawValue)""#) }
        if let focus = item.options.focus { fields.append(#""focus": \#(JSONString.quote(focus))"#) }
        if let to = item.options.to { fields.append(#""to": \#(JSONString.quote(to))"#) }
        if let view = item.options.view { fields.append(#""view": "\#(view.rawValue)""#) }
        return Array(("{" + fields.joined(separator: ", ") + "}\n").utf8)
    }

    static func decodeItem(_ line: [UInt8]) -> BatchItem? {
        guard let value = try? JSONParser(maximumDepth: 4).parse(line), case .object = value,
              case .number(let index)? = value["index"], case .string(let id)? = value["id"],
              case .string(let input)? = value["input"], case .string(let output)? = value["output"] else { return nil }
        var options = ItemOptions()
        if case .string(let size)? = value["size"] { options.size = PixelSize(size) }
        if case .number(let scale)? = value["scale"] { options.scale = scale }
        if case .string(let format)? = value["format"] { options.format = OutputFormat(rawValue: format) }
        if case .string(let chart)? = value["chart"] { options.chart = ChartKind(rawValue: chart) }
        if case .string(let focus)? = value["focus"] { options.focus = focus }
        if case .string(let to)? = value["to"] { options.to = to }
        if case .string(let view)? = value["view"] { options.view = ThumbnailView(rawValue: view) }
        return BatchItem(index: Int(index), id: id, input: input, output: output, options: options)
    }

    static func encode(_ result: BatchResult) -> [UInt8] {
        var fields = [#""status": "\#(result.status.rawValue)""#]
        if let message = result.message { fields.append(#""message": \#(JSONString.quote(message))"#) }
        if let persons = result.persons { fields.append(#""persons": \#(persons)"#) }
        fields.append(#""warnings": \#(result.warnings)"#)
        fields.append(#""seconds": \#(result.seconds)"#)
        return Array(("{" + fields.joined(separator: ", ") + "}\n").utf8)
    }

    /// The result of `item` a worker reported, or nil when the line is not one.
    static func decodeResult(_ line: [UInt8], for item: BatchItem) -> BatchResult? {
        guard let value = try? JSONParser(maximumDepth: 4).parse(line), case .object = value,
              case .string(let text)? = value["status"], let status = BatchResult.Status(rawValue: text) else { return nil }
        var result = BatchResult(item: item, status: status)
        if case .string(let message)? = value["message"] { result.message = message }
        if case .number(let persons)? = value["persons"] { result.persons = Int(persons) }
        if case .number(let warnings)? = value["warnings"] { result.warnings = Int(warnings) }
        if case .number(let seconds)? = value["seconds"] { result.seconds = seconds }
        return result
    }
}
