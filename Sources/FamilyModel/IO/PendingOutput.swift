#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One output being written. A regular file is written into a locked temporary beside
/// it and renamed over it by `commit` (keeping the old file's permission bits, and owner
/// when run as root, then syncing the folder), so readers see the old file or the
/// complete new one. Standard output, devices and FIFOs are written in place.
/// Not committed means discarded: the temporary is removed.
public final class PendingOutput {
    /// The path as the user gave it (`<stdout>` for `-`), for messages.
    public let path: String
    private let descriptor: Int32
    /// Where the temporary is renamed to; nil when writing in place.
    private let destination: String?
    /// The named temporary; nil when writing in place or into an unnamed file.
    private let temporary: String?
    /// Written into an unnamed file (`UnnamedFile`), linked to `destination` by `commit`.
    private let unnamed: Bool
    private let existing: stat?
    private var done = false
    /// Whether `commit` flushes the file before renaming it and the folder after (see
    /// `AtomicFile.syncs`): without, the rename is still atomic for readers, but a
    /// crash of the machine may leave the new name with incomplete contents.
    public var syncs = true

    /// Opens `path` for writing (see `OutputTarget` for what is written in place and what
    /// is refused). `waitForReader`: wait for a FIFO's reader (else refuse the FIFO).
    /// `followsSymlinks`: write through a symlink (only when the user named it so); by
    /// default a symlink is refused.
    public init(path: String, waitForReader: Bool = true, followsSymlinks: Bool = false) throws(OutputError) {
        self.path = path == "-" ? "<stdout>" : path
        switch try OutputTarget.open(path, waitForReader: waitForReader, followsSymlinks: followsSymlinks) {
        case .direct(let fd):
            descriptor = fd
            destination = nil
            temporary = nil
            existing = nil
            unnamed = false
        case .replace(let destination, let existing):
            let slash = destination.lastIndex(of: "/")
            let folder = slash.map { String(destination[...$0]) } ?? ""
            if existing == nil, let fd = UnnamedFile.create(inFolder: folder) {
                descriptor = fd
                self.destination = destination
                temporary = nil
                self.existing = nil
                unnamed = true
                return
            }
            let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
            var fd: Int32 = -1
            var temporary = ""
            for _ in 0..<8 {  // a clash of random names is all but impossible; retry anyway
                let candidate = folder + TemporaryName(forTarget: name).name
                temporary = candidate
                fd = LiveTemporaries.shared.create(candidate) { open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666) }
                if fd >= 0 || errno != EEXIST { break }
            }
            guard fd >= 0 else { throw .cannotCreate(path: self.path, reason: errnoText()) }
            // Held until the rename: while it is, no sweep of stale temporaries removes the file.
            _ = flock(fd, LOCK_EX | LOCK_NB)
            descriptor = fd
            self.destination = destination
            self.temporary = temporary
            self.existing = existing
            unnamed = false
        }
    }

    deinit { if !done { discard() } }

    /// Appends `count` bytes at `bytes`.
    public func write(_ bytes: UnsafeRawPointer, count: Int) throws(OutputError) {
        var offset = 0
        while offset < count {
            let written = Glibc.write(descriptor, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: errnoText())
            }
            if written == 0 { throw .cannotWrite(path: path, reason: "nothing could be written") }
            offset += written
        }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputError) { try write(buffer.baseAddress!, count: buffer.count) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Finishes the output: syncs a temporary and renames it over the target (which keeps
    /// its permission bits, and owner when run as root), then syncs the folder.
    public func commit() throws(OutputError) {
        guard !done else { return }
        if unnamed, let destination { return try commitUnnamed(onto: destination) }
        guard let temporary, let destination else {
            done = true
            close(descriptor)
            return
        }
        do throws(OutputError) {
            guard !syncs || fsync(descriptor) == 0 else { throw OutputError.cannotWrite(path: path, reason: errnoText()) }
            keepPermissions()
            try rename(temporary, onto: destination)
        } catch {
            discard()
            throw error
        }
        done = true
        LiveTemporaries.shared.remove(temporary)
        close(descriptor)  // releases the lock, after the rename
        if syncs { syncFolder(of: destination) }
    }

    /// `commit` of an unnamed file: synced, then linked under the target's name; a file
    /// that appeared there meanwhile is replaced through a named temporary (only a regular
    /// file: anything else is refused, as by `rename(_:onto:)`).
    private func commitUnnamed(onto destination: String) throws(OutputError) {
        do throws(OutputError) {
            guard !syncs || fsync(descriptor) == 0 else { throw OutputError.cannotWrite(path: path, reason: errnoText()) }
            if !UnnamedFile.link(descriptor, as: destination) {
                guard errno == EEXIST else { throw OutputError.cannotCreate(path: path, reason: errnoText()) }
                let slash = destination.lastIndex(of: "/")
                let folder = slash.map { String(destination[...$0]) } ?? ""
                let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
                let temporary = folder + TemporaryName(forTarget: name).name
                guard UnnamedFile.link(descriptor, as: temporary) else { throw OutputError.cannotCreate(path: path, reason: errnoText()) }
                do throws(OutputError) { try rename(temporary, onto: destination) } catch {
                    unlink(temporary)
                    throw error
                }
            }
        } catch {
            discard()
            throw error
        }
        done = true
        close(descriptor)
        if syncs { syncFolder(of: destination) }
    }

    /// Abandons the output: closes it and removes the temporary (written-in-place
    /// outputs keep what was written; an unnamed file vanishes with its descriptor).
    public func discard() {
        guard !done else { return }
        done = true
        if let temporary {
            unlink(temporary)
            LiveTemporaries.shared.remove(temporary)
        }
        close(descriptor)
    }

    private func keepPermissions() {
        guard let existing else { return }
        if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
        _ = fchmod(descriptor, existing.st_mode & 0o7777)  // after chown, which clears set-id bits
    }

    /// Renames only over a regular file: if the target turned into anything else since it
    /// was opened, the temporary is dropped instead. A target that did not exist is
    /// created without replacing one that appeared meanwhile.
    private func rename(_ temporary: String, onto destination: String) throws(OutputError) {
        var now = stat()
        if lstat(destination, &now) == 0, (now.st_mode & S_IFMT) != S_IFREG {
            throw .refused(path: path, reason: "it turned into \(OutputTarget.kindName(now.st_mode & S_IFMT)) while being written")
        }
        if existing == nil, let noReplace = RenameNoReplace.function {
            if noReplace(AT_FDCWD, temporary, AT_FDCWD, destination, 1) == 0 { return }
            guard errno == EEXIST || errno == EINVAL || errno == ENOSYS else {
                throw .cannotReplace(path: path, reason: errnoText())
            }
            if errno == EEXIST, lstat(destination, &now) == 0, (now.st_mode & S_IFMT) != S_IFREG {
                throw .refused(path: path, reason: "\(OutputTarget.kindName(now.st_mode & S_IFMT)) appeared there while it was being written")
            }
        }
        guard Glibc.rename(temporary, destination) == 0 else { throw .cannotReplace(path: path, reason: errnoText()) }
    }

    private func syncFolder(of destination: String) {
        let folder = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? "."
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

/// glibc's `renameat2` (Swift's Glibc module does not declare it), found at run time;
/// flag 1 is `RENAME_NOREPLACE`.
private enum RenameNoReplace {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
