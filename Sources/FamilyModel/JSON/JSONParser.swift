/// A strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// It is iterative, with an explicit stack, so deeply nested input cannot overflow the
/// call stack; nesting deeper than `maximumDepth` is refused with a clear error.
/// Strings must be valid UTF-8 and free of raw control characters (NUL included).
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted. The seed shape needs 4.
    public var maximumDepth: Int
    /// Most values (scalars, arrays, objects) accepted: counted while parsing, so a
    /// document far beyond what the caller can use is refused before it fills memory.
    public var maximumValues: Int

    public init(maximumDepth: Int = 512, maximumValues: Int = .max) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }

    /// Parses one JSON document.
    /// - Complexity: O(n) in the number of bytes.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        // The scanner reads through a buffer pointer: no bounds checks or reference
        // counting on each byte. It never outlives this call.
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var scanner = JSONScanner(bytes: buffer, maximumDepth: maximumDepth, maximumValues: maximumValues)
            return try scanner.document()
        }
    }
}

/// Reads JSON from bytes it does not own: a whole document (`document`), or piece by piece
/// for a reader that walks a known shape without building it (`SeedJSONDecoder`), with the
/// same rules and messages either way.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    let maximumValues: Int
    var values = 0
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, maximumValues: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // tolerate a UTF-8 BOM
    }

    /// Open containers, innermost last. Arrays and objects being filled live in stacks of
    /// their own and are appended to in place (an enum payload would be copied on every
    /// append, making large arrays quadratic).
    enum Container { case array, object }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        try refuseUTF16()
        let document = try value()
        try end()
        return document
    }

    /// Refuses UTF-16 input (a byte-order mark or a zero byte among the first two).
    func refuseUTF16() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || (bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0)) {
            throw failure("the input is UTF-16; FamilyChart reads JSON as UTF-8 (save the file as UTF-8)", at: 0)
        }
    }

    /// After the document's value: nothing but whitespace may follow.
    mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < bytes.count { throw failure("unexpected text after the JSON value") }
    }

    /// Counts a value starting at the next byte (after whitespace) and returns that byte:
    /// fails at the end of the input or beyond `maximumValues`.
    mutating func startValue() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard let byte = peek() else {
            throw failure(bytes.isEmpty || position == 0 ? "the input is empty" : "unexpected end of input")
        }
        values += 1
        if values > maximumValues { throw failure("more than \(maximumValues) values, the most this input may hold") }
        return byte
    }

    /// Enters the array or object whose bracket is the next byte, `depth` containers deep
    /// already; fails beyond `maximumDepth`. Leaves the position after the bracket and
    /// any whitespace.
    mutating func open(depth: Int) throws(JSONSyntaxError) {
        guard depth < maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
        position += 1
        skipWhitespace()
    }

    /// One value (whitespace before it skipped), inside `depth` open containers.
    mutating func value(depth: Int = 0) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if let byte = peek(), byte != UInt8(ascii: "["), byte != UInt8(ascii: "{") {  // a scalar: no stacks
            _ = try startValue()
            return try scalar()
        }
        return try nestedValue(depth: depth)
    }

    /// `value` for an array or object (or the end of the input): its members read with
    /// stacks of their own, not by recursion.
    private mutating func nestedValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var open: [Container] = []
        var arrays: [[JSONValue]] = []
        var objects: [[JSONMember]] = []
        var keys: [String] = []
        var value: JSONValue
        parsing: while true {
            // Read one value start: either a scalar (complete) or an opening bracket.
            let byte = try startValue()
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                try self.open(depth: depth + open.count)
                if byte == UInt8(ascii: "[") {
                    if peek() == UInt8(ascii: "]") { position += 1; value = .array([]) } else {
                        open.append(.array)
                        arrays.append([])
                        continue parsing
                    }
                } else {
                    if peek() == UInt8(ascii: "}") { position += 1; value = .object([]) } else {
                        keys.append(try memberKey())
                        open.append(.object)
                        // Room for a person's usual fields at once (grown from empty, an
                        // object of six members was reallocated three times).
                        var members: [JSONMember] = []
                        members.reserveCapacity(8)
                        objects.append(members)
                        continue parsing
                    }
                }
            default:
                value = try scalar()
            }
            // A value is complete: attach it to its container, closing as many as end here.
            while true {
                guard let top = open.last else { return value }
                switch top {
                case .array:
                    arrays[arrays.count - 1].append(value)
                    if try next(in: .array) { continue parsing }
                    value = .array(arrays.removeLast())
                case .object:
                    objects[objects.count - 1].append(JSONMember(key: keys.removeLast(), value: value))
                    if try next(in: .object) {
                        keys.append(try memberKey())
                        continue parsing
                    }
                    value = .object(objects.removeLast())
                }
                open.removeLast()
            }
        }
    }

    /// After a member of an open array or object: true after a comma (another member
    /// follows; for an object, whitespace is skipped to its key), false after the closing
    /// bracket.
    mutating func next(in container: Container) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        switch (peek(), container) {
        case (UInt8(ascii: ","), _):
            position += 1
            if container == .object { skipWhitespace() }
            return true
        case (UInt8(ascii: "]"), .array), (UInt8(ascii: "}"), .object):
            position += 1
            return false
        case (_, .array): throw failure("expected ',' or ']' in array")
        case (_, .object): throw failure("expected ',' or '}' in object")
        }
    }

    /// Reads `"key" :` and leaves the position at the member's value.
    mutating func memberKey() throws(JSONSyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key in object") }
        let key = try string()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after object key") }
        position += 1
        return key
    }

    mutating func scalar() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            if byte < 0x20 || byte >= 0x7F { throw failure("unexpected byte 0x\(String(byte, radix: 16)) where a value should start") }
            throw failure("unexpected character '\(Character(UnicodeScalar(byte)))' where a value should start")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard position + count <= bytes.count, bytes[position..<position + count].elementsEqual(expected) else {
            throw failure("invalid literal (expected \(word))")
        }
        position += count
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("invalid number") }
        position += 1
        if first != UInt8(ascii: "0") { while let b = peek(), isDigit(b) { position += 1 } }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let b = peek(), isDigit(b) else { throw failure("invalid number: digits expected after '.'") }
            while let b = peek(), isDigit(b) { position += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let b = peek(), isDigit(b) else { throw failure("invalid number: digits expected in exponent") }
            while let b = peek(), isDigit(b) { position += 1 }
        }
        // Whole numbers (ages, years, numeric ids) are added up digit by digit; others go
        // through Double's own parser.
        var whole: Int64 = 0
        var isWhole = position - start <= 15
        for k in start..<position where isWhole {
            let b = bytes[k]
            if isDigit(b) { whole = whole * 10 + Int64(b - UInt8(ascii: "0")) } else if !(k == start && b == UInt8(ascii: "-")) { isWhole = false }
        }
        if isWhole { return bytes[start] == UInt8(ascii: "-") ? -Double(whole) : Double(whole) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw failure("number out of range")
        }
        return value
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let quote = position
        position += 1
        let start = position
        // Fast path: no escapes.
        while let b = peek(), b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
            if b < 0x20 { throw failure(b == 0 ? "NUL byte inside a string" : "unescaped control character inside a string") }
            position += 1
        }
        guard let stop = peek() else {
            position = quote
            throw failure("unterminated string")
        }
        if stop == UInt8(ascii: "\"") {
            let text = try utf8(start, position)
            position += 1
            return text
        }
        var result = try utf8(start, position)
        while true {
            guard let b = peek() else {
                position = quote
                throw failure("unterminated string")
            }
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                return result
            case UInt8(ascii: "\\"):
                position += 1
                result.unicodeScalars.append(try escape())
            default:
                let runStart = position
                while let c = peek(), c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") {
                    if c < 0x20 { throw failure(c == 0 ? "NUL byte inside a string" : "unescaped control character inside a string") }
                    position += 1
                }
                result += try utf8(runStart, position)
            }
        }
    }

    mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let b = peek() else { throw failure("unterminated escape") }
        position += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if high == 0 {  // refused like a raw NUL: it would cut the text short further on
                position -= 6
                throw failure("\\u0000 (NUL) inside a string")
            }
            if (0xD800..<0xDC00).contains(high) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                position += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
            return scalar
        default:
            position -= 2
            if b < 0x20 || b >= 0x7F { throw failure("invalid escape: a backslash before byte 0x\(String(b, radix: 16))") }
            throw failure("invalid escape '\\\(Character(UnicodeScalar(b)))'")
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek() else { throw failure("unterminated \\u escape") }
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Decodes `bytes[start..<end]`, refusing invalid UTF-8 (reported at the run's first byte).
    func utf8(_ start: Int, _ end: Int) throws(JSONSyntaxError) -> String {
        let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // ASCII (ids, most names) cannot be invalid: skip validation (String(validating:)
        // is several times slower than String(decoding:) on ASCII).
        let text = run.allSatisfy({ $0 < 0x80 }) ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
        guard let text else { throw failure("invalid UTF-8 in string", at: start) }
        return text
    }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 }
    }

    func failure(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let at = min(offset ?? position, bytes.count)
        let message = at == bytes.count && !message.contains("end of input") && !bytes.isEmpty
            ? "unexpected end of input (\(message))" : message
        var line = 1
        var lineStart = 0
        for index in 0..<at where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(line: line, column: at - lineStart + 1, message: message)
    }
}
