#if canImport(Glibc)
import Glibc
#endif

/// Reads a file line by line with a fixed-size buffer, so a manifest of any length is
/// streamed, never loaded whole. Owns its file descriptor and closes it in `deinit`.
final class LineReader: IteratorProtocol, Sequence {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// 1-based number of the line last returned.
    private(set) var lineNumber = 0

    init(path: String) throws(BatchError) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableSource(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(fd) }

    /// The next line without its line break (`\n` or `\r\n`), or nil at the end.
    func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<newline])
                start = newline + 1
                if line.last == 0x0D { line.removeLast() }
                lineNumber += 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeFirst(start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
    }
}
