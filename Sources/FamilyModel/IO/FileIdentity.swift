#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes a file the same file whatever its name: its device and inode. Two paths
/// (a symlink, `..`, a hard link, `/dev/stdout`) name one file exactly when their
/// identities are equal.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    /// Whether it is a regular file (not a device, FIFO, socket or folder).
    public let isRegularFile: Bool

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The file `path` names, following symlinks; `-` is standard input or output as
    /// `standardStream` says. Nil when there is no such file (yet).
    public init?(path: String, standardStream: Int32 = 0) {
        var info = stat()
        if path == "-" || OutputTarget.descriptor(named: path) != nil {
            let fd = path == "-" ? standardStream : OutputTarget.descriptor(named: path)!
            guard fstat(fd, &info) == 0 else { return nil }
        } else {
            guard stat(path, &info) == 0 else { return nil }
        }
        self.init(info)
    }

    /// The file open on `descriptor`.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }
}

/// Refuses an output that would overwrite a file the command reads.
public enum SameFileCheck {
    /// Throws `.refused` when `output` is the same file (device and inode) as one of
    /// `inputs`, given as (how messages name it, path) — e.g. `("the input", "family.json")`.
    /// `-` as output means standard output, as input standard input. Only regular files
    /// count: a terminal or `/dev/null` may be both read and written.
    public static func refuse(output: String, sameAs inputs: [(role: String, path: String)]) throws(OutputError) {
        guard let target = FileIdentity(path: output, standardStream: 1), target.isRegularFile else { return }
        for (role, path) in inputs where FileIdentity(path: path, standardStream: 0) == target {
            throw .refused(path: output == "-" ? "<stdout>" : output,
                           reason: "it is the same file as \(role) \(path == "-" ? "<stdin>" : MessageText.escaped(path))")
        }
    }
}
