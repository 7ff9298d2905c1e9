/// Paths of outputs, taken apart as text (no `URL`: a batch asks for every item's folder,
/// and `URL(fileURLWithPath:)` looks up the working directory each time).
enum OutputPath {
    /// The folder `path` is in, as written: "." for a bare name, "/" for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }
}
