import FamilyModel
import Foundation

/// Whether a finished output is already in place, for `--skip-existing`. Outputs are
/// renamed into place only when complete, but a file could still have been cut short by
/// something else (a copy, a full disk on another tool), so the file's own end marker is
/// checked rather than trusting its existence (PNG `IEND`, PDF `%%EOF`, SVG `</svg>`, HTML
/// `</html>`).
enum CompleteOutput {
    static func exists(at path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= 8 else { return false }
        try? handle.seek(toOffset: 0)
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        try? handle.seek(toOffset: size > 1024 ? size - 1024 : 0)
        let tail = (try? handle.readToEnd()) ?? Data()
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return tail.suffix(12).starts(with: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44])  // an empty IEND chunk ends every PNG
        }
        if head.starts(with: Array("%PDF-".utf8)) { return String(decoding: tail, as: UTF8.self).contains("%%EOF") }
        let text = String(decoding: tail, as: UTF8.self)
        return head.starts(with: Array("<!DOCTYP".utf8)) ? text.contains("</html>") : text.contains("</svg>")
    }
}

/// Temporary files left beside outputs by a run that was killed. Each output folder is
/// cleaned once per process, and only of temporaries whose writing process is gone, so a
/// concurrent shard writing into the same folder is never disturbed.
enum StaleTemporaries {
    private static let cleaned = LockedSet()

    static func removeOnce(forOutput path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard cleaned.insert(folder) else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = AtomicFile.writerProcess(ofTemporary: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}

/// A set of strings safe to use from several threads.
final class LockedSet: @unchecked Sendable {
    private var members = Set<String>()
    private let lock = NSLock()

    /// Inserts `member`; true when it was not there yet.
    func insert(_ member: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return members.insert(member).inserted
    }
}
