/// The home person a GEDCOM file's header points at: the person its program opened on
/// (the "root", "home" or "start" person of the common desktop programs' exports).
enum HomePerson {
    /// Header tags that hold a pointer to the home person, first match wins: `_HOME`
    /// (Ancestral Quest, PAF-style), `_HOMEPERSON`, `_HOME_PERSON`, `_ROOT`, `_ROOTPERSON`,
    /// `_START`. Each must hold `@ID@`; other values are ignored.
    static let tags = ["_HOME", "_HOMEPERSON", "_HOME_PERSON", "_ROOT", "_ROOTPERSON", "_START"]

    /// The id (without at signs) the first of `tags` in `head` points at, if any.
    static func pointer(in head: GEDCOMNode) -> String? {
        for tag in tags {
            guard let value = head.child(tag)?.value?.trimmingSpaces else { continue }
            let bytes = Array(value.utf8)
            guard bytes.count > 2, bytes.first == UInt8(ascii: "@"), bytes.last == UInt8(ascii: "@") else { continue }
            return String(value.dropFirst().dropLast())
        }
        return nil
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
