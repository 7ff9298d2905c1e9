/// Which photo paths a family file may name (`--photos`).
public enum PhotoPolicy: String, CaseIterable, Sendable {
    /// No photos: every photo path is dropped.
    case none
    /// Only relative paths inside the data file's folder: no absolute path, no `..`, no
    /// URL, no drive letter (for files from strangers). The painter then opens them
    /// without following symlinks.
    case local
    /// Any path (relative ones are taken from the data file's folder).
    case any

    /// Why `path`, as a data file wrote it, may not be used under this policy; nil when
    /// it may. Decided from the text alone, so the answer never tells whether a file
    /// outside the folder exists.
    public func refusal(of path: String) -> String? {
        switch self {
        case .any: return nil
        case .none: return "photos are off (--photos none)"
        case .local:
            if path.hasPrefix("/") || path.hasPrefix("\\") { return "an absolute path (--photos local takes paths inside the data file's folder)" }
            if path.contains("://") || path.lowercased().hasPrefix("file:") { return "a URL (--photos local takes paths inside the data file's folder)" }
            if path.count >= 2, path.dropFirst().first == ":" { return "a drive path (--photos local takes paths inside the data file's folder)" }
            if path.unicodeScalars.contains(where: { $0.value < 0x20 }) { return "it holds control characters" }
            let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            if parts.contains("..") { return "it climbs out with '..' (--photos local takes paths inside the data file's folder)" }
            if parts.allSatisfy({ $0 == "." }) { return "not a file" }
            return nil
        }
    }
}

extension FamilyGraph {
    /// The family with photo paths allowed by `policy` joined to `folder` (the data file's
    /// folder; nil for standard input, where only `any` keeps relative paths as they are),
    /// and a warning for each photo dropped.
    public func applyingPhotoPolicy(_ policy: PhotoPolicy, folder: String?) -> (FamilyGraph, [ValidationWarning]) {
        guard persons.contains(where: { $0.photo != nil }) else { return (self, []) }
        var warnings: [ValidationWarning] = []
        var changed = persons
        for i in changed.indices {
            guard let photo = changed[i].photo else { continue }
            var reason = policy.refusal(of: photo)
            if reason == nil, policy == .local, folder == nil { reason = "no data file folder to take it from (standard input)" }
            if let reason {
                changed[i].photo = nil
                if policy != .none { warnings.append(.photoRefused(id: changed[i].id, path: photo, reason: reason)) }
            }
        }
        let graph = replacingPersons(changed)
        return (folder.map { graph.resolvingPhotoPaths(relativeTo: $0) } ?? graph, warnings)
    }
}
