#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes temporaries left by writers that were killed before they could clean up.
///
/// A file is removed only when every one of these holds: its name is exactly this
/// tool's pattern (`TemporaryName`); it was made by a process of this very kernel (boot
/// id in the name), so its writer's `flock` is visible here whatever container the
/// writer ran in; it is a regular file (never a folder, never a symlink); it has not
/// changed for `minimumAge` seconds; and its lock can be taken, which proves that no
/// process holds it open any more. Temporaries written by other machines sharing the
/// folder are left alone: nothing here can prove their writers are gone.
public enum StaleTemporaries {
    /// Five minutes: far longer than a live writer goes without its lock, short enough
    /// that a resumed batch tidies up after the run it resumes.
    public static let defaultMinimumAge = 300

    /// Removes the stale temporaries in `folder`; returns the names removed, sorted.
    @discardableResult
    public static func remove(inFolder folder: String, minimumAge: Int = defaultMinimumAge) -> [String] {
        remove(inFolder: folder, minimumAge: minimumAge) { _ in true }
    }

    /// Removes the abandoned temporaries of this kernel in `folder` whose names `accept`.
    private static func remove(inFolder folder: String, minimumAge: Int, accept: (TemporaryName) -> Bool) -> [String] {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let temporary = TemporaryName(parsing: name), temporary.isFromThisKernel, accept(temporary) { names.append(name) }
        }
        let base = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().filter { removeIfAbandoned(base + $0, minimumAge: minimumAge) }
    }

    private static func removeIfAbandoned(_ path: String, minimumAge: Int) -> Bool {
        var before = stat()
        guard lstat(path, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG,
              Int(time(nil)) - Int(before.st_mtim.tv_sec) >= minimumAge else { return false }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
              opened.st_dev == before.st_dev, opened.st_ino == before.st_ino,
              flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        var after = stat()  // still the file we locked under that name?
        guard lstat(path, &after) == 0, after.st_dev == opened.st_dev, after.st_ino == opened.st_ino else { return false }
        return unlink(path) == 0
    }

    /// Removes the temporaries in `folder` of a process of this kernel that has been
    /// reaped (a batch's killed worker): any age, but still only regular files in this
    /// tool's pattern whose lock can be taken (a new process given the same id holds its own).
    @discardableResult
    public static func remove(inFolder folder: String, writtenBy process: Int32) -> [String] {
        remove(inFolder: folder, minimumAge: 0) { $0.process == process }
    }
}
