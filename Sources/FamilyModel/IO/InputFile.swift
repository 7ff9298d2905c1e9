#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file, or standard input for `-`, refusing inputs above a size limit.
public struct InputFile {
    /// The path given by the user; `-` means standard input.
    public let path: String
    public var maximumBytes: Int
    /// Refuse anything but a regular file (a FIFO, a device, `/dev/zero`), even through a
    /// descriptor's path: for inputs of a batch, which must never stall a worker or read
    /// forever. (Other paths than `-`, `/dev/stdin` and `/dev/fd/N` must be regular files
    /// in any case: `isDescriptor`.)
    public var requiresRegularFile = false
    /// Follow a symlink at the path itself (false: refuse it; batch folders).
    public var followsSymlinks = true

    /// 1 GiB: far above any real family file, low enough to fail cleanly instead of swapping.
    public static let defaultMaximumBytes = 1 << 30

    public init(path: String, maximumBytes: Int = InputFile.defaultMaximumBytes) {
        self.path = path
        self.maximumBytes = maximumBytes
    }

    /// Whether the path names an open descriptor (`-`, `/dev/stdin`, `/dev/fd/N`): the one
    /// way to give a pipe, a FIFO or a terminal as input. Any other path must be a regular file.
    public var isDescriptor: Bool {
        if path == "-" || path == "/dev/stdin" { return true }
        guard path.hasPrefix("/dev/fd/") else { return false }
        let number = path.utf8.dropFirst("/dev/fd/".count)
        return !number.isEmpty && number.count <= 9 && number.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// How messages name this input.
    public var source: String { path == "-" ? "<stdin>" : path }

    /// The folder the file is in (`""` for a bare name), nil for standard input.
    public var folder: String? {
        guard path != "-" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    public func read() throws(FamilyInputError) -> [UInt8] {
        var flags = O_RDONLY | O_CLOEXEC | O_NOCTTY
        let mustBeRegular = requiresRegularFile || !isDescriptor
        if mustBeRegular { flags |= O_NONBLOCK }  // opening a FIFO must not wait for a writer
        if !followsSymlinks { flags |= O_NOFOLLOW }
        let fd = path == "-" ? 0 : open(path, flags)
        guard fd >= 0 else {
            throw .unreadable(source: source, reason: errno == ELOOP && !followsSymlinks ? "it is a symbolic link (not followed here)" : errnoText())
        }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(source: source, reason: errnoText()) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .unreadable(source: source, reason: "it is a directory") }
        // A device named as input (`/dev/zero`, `/dev/urandom`, a disk) is no data file: it
        // was read up to the byte limit (1 GiB) before being refused. Standard input may be
        // a terminal.
        if (kind == S_IFCHR || kind == S_IFBLK) && fd != 0 {
            throw .unreadable(source: source, reason: "it is \(OutputTarget.kindName(kind)), not a data file")
        }
        // A FIFO or socket named by path (an upload that is one) would wait for a writer
        // forever: only a descriptor's path may be a pipe (issue 49, R11).
        if mustBeRegular, kind != S_IFREG {
            let hint = requiresRegularFile || fd == 0 ? "" : " (give a pipe as - or /dev/fd/N)"
            throw .unreadable(source: source, reason: "it is \(OutputTarget.kindName(kind)), not a regular file\(hint)")
        }
        if mustBeRegular { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        if kind == S_IFREG, Int(info.st_size) > maximumBytes {
            throw .tooLarge(source: source, bytes: Int(info.st_size), limit: maximumBytes)
        }
        var bytes: [UInt8] = []
        if kind == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), maximumBytes) + 1) }
        // Read into uninitialised memory (a zeroed 64 KiB chunk per file cost more than
        // reading a thumbnail's family); a regular file's chunk is no larger than the file.
        let chunkSize = kind == S_IFREG ? max(1, min(Int(info.st_size) + 1, 1 << 16)) : 1 << 16
        var chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { _, initialized in initialized = chunkSize }
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(source: source, reason: errnoText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumBytes { throw .tooLarge(source: source, bytes: bytes.count, limit: maximumBytes) }
        }
        return bytes
    }
}
