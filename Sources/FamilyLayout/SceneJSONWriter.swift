/// Writes a scene as compact JSON with sorted keys: the same scene always gives the same
/// bytes, and `JSONDecoder` reads it back as an equal `Scene`. Hand-written because it is
/// on the hot path of `familychart layout` (about 15× faster than `JSONEncoder` here).
public struct SceneJSONWriter {
    public init() {}

    /// - Complexity: O(size of the output).
    public func write(_ scene: Scene) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + scene.persons.count * 150 + scene.connectors.count * 120)
        out.append(contentsOf: #"{"connectors":["#.utf8)
        for (i, connector) in scene.connectors.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"child":"#.utf8)
            string(connector.child, &out)
            out.append(contentsOf: #","childBox":"#.utf8)
            integer(Int64(connector.childBox), &out)
            if connector.crossLink { out.append(contentsOf: #","crossLink":true"#.utf8) }
            if connector.link != .birth {
                out.append(contentsOf: #","link":""#.utf8)
                out.append(contentsOf: connector.link.rawValue.utf8)
                out.append(UInt8(ascii: "\""))
            }
            out.append(contentsOf: #","parentBoxes":"#.utf8)
            integers(connector.parentBoxes, &out)
            out.append(contentsOf: #","parents":"#.utf8)
            strings(connector.parents, &out)
            out.append(contentsOf: #","points":"#.utf8)
            points(connector.points, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"coupleBars":["#.utf8)
        for (i, bar) in scene.coupleBars.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"boxes":"#.utf8)
            integers(bar.boxes, &out)
            if bar.isDivorced { out.append(contentsOf: #","divorced":true"#.utf8) }
            out.append(contentsOf: #","hang":"#.utf8)
            point(bar.hang, &out)
            out.append(contentsOf: #","ids":"#.utf8)
            strings(bar.ids, &out)
            out.append(contentsOf: #","points":"#.utf8)
            points(bar.points, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"height":"#.utf8)
        number(scene.height, &out)
        out.append(contentsOf: #","persons":["#.utf8)
        for (i, box) in scene.persons.enumerated() {
            out.append(contentsOf: i == 0 ? "{".utf8 : ",{".utf8)
            if let detail = box.detail {
                out.append(contentsOf: #""detail":"#.utf8)
                string(detail, &out)
                out.append(UInt8(ascii: ","))
            }
            out.append(contentsOf: #""gender":""#.utf8)
            out.append(contentsOf: box.gender.rawValue.utf8)
            out.append(contentsOf: #"","generation":"#.utf8)
            integer(Int64(box.generation), &out)
            field("height", box.height, &out)
            out.append(contentsOf: #","id":"#.utf8)
            string(box.id, &out)
            if let lineage = box.lineage {
                out.append(contentsOf: #","lineage":"#.utf8)
                integer(Int64(lineage), &out)
            }
            out.append(contentsOf: #","name":"#.utf8)
            string(box.name, &out)
            if let photo = box.photo {
                out.append(contentsOf: #","photo":"#.utf8)
                string(photo, &out)
            }
            if box.isReference { out.append(contentsOf: #","reference":true"#.utf8) }
            if let second = box.secondName {
                out.append(contentsOf: #","secondName":"#.utf8)
                string(second, &out)
            }
            if box.references > 0 {
                out.append(contentsOf: #","references":"#.utf8)
                integer(Int64(box.references), &out)
            }
            field("width", box.width, &out)
            field("x", box.x, &out)
            field("y", box.y, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"width":"#.utf8)
        number(scene.width, &out)
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    private func field(_ name: StaticString, _ value: Double, _ out: inout [UInt8]) {
        out.append(contentsOf: ",\"".utf8)
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: "\":".utf8)
        number(value, &out)
    }

    /// Whole numbers without a fraction, numbers with at most three decimals (what
    /// layouts make: halves, quarters, thousandths of a point) written digit by digit, any
    /// other in Swift's shortest round-trip form; a value that is not finite (which a
    /// scene never holds) as `null`, so the output stays valid JSON whatever happens.
    /// Every form reads back as the same `Double`.
    private func number(_ value: Double, _ out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value), &out)
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
            integer(k / 1000, &out)
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
        out.append(contentsOf: value.description.utf8)
    }

    /// Decimal digits of an integer, without going through `String`.
    private func integer(_ value: Int64, _ out: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private func point(_ point: Point, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        number(point.x, &out)
        out.append(UInt8(ascii: ","))
        number(point.y, &out)
        out.append(UInt8(ascii: "]"))
    }

    private func points(_ points: [Point], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (k, p) in points.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            point(p, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func integers(_ values: [Int], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            integer(Int64(value), &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func strings(_ values: [String], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            string(value, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func string(_ value: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Copy runs that need no escaping in one go.
            var runStart = 0
            for (k, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
                runStart = k + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                case 0x09: out.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: #"\u00"#.utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
