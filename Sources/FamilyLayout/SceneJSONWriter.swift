/// Writes a scene as compact JSON with sorted keys: the same scene always gives the same
/// bytes, and `JSONDecoder` reads it back as an equal `Scene`. Hand-written because it is
/// on the hot path of `familychart layout` (about 15× faster than `JSONEncoder` here).
public struct SceneJSONWriter {
    public init() {}

    /// Scenes of at least this many boxes and lines are written in two halves at once: the
    /// fields before `persons` on the calling thread, `persons` and the rest on another.
    public static let twoThreadsFrom = 20_000
    /// `twoThreadsFrom`, or another for tests (0: always two threads).
    public var twoThreadsFromSize = SceneJSONWriter.twoThreadsFrom

    /// - Complexity: O(size of the output).
    public func write(_ scene: Scene) -> [UInt8] {
        guard scene.persons.count + scene.connectors.count + scene.coupleBars.count >= twoThreadsFromSize else {
            let out = ByteSink()  // one sink, in turn: no second sink's chunk to make and move
            writeFieldsBeforePersons(scene, out)
            writeFieldsFromPersons(scene, out)
            return out.takeBytes()
        }
        // Both halves only read the scene; the second's bytes follow the first's, moved
        // without a copy, so the output is the one thread's.
        let (out, rest) = sideBySide({
            let out = ByteSink()
            writeFieldsBeforePersons(scene, out)
            return out
        }, {
            let out = ByteSink()
            writeFieldsFromPersons(scene, out)
            return out
        })
        out.append(contentsOf: rest)
        return out.takeBytes()
    }

    /// The object's opening and its fields in key order up to `persons` (not included).
    private func writeFieldsBeforePersons(_ scene: Scene, _ out: ByteSink) {
        out.append(#"{"chart":""#)
        out.append(scene.chart.rawValue)
        out.append(UInt8(ascii: "\""))
        if !scene.colourKey.isEmpty {
            objects("colourKey", scene.colourKey, out) { key in
                out.append(#""fill":"#)
                string(key.fill, out)
                field("label", key.label, out)
                if let mark = key.mark { field("mark", mark, out) }
                field("outline", key.outline, out)
            }
        }
        objects("connectors", scene.connectors, out) { connector in
            out.append(#""child":"#)
            string(connector.child, out)
            field("childBox", connector.childBox, out)
            if connector.crossLink { out.append(#","crossLink":true"#) }
            if connector.link != .birth { field("link", connector.link.rawValue, out) }
            field("parentBoxes", connector.parentBoxes, out) { out.appendDecimal(Int64($0)) }
            field("parents", connector.parents, out) { string($0, out) }
            field("points", connector.points, out) { point($0, out) }
            if connector.style != .link { field("style", connector.style.rawValue, out) }
        }
        objects("coupleBars", scene.coupleBars, out) { bar in
            out.append(#""boxes":"#)
            array(bar.boxes, out) { out.appendDecimal(Int64($0)) }
            if bar.isDivorced { out.append(#","divorced":true"#) }
            out.append(#","hang":"#)
            point(bar.hang, out)
            field("ids", bar.ids, out) { string($0, out) }
            if let label = bar.label {
                out.append(#","label":{"height":"#)
                number(label.height, out)
                field("text", label.text, out)
                field("width", label.width, out)
                field("x", label.x, out)
                field("y", label.y, out)
                out.append(UInt8(ascii: "}"))
            }
            field("points", bar.points, out) { point($0, out) }
        }
        field("format", scene.format, out)
        if scene.hangReach > 0 { field("hangReach", scene.hangReach, out) }
        field("height", scene.height, out)
        if !scene.leafStacks.isEmpty {
            objects("leafStacks", scene.leafStacks, out) { stack in
                out.append(#""boxes":"#)
                array(stack.boxes, out) { out.appendDecimal(Int64($0)) }
                field("spine", stack.spine, out)
            }
        }
        if !scene.partFrames.isEmpty {
            objects("partFrames", scene.partFrames, out) { frame in
                out.append(#""height":"#)
                number(frame.height, out)
                field("part", frame.part, out)
                field("width", frame.width, out)
                field("x", frame.x, out)
                field("y", frame.y, out)
            }
        }
    }

    /// The fields from `persons` on, in key order, and the object's end.
    private func writeFieldsFromPersons(_ scene: Scene, _ out: ByteSink) {
        objects("persons", scene.persons, out) { person($0, out) }
        if !scene.rowLabels.isEmpty {
            objects("rowLabels", scene.rowLabels, out) { label in
                out.append(#""generation":"#)
                out.appendDecimal(Int64(label.generation))
                field("height", label.height, out)
                field("part", label.part, out)
                field("text", label.text, out)
                field("width", label.width, out)
                field("x", label.x, out)
                field("y", label.y, out)
            }
        }
        if !scene.squeezedParts.isEmpty { field("squeezedParts", scene.squeezedParts, out) { out.appendDecimal(Int64($0)) } }
        if !scene.texts.isEmpty { objects("texts", scene.texts, out) { text($0, out) } }
        if !scene.wedges.isEmpty { objects("wedges", scene.wedges, out) { wedge($0, out) } }
        field("width", scene.width, out)
        out.append("}\n")
    }

    /// A person box's fields, keys sorted as `JSONEncoder` sorts them (optional ones only when set).
    private func person(_ box: PersonBox, _ out: ByteSink) {
        if let detail = box.detail {
            out.append(#""detail":"#)
            string(detail, out)
            out.append(UInt8(ascii: ","))
        }
        if let fill = box.fill {
            out.append(#""fill":"#)
            string(fill, out)
            out.append(UInt8(ascii: ","))
        }
        out.append(#""gender":"#)
        string(box.gender.rawValue, out)
        field("generation", box.generation, out)
        if let given = box.givenNames { field("givenNames", [given.start, given.end], out) { out.appendDecimal(Int64($0)) } }
        field("height", box.height, out)
        field("id", box.id, out)
        if let lineage = box.lineage { field("lineage", lineage, out) }
        if !box.lines.isEmpty { field("lines", box.lines, out) { string($0, out) } }
        if let mark = box.mark { field("mark", mark, out) }
        field("name", box.name, out)
        if let outline = box.outline { field("outline", outline, out) }
        field("part", box.part, out)
        if let photo = box.photo { field("photo", photo, out) }
        if let reason = box.referenceReason { field("reason", reason.rawValue, out) }
        if box.isReference { out.append(#","reference":true"#) }
        if let second = box.secondName { field("secondName", second, out) }
        if box.references > 0 { field("references", box.references, out) }
        if let sosa = box.sosa { field("sosa", sosa, out) }
        if let wedge = box.wedge { field("wedge", wedge, out) }
        field("width", box.width, out)
        field("x", box.x, out)
        field("y", box.y, out)
    }

    /// A text's fields, keys sorted as `JSONEncoder` sorts them.
    private func text(_ text: SceneText, _ out: ByteSink) {
        switch text.path {
        case .arc(let center, let radius, let angle, let clockwise):
            out.append(#""arc":{"angle":"#)
            number(angle, out)
            out.append(#","center":"#)
            point(center, out)
            out.append(clockwise ? #","clockwise":true"# : #","clockwise":false"#)
            field("radius", radius, out)
            out.append("},")
        case .line: break
        }
        if text.bold { out.append(#""bold":true,"#) }
        if case .line(let at, let angle) = text.path {
            out.append(#""line":{"angle":"#)
            number(angle, out)
            out.append(#","at":"#)
            point(at, out)
            out.append("},")
        }
        if let person = text.person {
            out.append(#""person":"#)
            string(person, out)
            out.append(UInt8(ascii: ","))
        }
        out.append(#""size":"#)
        number(text.size, out)
        field("text", text.text, out)
    }

    /// A wedge's fields, keys sorted as `JSONEncoder` sorts them.
    private func wedge(_ wedge: Wedge, _ out: ByteSink) {
        out.append(#""center":"#)
        point(wedge.center, out)
        field("end", wedge.endAngle, out)
        field("fill", wedge.fill.text, out)
        field("inner", wedge.innerRadius, out)
        field("outer", wedge.outerRadius, out)
        field("outline", wedge.outline.rawValue, out)
        if let person = wedge.person { field("person", person, out) }
        field("start", wedge.startAngle, out)
    }

    // MARK: Pieces

    /// `,"name":[{…},{…}]`: each element's fields written by `fields` between its braces.
    private func objects<Element>(_ name: StaticString, _ elements: [Element], _ out: ByteSink, fields: (Element) -> Void) {
        key(name, out)
        out.append(UInt8(ascii: "["))
        for (i, element) in elements.enumerated() {
            out.append(i == 0 ? "{" : ",{")
            fields(element)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `[a,b,…]`, each element written by `element`.
    private func array<Element>(_ values: [Element], _ out: ByteSink, element: (Element) -> Void) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            element(value)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `,"name":`
    private func key(_ name: StaticString, _ out: ByteSink) {
        out.append(",\"")
        out.append(name)
        out.append("\":")
    }

    private func field(_ name: StaticString, _ value: Double, _ out: ByteSink) {
        key(name, out)
        number(value, out)
    }

    private func field(_ name: StaticString, _ value: Int, _ out: ByteSink) {
        key(name, out)
        out.appendDecimal(Int64(value))
    }

    private func field(_ name: StaticString, _ value: String, _ out: ByteSink) {
        key(name, out)
        string(value, out)
    }

    private func field<Element>(_ name: StaticString, _ values: [Element], _ out: ByteSink, element: (Element) -> Void) {
        key(name, out)
        array(values, out, element: element)
    }

    /// Whole numbers without a fraction, numbers with at most three decimals (what
    /// layouts make: halves, quarters, thousandths of a point) written digit by digit, any
    /// other in Swift's shortest round-trip form; a value that is not finite (which a
    /// scene never holds) as `null`, so the output stays valid JSON whatever happens.
    /// Every form reads back as the same `Double`.
    private func number(_ value: Double, _ out: ByteSink) {
        guard value.isFinite else {
            out.append("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            out.appendDecimal(Int64(value))
            return
        }
        let thousandths = (value * 1000).rounded()
        if abs(thousandths) < 1e15, thousandths / 1000 == value {
            // k / 1000 correctly rounded is `value`, and so is reading the decimal k / 1000 back.
            var k = Int64(thousandths)
            if k < 0 {
                out.append(UInt8(ascii: "-"))
                k = -k
            }
            out.appendDecimal(k / 1000)
            out.append(UInt8(ascii: "."))
            var fraction = k % 1000
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            var divisor: Int64 = digits == 3 ? 100 : digits == 2 ? 10 : 1
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
            return
        }
        out.append(value.description)
    }

    private func point(_ point: Point, _ out: ByteSink) {
        out.append(UInt8(ascii: "["))
        number(point.x, out)
        out.append(UInt8(ascii: ","))
        number(point.y, out)
        out.append(UInt8(ascii: "]"))
    }

    private func string(_ value: String, _ out: ByteSink) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Copy runs that need no escaping in one go.
            var runStart = 0
            for (k, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
                runStart = k + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(#"\""#)
                case UInt8(ascii: "\\"): out.append(#"\\"#)
                case 0x0A: out.append(#"\n"#)
                case 0x0D: out.append(#"\r"#)
                case 0x09: out.append(#"\t"#)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(#"\u00"#)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
