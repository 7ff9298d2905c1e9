#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Makes a group of finished items' outputs durable with one `syncfs` per file system
/// instead of two fsyncs (file, then folder) per item: items write their files without
/// syncing (`ItemSettings.groupsSyncs`), and the batch reports them only after this has
/// flushed the file systems their outputs are on. An item whose file system cannot be
/// flushed fails with the reason; a crash of the machine before the flush leaves files
/// no report has called done, which `--skip-existing` checks and redraws when incomplete.
enum DurableGroup {
    /// Items are reported in groups of at most this many…
    static let largestGroup = 64
    /// …or once the oldest unreported item has waited this long (checked as items finish).
    static let longestWait: Duration = .milliseconds(200)

    /// `results` with every ok item whose output could not be made durable turned into a
    /// failure; one `syncfs` per file system holding an output folder.
    static func flush(_ results: [BatchResult]) -> [BatchResult] {
        var failures: [UInt64: String] = [:]  // by device
        var devices: [String: UInt64?] = [:]  // by folder
        var synced = Set<UInt64>()
        var flushed = results
        for index in flushed.indices where flushed[index].status == .ok {
            let folder = OutputPath.folder(of: flushed[index].item.output)
            let device: UInt64?
            if let known = devices[folder] {
                device = known
            } else {
                var info = stat()
                device = stat(folder, &info) == 0 ? UInt64(info.st_dev) : nil
                devices[folder] = device
            }
            guard let device else {
                flushed[index].status = .failed
                flushed[index].message = "\(flushed[index].item.output): written, but its folder is gone: it could not be made durable"
                continue
            }
            if synced.insert(device).inserted, let failure = flushFileSystem(holding: folder) { failures[device] = failure }
            if let failure = failures[device] {
                flushed[index].status = .failed
                flushed[index].message = "\(flushed[index].item.output): written, but could not be made durable (\(failure))"
            }
        }
        return flushed
    }

    /// Flushes the file system holding `folder`: nil on success, else why not.
    private static func flushFileSystem(holding folder: String) -> String? {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        if let syncfs = SyncFS.function {
            return syncfs(fd) == 0 ? nil : String(cString: strerror(errno))
        }
        Glibc.sync()  // no syncfs (not Linux): every file system
        return nil
    }
}

/// glibc's `syncfs` (Linux 2.6.39), found at run time: Swift's Glibc module does not
/// declare it. Since Linux 5.8 it reports write-back errors of the file system.
private enum SyncFS {
    typealias Function = @convention(c) (Int32) -> Int32
    static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
