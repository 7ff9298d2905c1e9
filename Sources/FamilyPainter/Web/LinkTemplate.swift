import FoundationEssentials

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
            case .unsafeScheme(let scheme): "the link template must not use a \(scheme): URL (only http, https, mailto and relative links)"
            }
        }
    }

    /// The schemes a link may have; any other (`javascript:`, `data:`, `file:`…) is refused.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Checks `template`: it has `{id}`, no white space or control characters, and, where
    /// its scheme does not depend on the id, an `http:`, `https:` or `mailto:` URL or a
    /// relative one.
    public init(_ template: String) throws(Problem) {
        guard template.contains("{id}") else { throw .missingPlaceholder }
        guard !template.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isWhitespace })
        else { throw .controlCharacter }
        if let scheme = Self.scheme(of: template), !scheme.contains("{"), !Self.allowedSchemes.contains(scheme) { throw .unsafeScheme(scheme) }
        self.template = template
    }

    /// The link of the person with `id`, or nil when the id would make it a link of another
    /// scheme (`{id}:…` with the id `javascript`): the scheme is checked after `{id}` is
    /// put in, wherever it stands.
    public func url(for id: String) -> String? {
        let url = template.replacing("{id}", with: Self.percentEncoded(id))
        if let scheme = Self.scheme(of: url), !Self.allowedSchemes.contains(scheme) { return nil }
        return url
    }

    /// A URL's scheme in lower case (the letters before the first `:` when no `/`, `?` or
    /// `#` comes first, as a browser reads it), or nil for a relative link.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(where: { ":/?#".contains($0) }), url[colon] == ":" else { return nil }
        return url[..<colon].lowercased()
    }

    /// `url` as a PDF link annotation can carry it whatever Cairo writes: `(`, `)` and `\`
    /// (which Cairo 1.16 copies raw into the PDF's `/URI (…)` string, where a `)` ends it
    /// and lets the rest add keys) and every non-ASCII byte percent-encoded.
    public static func pdfSafe(_ url: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"), 0x80...0xFF, 0...0x20, 0x7F:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
