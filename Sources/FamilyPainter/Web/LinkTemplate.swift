import Foundation

/// A URL with `{id}` where each person's id goes (`https://example.org/person/{id}`):
/// every person's box links there — PDF link annotations, `<a>` in SVG, the details
/// panel's link in HTML. Ids are percent-encoded (RFC 3986: everything but unreserved
/// characters), so any id gives one well-formed URL.
public struct LinkTemplate: Equatable, Sendable {
    public let template: String

    /// Why a template cannot be used.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case missingPlaceholder
        case controlCharacter
        case unsafeScheme(String)

        public var description: String {
            switch self {
            case .missingPlaceholder: "the link template must contain {id}, where each person's id goes"
            case .controlCharacter: "the link template must not contain spaces or control characters"
            case .unsafeScheme(let scheme): "the link template must not use a \(scheme): URL (it would run code or carry data, not link)"
            }
        }
    }

    /// Checks `template`: it has `{id}`, no white space or control characters, and is no
    /// `javascript:`, `vbscript:` or `data:` URL.
    public init(_ template: String) throws(Problem) {
        guard template.contains("{id}") else { throw .missingPlaceholder }
        guard !template.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isWhitespace })
        else { throw .controlCharacter }
        if let colon = template.firstIndex(of: ":") {
            let scheme = template[..<colon].lowercased()
            if ["javascript", "vbscript", "data"].contains(scheme) { throw .unsafeScheme(scheme) }
        }
        self.template = template
    }

    /// The link of the person with `id`.
    public func url(for id: String) -> String {
        template.replacingOccurrences(of: "{id}", with: Self.percentEncoded(id))
    }

    /// `text` with every byte of its UTF-8 form outside `A–Z a–z 0–9 - . _ ~` as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
