import FamilyModel

#if canImport(Glibc)
import Glibc
#endif

/// Reads one photo file's bytes under a `PhotoAccess`, the way a careful tool opens a
/// path it does not trust: without blocking (a FIFO), regular files only (no device, no
/// `/proc/self/mem`, no folder), at most `maximumBytes`; with `.local`, component by
/// component from the data file's folder with `O_NOFOLLOW`, so no symlink leads out, and
/// only files with one name (a hard link could name a file outside the folder).
/// Errors say what was wrong with the path as written, never what the file holds, and
/// with `.local` never whether something outside the folder exists.
struct PhotoFile {
    /// 20 MiB: a photo for a 40-point box needs far less.
    static let maximumBytes = 20 << 20

    /// The file's identity and bytes.
    static func read(_ path: String, access: PhotoAccess) throws(PainterError) -> (identity: FileIdentity, bytes: [UInt8]) {
        let name = access.written(path)
        func refused(_ reason: String) -> PainterError { .unreadableImage(path: name, reason: reason) }
        let fd: Int32
        switch access {
        case .none:
            throw refused("photos are off (--photos none)")
        case .any:
            fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw refused(errno == ENOENT ? "no such file" : String(cString: strerror(errno))) }
        case .local(let root):
            fd = try openBeneath(root: root, relative: name, refused: refused)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refused(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw refused("it is \(kind(info.st_mode & S_IFMT)), not an image file") }
        guard info.st_size <= maximumBytes else { throw refused("the file is larger than \(maximumBytes >> 20) MiB") }
        // A hard link inside the folder can name any file of the same file system (the
        // upload side may make one to a file it could not read itself).
        if case .local = access, info.st_nlink > 1 {
            throw refused("the file has \(info.st_nlink) names (hard links); --photos local reads only files with one")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { throw refused(n == 0 ? "the file shrank while being read" : String(cString: strerror(errno))) }
            offset += n
        }
        guard let identity = FileIdentity(descriptor: fd) else { throw refused("cannot tell which file it is") }
        return (identity, bytes)
    }

    /// Opens `relative` (a path the import already checked: no `..`, not absolute) under
    /// `root`, refusing any symlink on the way.
    private static func openBeneath(root: String, relative: String,
                                    refused: (String) -> PainterError) throws(PainterError) -> Int32 {
        var directory = open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw refused("the data file's folder cannot be opened") }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else {
            close(directory)
            throw refused("not a path inside the data file's folder (--photos local)")
        }
        for (k, part) in parts.enumerated() {
            let last = k == parts.count - 1
            let flags = last ? O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC : O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
            let next = openat(directory, String(part), flags)
            let failure = errno
            close(directory)
            guard next >= 0 else {
                switch failure {
                case ENOENT: throw refused("no such file in the data file's folder")
                case ELOOP, ENOTDIR: throw refused("a part of the path is a symbolic link or no folder (--photos local follows no links)")
                default: throw refused(String(cString: strerror(failure)))
                }
            }
            directory = next
        }
        return directory
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode {
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
