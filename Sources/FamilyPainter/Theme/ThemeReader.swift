import FamilyModel

/// Reads a theme JSON file with the project's own JSON parser: every field optional,
/// unknown fields refused (a typo should not silently do nothing), colours `#RRGGBB`,
/// sizes within sane bounds.
struct ThemeReader {
    let path: String

    func read(_ bytes: [UInt8]) throws(ThemeError) -> Theme {
        let document: JSONValue
        do { document = try JSONParser().parse(bytes) } catch { throw .invalid(path: path, reason: "\(error)") }
        guard case .object(let members) = document else { throw .invalid(path: path, reason: "expected an object, found \(document.typeDescription)") }
        var theme = Theme.colour
        theme.name = path
        for member in members {
            let value = member.value
            switch member.key {
            case "name": theme.name = try string(value, "name")
            case "colourBy", "colorBy":
                let text = try string(value, member.key)
                guard let by = Theme.ColourBy(rawValue: text) else {
                    throw .invalid(path: path, reason: "\(member.key) must be gender, generation or lineage, got \"\(text)\"")
                }
                theme.colourBy = by
            case "background": theme.background = try colour(value, "background")
            case "line": theme.line = try colour(value, "line")
            case "crossLink": theme.crossLink = try colour(value, "crossLink")
            case "text": theme.text = try colour(value, "text")
            case "detailText": theme.detailText = try colour(value, "detailText")
            case "male": theme.male = try boxColours(value, "male")
            case "female": theme.female = try boxColours(value, "female")
            case "unknown": theme.unknown = try boxColours(value, "unknown")
            case "generations": theme.generations = try list(value, "generations")
            case "lineages": theme.lineages = try list(value, "lineages")
            case "font": theme.font = try string(value, "font")
            case "nameSize": theme.nameSize = try number(value, "nameSize", 4...40)
            case "detailSize": theme.detailSize = try number(value, "detailSize", 3...30)
            case "box":
                for field in try object(value, "box") {
                    switch field.key {
                    case "width": theme.boxWidth = try number(field.value, "box.width", 30...600)
                    case "height": theme.boxHeight = try number(field.value, "box.height", 16...400)
                    case "radius": theme.cornerRadius = try number(field.value, "box.radius", 0...100)
                    default: throw .invalid(path: path, reason: "unknown field box.\(field.key) (width, height, radius)")
                    }
                }
            case "lines":
                for field in try object(value, "lines") {
                    switch field.key {
                    case "connector": theme.connectorWidth = try number(field.value, "lines.connector", 0.1...10)
                    case "coupleBar": theme.coupleBarWidth = try number(field.value, "lines.coupleBar", 0.1...10)
                    case "outline": theme.outlineWidth = try number(field.value, "lines.outline", 0...10)
                    default: throw .invalid(path: path, reason: "unknown field lines.\(field.key) (connector, coupleBar, outline)")
                    }
                }
            case "dates": theme.dates = try dateWords(value)
            default:
                throw .invalid(path: path, reason: "unknown field \"\(member.key)\"")
            }
        }
        return theme
    }

    /// `"dates": {"about": "um {}", …}`: templates with as many `{}` as the field takes.
    private func dateWords(_ value: JSONValue) throws(ThemeError) -> DateWords {
        var words = DateWords.standard
        let fields = DateWords.fields
        for member in try object(value, "dates") {
            guard let field = fields.first(where: { $0.name == member.key }) else {
                throw .invalid(path: path, reason: "unknown field dates.\(member.key) (\(fields.map(\.name).joined(separator: ", ")))")
            }
            let text = try string(member.value, "dates.\(member.key)")
            guard DateWords.slots(in: text) == field.slots else {
                let expected = field.slots == 0 ? "no {}" : field.slots == 1 ? "one {} for the year" : "two {} for the years"
                throw .invalid(path: path, reason: "dates.\(member.key) must hold \(expected), got \"\(text)\"")
            }
            words[keyPath: field.path] = text
        }
        return words
    }

    private func string(_ value: JSONValue, _ field: String) throws(ThemeError) -> String {
        guard case .string(let text) = value else { throw .invalid(path: path, reason: "\(field) must be a string, found \(value.typeDescription)") }
        return text
    }

    private func number(_ value: JSONValue, _ field: String, _ range: ClosedRange<Double>) throws(ThemeError) -> Double {
        guard case .number(let n) = value, range.contains(n) else {
            throw .invalid(path: path, reason: "\(field) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    private func object(_ value: JSONValue, _ field: String) throws(ThemeError) -> [JSONMember] {
        guard case .object(let members) = value else { throw .invalid(path: path, reason: "\(field) must be an object, found \(value.typeDescription)") }
        return members
    }

    private func colour(_ value: JSONValue, _ field: String) throws(ThemeError) -> String {
        let text = try string(value, field)
        guard RGB(text) != nil else { throw .invalid(path: path, reason: "\(field) must be a colour like \"#3F72A6\", got \"\(text)\"") }
        return text
    }

    private func boxColours(_ value: JSONValue, _ field: String) throws(ThemeError) -> Theme.BoxColours {
        var result = Theme.BoxColours(fill: "#FFFFFF", outline: "#000000")
        for member in try object(value, field) {
            switch member.key {
            case "fill": result.fill = try colour(member.value, "\(field).fill")
            case "outline": result.outline = try colour(member.value, "\(field).outline")
            default: throw .invalid(path: path, reason: "unknown field \(field).\(member.key) (fill, outline)")
            }
        }
        return result
    }

    private func list(_ value: JSONValue, _ field: String) throws(ThemeError) -> [Theme.BoxColours] {
        guard case .array(let items) = value, !items.isEmpty else { throw .invalid(path: path, reason: "\(field) must be a non-empty array") }
        var result: [Theme.BoxColours] = []
        for (k, item) in items.enumerated() { result.append(try boxColours(item, "\(field)[\(k)]")) }
        return result
    }
}
