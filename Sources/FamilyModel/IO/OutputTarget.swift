#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names, decided before anything is written: a regular file (new
/// or existing) to be replaced atomically, or something written in place — standard
/// output, an open descriptor, a character device such as `/dev/null`, a FIFO. Anything
/// else (a directory, a disk, a socket, a symlink to nothing) is refused: an output never
/// replaces what is not a regular file.
enum OutputTarget {
    /// Written in place through `descriptor` (owned: closed when done).
    case direct(descriptor: Int32)
    /// A regular file replaced by renaming a temporary onto `destination` (the file a
    /// symlink points to, or the path itself); `existing` is the file being replaced.
    case replace(destination: String, existing: stat?)

    /// The descriptor a path names without opening anything: `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N` when N is open here. Writing to it directly keeps
    /// the shell's redirection (append mode, offset) intact.
    static func descriptor(named path: String) -> Int32? {
        let number: Int32?
        switch path {
        case "/dev/stdout": number = 1
        case "/dev/stderr": number = 2
        default:
            let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"]
            guard let prefix = prefixes.first(where: { path.hasPrefix($0) }) else { return nil }
            number = Int32(path.dropFirst(prefix.count))
        }
        guard let number, number >= 0, fcntl(number, F_GETFD) >= 0 else { return nil }
        return number
    }

    /// Why an output that is a symbolic link is refused (whoever could plant the link,
    /// e.g. beside uploads, would choose which file is overwritten). The same words for
    /// every command, so the way out names the commands that take it (a batch has none).
    static let symlinkRefusal = "it is a symbolic link, and outputs are never written through one "
        + "(render, layout and generate write the file it points to with --follow-output-symlink; batch never does)"

    /// Decides how to write `path` (`-` is standard output). `waitForReader`: whether a
    /// FIFO nobody reads yet is waited for (a command) or refused (a batch).
    /// `followsSymlinks`: whether a symlink to a regular file or device is written through
    /// (only when the user asked for it); otherwise a symlink is refused, never followed.
    static func open(_ path: String, waitForReader: Bool, followsSymlinks: Bool = false) throws(OutputError) -> OutputTarget {
        if path == "-" || descriptor(named: path) != nil {
            let fd = fcntl(path == "-" ? 1 : descriptor(named: path)!, F_DUPFD_CLOEXEC, 3)
            guard fd >= 0 else { throw .cannotCreate(path: path == "-" ? "<stdout>" : path, reason: errnoText()) }
            return .direct(descriptor: fd)
        }
        var link = stat()
        if !followsSymlinks, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            throw .refused(path: path, reason: symlinkRefusal)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errnoText()
            var link = stat()
            if errno == ENOENT, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                throw .refused(path: path, reason: "it is a symbolic link to a missing file")
            }
            if errno == ENOENT { return .replace(destination: path, existing: nil) }
            throw .cannotCreate(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return try existingRegularFile(path, followsSymlinks: followsSymlinks)
        case S_IFCHR, S_IFIFO: return try special(path, isFIFO: (info.st_mode & S_IFMT) == S_IFIFO, waitForReader: waitForReader, followsSymlinks: followsSymlinks)
        case let kind: throw .refused(path: path, reason: "it is \(kindName(kind))")
        }
    }

    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFBLK: "a block device (a disk)"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR: "a character device"
        case S_IFIFO: "a FIFO"
        default: "not a regular file"
        }
    }

    /// An existing regular file (or a symlink to one): replaced only where the kernel
    /// lets us open it for writing (so a read-only file, or a symlink the kernel's
    /// `protected_symlinks` forbids following, is an error as it is for `>`).
    private static func existingRegularFile(_ path: String, followsSymlinks: Bool) throws(OutputError) -> OutputTarget {
        let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followsSymlinks ? 0 : O_NOFOLLOW))
        if fd < 0, errno == ELOOP { throw .refused(path: path, reason: symlinkRefusal) }  // a link planted since the check
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: errnoText()) }
        var info = stat()
        let opened = fstat(fd, &info)
        close(fd)
        guard opened == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .refused(path: path, reason: "it changed into \(kindName(info.st_mode & S_IFMT)) while being opened")
        }
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return .replace(destination: path, existing: info) }
        guard let resolved = realpath(path, nil) else { throw .cannotCreate(path: path, reason: errnoText()) }
        defer { free(resolved) }
        return .replace(destination: String(cString: resolved), existing: info)
    }

    /// A character device or FIFO, opened for writing in place (never truncated, never replaced).
    private static func special(_ path: String, isFIFO: Bool, waitForReader: Bool, followsSymlinks: Bool) throws(OutputError) -> OutputTarget {
        let noFollow = followsSymlinks ? 0 : O_NOFOLLOW
        var fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | noFollow)
        if fd < 0 && errno == ENXIO && isFIFO {
            guard waitForReader else { throw .refused(path: path, reason: "it is a FIFO that nobody reads") }
            fd = Glibc.open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | noFollow)
        }
        if fd < 0, errno == ELOOP { throw .refused(path: path, reason: symlinkRefusal) }
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: errnoText()) }
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard kind == S_IFCHR || kind == S_IFIFO else {
            close(fd)
            throw .refused(path: path, reason: "it changed into \(kindName(kind)) while being opened")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .direct(descriptor: fd)
    }
}
