#if canImport(Glibc)
import Glibc
#endif

/// Reads a file line by line with a fixed-size buffer, so a manifest of any length is
/// streamed, never loaded whole. Owns its file descriptor and closes it in `deinit`.
///
/// Each byte is looked at once (the search for a line break resumes where it stopped),
/// and a line longer than `maximumLineBytes` is skipped to its end without being kept:
/// a 32 MB line used to take 14 s and its size in memory several times over.
final class LineReader: IteratorProtocol, Sequence {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    /// What each `read` fills, made once (a new zeroed 64 KiB for each line cost a
    /// thumbnail batch's worker more than reading its request).
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    /// Where the search for the next line break resumes.
    private var scanned = 0
    private var atEnd = false
    /// 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// Whether the line last returned was longer than `maximumLineBytes` (and skipped).
    private(set) var lastLineWasTooLong = false
    let maximumLineBytes: Int
    /// Bytes searched for line breaks so far: each byte once (for tests).
    private(set) var bytesSearched = 0

    /// 1 MiB: a manifest line is a few hundred bytes.
    static let defaultMaximumLineBytes = 1 << 20

    init(path: String, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes) throws(BatchError) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableSource(path: path, reason: String(cString: strerror(errno))) }
        ownsDescriptor = true
        self.maximumLineBytes = maximumLineBytes
    }

    /// Reads from an open descriptor (which the caller keeps and closes).
    init(descriptor: Int32, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes) {
        fd = descriptor
        ownsDescriptor = false
        self.maximumLineBytes = maximumLineBytes
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The next line without its line break (`\n` or `\r\n`), or nil at the end. A line
    /// longer than `maximumLineBytes` comes back empty, with `lastLineWasTooLong` set.
    func next() -> [UInt8]? {
        var skipping = false
        while true {
            if let newline = lineBreak(from: scanned) {
                var line = skipping ? [] : Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                if line.last == 0x0D { line.removeLast() }
                return finish(line, tooLong: skipping)
            }
            scanned = buffer.count
            if !skipping, buffer.count - start > maximumLineBytes { skipping = true }
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                let line = skipping ? [] : Array(buffer[start...])
                start = buffer.count
                scanned = start
                return finish(line, tooLong: skipping)
            }
            if skipping {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            } else if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
    }

    /// The index of the first `\n` at or after `start`, found with `memchr`.
    private func lineBreak(from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        let found = buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start).map { $0 - UnsafeMutableRawPointer(mutating: bytes.baseAddress!) }
        }
        bytesSearched += (found.map { $0 + 1 } ?? buffer.count) - start
        return found
    }

    private func finish(_ line: [UInt8], tooLong: Bool) -> [UInt8] {
        lineNumber += 1
        lastLineWasTooLong = tooLong
        return line
    }
}
