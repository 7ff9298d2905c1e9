#if canImport(Glibc)
import Glibc
#endif
import FamilyModel

/// Which entry of a batch claimed each output file first, so that two items never write
/// one file (nor an item the report). Paths are compared after resolving their folder
/// (`out/./a.png`, `link-to-out/a.png` and `/abs/out/a.png` are one file); each claim
/// keeps 16 bytes (a 64-bit FNV-1a hash of the resolved path and the claimant), so a
/// manifest of millions of lines stays small. Not thread-safe: the source is read under
/// one lock.
final class OutputClaims {
    /// Who claimed an output: a source entry (its 1-based line or position) or the report.
    enum Claimant: Equatable {
        case entry(Int)
        case report
    }

    private var claims: [UInt64: Int] = [:]  // -1 is the report
    private var lastFolder: (given: String, resolved: String)?
    private let workingDirectory: String

    init() {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        workingDirectory = getcwd(&buffer, buffer.count) != nil ? String(nulTerminated: buffer) : "/"
    }

    /// Claims `path` for `claimant`; returns the earlier claimant when it is taken.
    func claim(_ path: String, by claimant: Claimant) -> Claimant? {
        let key = Self.hash(resolved(path))
        if let earlier = claims[key] { return earlier < 0 ? .report : .entry(earlier) }
        switch claimant {
        case .entry(let number): claims[key] = number
        case .report: claims[key] = -1
        }
        return nil
    }

    /// `path` with its folder resolved (symlinks, `.`, `..`), or normalised by hand when
    /// the folder does not exist yet.
    func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let slash = absolute.lastIndex(of: "/")!
        let folder = String(absolute[..<slash])
        let name = String(absolute[absolute.index(after: slash)...])
        if let last = lastFolder, last.given == folder { return last.resolved + "/" + name }
        let resolvedFolder = Self.resolvedFolder(Self.normalised(folder))
        lastFolder = (folder, resolvedFolder == "/" ? "" : resolvedFolder)
        return lastFolder!.resolved + "/" + name
    }

    /// `folder` (absolute, normalised) with its longest existing part resolved by
    /// `realpath`, so a folder the batch has yet to create resolves the same before and after.
    static func resolvedFolder(_ folder: String) -> String {
        var existing = folder
        var rest: [Substring] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let head = String(cString: real)
                return rest.isEmpty ? head : (head == "/" ? "" : head) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return folder }
            rest.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// An absolute path without `.`, `..` and repeated slashes.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
