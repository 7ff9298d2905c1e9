/// Writes a scene as compact JSON with sorted keys: the same scene always gives the same
/// bytes, and `JSONDecoder` reads it back as an equal `Scene`. Hand-written because it is
/// on the hot path of `familychart layout` (about 15× faster than `JSONEncoder` here).
public struct SceneJSONWriter {
    public init() {}

    /// - Complexity: O(size of the output).
    public func write(_ scene: Scene) -> [UInt8] {
        let out = ByteSink()
        out.append(#"{"chart":""#)
        out.append(scene.chart.rawValue)
        out.append(UInt8(ascii: "\""))
        if !scene.colourKey.isEmpty {
            out.append(#","colourKey":["#)
            for (i, key) in scene.colourKey.enumerated() {
                out.append(i == 0 ? "{" : ",{")
                out.append(#""fill":"#)
                string(key.fill, out)
                out.append(#","label":"#)
                string(key.label, out)
                if let mark = key.mark {
                    out.append(#","mark":"#)
                    string(mark, out)
                }
                out.append(#","outline":"#)
                string(key.outline, out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(#","connectors":["#)
        for (i, connector) in scene.connectors.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"child":"#)
            string(connector.child, out)
            out.append(#","childBox":"#)
            out.appendDecimal(Int64(connector.childBox))
            if connector.crossLink { out.append(#","crossLink":true"#) }
            if connector.link != .birth {
                out.append(#","link":""#)
                out.append(connector.link.rawValue)
                out.append(UInt8(ascii: "\""))
            }
            out.append(#","parentBoxes":"#)
            integers(connector.parentBoxes, out)
            out.append(#","parents":"#)
            strings(connector.parents, out)
            out.append(#","points":"#)
            points(connector.points, out)
            if connector.style != .link {
                out.append(#","style":""#)
                out.append(connector.style.rawValue)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(#"],"coupleBars":["#)
        for (i, bar) in scene.coupleBars.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"boxes":"#)
            integers(bar.boxes, out)
            if bar.isDivorced { out.append(#","divorced":true"#) }
            out.append(#","hang":"#)
            point(bar.hang, out)
            out.append(#","ids":"#)
            strings(bar.ids, out)
            if let label = bar.label {
                out.append(#","label":{"height":"#)
                number(label.height, out)
                out.append(#","text":"#)
                string(label.text, out)
                field("width", label.width, out)
                field("x", label.x, out)
                field("y", label.y, out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(#","points":"#)
            points(bar.points, out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(#"],"format":"#)
        out.appendDecimal(Int64(scene.format))
        out.append(#","height":"#)
        number(scene.height, out)
        if !scene.partFrames.isEmpty {
            out.append(#","partFrames":["#)
            for (i, frame) in scene.partFrames.enumerated() {
                out.append(i == 0 ? "{" : ",{")
                out.append(#""height":"#)
                number(frame.height, out)
                out.append(#","part":"#)
                out.appendDecimal(Int64(frame.part))
                field("width", frame.width, out)
                field("x", frame.x, out)
                field("y", frame.y, out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(#","persons":["#)
        for (i, box) in scene.persons.enumerated() {
            out.append(i == 0 ? "{" : ",{")
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
            out.append(#""gender":""#)
            out.append(box.gender.rawValue)
            out.append(#"","generation":"#)
            out.appendDecimal(Int64(box.generation))
            if let given = box.givenNames {
                out.append(#","givenNames":["#)
                out.appendDecimal(Int64(given.start))
                out.append(UInt8(ascii: ","))
                out.appendDecimal(Int64(given.end))
                out.append(UInt8(ascii: "]"))
            }
            field("height", box.height, out)
            out.append(#","id":"#)
            string(box.id, out)
            if let lineage = box.lineage {
                out.append(#","lineage":"#)
                out.appendDecimal(Int64(lineage))
            }
            if !box.lines.isEmpty {
                out.append(#","lines":"#)
                strings(box.lines, out)
            }
            if let mark = box.mark {
                out.append(#","mark":"#)
                string(mark, out)
            }
            out.append(#","name":"#)
            string(box.name, out)
            if let outline = box.outline {
                out.append(#","outline":"#)
                string(outline, out)
            }
            out.append(#","part":"#)
            out.appendDecimal(Int64(box.part))
            if let photo = box.photo {
                out.append(#","photo":"#)
                string(photo, out)
            }
            if let reason = box.referenceReason {
                out.append(#","reason":""#)
                out.append(reason.rawValue)
                out.append(UInt8(ascii: "\""))
            }
            if box.isReference { out.append(#","reference":true"#) }
            if let second = box.secondName {
                out.append(#","secondName":"#)
                string(second, out)
            }
            if box.references > 0 {
                out.append(#","references":"#)
                out.appendDecimal(Int64(box.references))
            }
            if let sosa = box.sosa {
                out.append(#","sosa":"#)
                string(sosa, out)
            }
            if let wedge = box.wedge {
                out.append(#","wedge":"#)
                out.appendDecimal(Int64(wedge))
            }
            field("width", box.width, out)
            field("x", box.x, out)
            field("y", box.y, out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if !scene.rowLabels.isEmpty {
            out.append(#","rowLabels":["#)
            for (i, label) in scene.rowLabels.enumerated() {
                out.append(i == 0 ? "{" : ",{")
                out.append(#""generation":"#)
                out.appendDecimal(Int64(label.generation))
                field("height", label.height, out)
                out.append(#","part":"#)
                out.appendDecimal(Int64(label.part))
                out.append(#","text":"#)
                string(label.text, out)
                field("width", label.width, out)
                field("x", label.x, out)
                field("y", label.y, out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        if !scene.texts.isEmpty { texts(scene.texts, out) }
        if !scene.wedges.isEmpty { wedges(scene.wedges, out) }
        out.append(#","width":"#)
        number(scene.width, out)
        out.append("}\n")
        return out.takeBytes()
    }

    /// `,"texts":[…]`, keys sorted as `JSONEncoder` sorts them.
    private func texts(_ texts: [SceneText], _ out: ByteSink) {
        out.append(#","texts":["#)
        for (i, text) in texts.enumerated() {
            out.append(i == 0 ? "{" : ",{")
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
            out.append(#","text":"#)
            string(text.text, out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `,"wedges":[…]`, keys sorted as `JSONEncoder` sorts them.
    private func wedges(_ wedges: [Wedge], _ out: ByteSink) {
        out.append(#","wedges":["#)
        for (i, wedge) in wedges.enumerated() {
            out.append(i == 0 ? #"{"center":"# : #",{"center":"#)
            point(wedge.center, out)
            field("end", wedge.endAngle, out)
            out.append(#","fill":"#)
            string(wedge.fill.text, out)
            field("inner", wedge.innerRadius, out)
            field("outer", wedge.outerRadius, out)
            out.append(#","outline":""#)
            out.append(wedge.outline.rawValue)
            out.append(UInt8(ascii: "\""))
            if let person = wedge.person {
                out.append(#","person":"#)
                string(person, out)
            }
            field("start", wedge.startAngle, out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    private func field(_ name: StaticString, _ value: Double, _ out: ByteSink) {
        out.append(",\"")
        out.append(name)
        out.append("\":")
        number(value, out)
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

    private func points(_ points: [Point], _ out: ByteSink) {
        out.append(UInt8(ascii: "["))
        for (k, p) in points.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            point(p, out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func integers(_ values: [Int], _ out: ByteSink) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.appendDecimal(Int64(value))
        }
        out.append(UInt8(ascii: "]"))
    }

    private func strings(_ values: [String], _ out: ByteSink) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            string(value, out)
        }
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
