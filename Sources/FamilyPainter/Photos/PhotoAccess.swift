import FamilyModel

#if canImport(Glibc)
import Glibc
#endif

/// Which photo files a painter may open (`--photos`).
public enum PhotoAccess: Equatable, Sendable {
    /// No photos at all.
    case none
    /// Only regular files inside `root` (the data file's folder), reached without
    /// following any symlink below it: for files from strangers.
    case local(root: String)
    /// Any readable regular file; `root`, when given, is only how messages shorten paths.
    case any(root: String?)

    /// What `policy` (`--photos`) allows for the photos of a data file in `folder` (nil for
    /// standard input): `local` without a folder allows none.
    public init(_ policy: PhotoPolicy, folder: String?) {
        switch policy {
        case .none: self = .none
        case .local: self = folder.map { .local(root: $0) } ?? .none
        case .any: self = .any(root: folder)
        }
    }

    /// The folder photo paths are relative to, if any.
    var root: String? {
        switch self {
        case .none: nil
        case .local(let root): root
        case .any(let root): root
        }
    }

    /// `path` as the data file wrote it: without the data file's folder it was joined to.
    func written(_ path: String) -> String {
        guard let root = root.map(Self.folder), !root.isEmpty, root != "./", path.hasPrefix(root) else {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        return String(path.dropFirst(root.count))
    }

    /// A folder path ending in `/` (`""` stays empty).
    static func folder(_ path: String) -> String { path.isEmpty || path.hasSuffix("/") ? path : path + "/" }
}
