#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new output written into a file that has no name until it is complete (Linux's
/// `O_TMPFILE`), then linked into its folder under the target's name.
///
/// Creating a named temporary allocates its inode while holding the folder's lock, and
/// so does renaming it: on a busy folder (a batch's workers writing side by side, on an
/// ext4 without a journal that searches its recently deleted inodes) one worker spun on
/// the lock while the other allocated (6-18 % of a 2-job thumbnail batch's samples). An
/// unnamed file is allocated without the folder's lock, and the link only adds the name.
/// Nothing is ever left behind: a writer killed before the link leaves no file at all.
///
/// Only for targets that do not exist yet: `link` does not replace a file (a target that
/// appeared meanwhile is replaced through a named temporary, as `PendingOutput` does).
enum UnnamedFile {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE`: `__O_TMPFILE` (020000000 on these architectures) with `O_DIRECTORY`.
    static let flag: Int32 = 0o2000_0000 | O_DIRECTORY
    #else
    static let flag: Int32? = nil
    #endif

    /// Whether unnamed files can be linked by name (`/proc/self/fd` is there), checked once.
    static let available: Bool = {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        return access("/proc/self/fd", X_OK) == 0
        #else
        return false
        #endif
    }()

    /// An unnamed regular file for writing in `folder` ("" for the working directory), or
    /// nil where the platform or the file system has none (the caller makes a named one).
    static func create(inFolder folder: String) -> Int32? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        guard available else { return nil }
        let fd = open(folder.isEmpty ? "." : folder, flag | O_WRONLY | O_CLOEXEC, 0o666)
        return fd >= 0 ? fd : nil
        #else
        return nil
        #endif
    }

    /// Gives the unnamed file `fd` the name `path`; fails with `EEXIST` when the name is
    /// taken (nothing is replaced).
    static func link(_ fd: Int32, as path: String) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }
}
