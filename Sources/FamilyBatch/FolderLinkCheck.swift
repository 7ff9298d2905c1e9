import FamilyModel
#if canImport(Glibc)
import Glibc
#endif

/// A batch's outputs never pass through a folder link below the batch's output folder
/// (the manifest's folder, or `--output-dir`): an upload set that plants `u1/thumbs →
/// victim/` must not make `u1/thumbs/fam.png` replace `victim/fam.png` (issue 49, R6).
/// The output folder itself may be a link: the operator chose it. Each folder on the way
/// is opened from the one before without following links (`openat`, `O_NOFOLLOW`).
enum FolderLinkCheck {
    /// Refuses `output` when a folder between `root` and the output's own name is a
    /// symbolic link. `root` empty: the current folder (relative outputs are below it).
    /// Folders that do not exist yet are left to be created (as real folders).
    static func refuse(output: String, below root: String) throws(OutputError) {
        let top = root.isEmpty ? "." : (root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root)
        let rest: Substring
        if root.isEmpty {
            guard !output.hasPrefix("/") else { return }
            rest = Substring(output)
        } else {
            let prefix = top == "/" ? "/" : top + "/"
            guard output.hasPrefix(prefix) else { return }  // not below the output folder
            rest = output.dropFirst(prefix.count)
        }
        let folders = rest.split(separator: "/").dropLast()
        guard !folders.isEmpty else { return }
        var fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }  // no output folder yet: it is created with real folders
        defer { close(fd) }
        var walked = top
        for name in folders {
            if name == "." { continue }
            if name == ".." { return }  // above the output folder: the operator's own path
            walked += "/" + name
            let next = openat(fd, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                var info = stat()
                if fstatat(fd, String(name), &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                    throw .refused(path: output, reason: "the folder \(MessageText.escaped(walked)) on its way is a symbolic link "
                                   + "(a batch writes nothing through folder links below its output folder)")
                }
                return  // missing (created later) or not a folder (the write says so)
            }
            close(fd)
            fd = next
        }
    }
}
