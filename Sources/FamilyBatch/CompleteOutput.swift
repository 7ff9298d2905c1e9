import FamilyModel
import FamilyPainter
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a finished output is already in place, for `--skip-existing`. Outputs are
/// renamed into place only when complete, but a file could have been cut short or
/// replaced by something else (a copy, another tool, someone's upload), so the file is
/// checked as what it should be, never trusted for existing:
///
/// - PNG: the signature, then every chunk's length and CRC-32 up to `IEND`, which must
///   end the file; `IHDR` first, of the thumbnail's size when one was asked for;
/// - PDF: `%PDF-`, and a trailer at the end (`startxref`, an offset inside the file
///   pointing at the cross-reference table, `%%EOF`);
/// - SVG: an XML document whose root element is `<svg`, ending with `</svg>`;
/// - HTML: `<!DOCTYPE html>` at the start, `</html>` at the end;
/// - WebP: `RIFF` … `WEBP` whose length is the file's, its picture of the asked size.
///
/// A regular file only (no symlink, FIFO or device), at most `maximumBytes`.
enum CompleteOutput {
    static let maximumBytes = 256 << 20

    static func exists(at path: String, format: OutputFormat? = nil, size: PixelSize? = nil) -> Bool {
        guard let bytes = read(path) else { return false }
        switch format ?? OutputFormat(path: path) ?? .png {
        case .png: return isCompletePNG(bytes, size: size)
        case .pdf: return isCompletePDF(bytes)
        case .svg: return isCompleteSVG(bytes)
        case .html: return isCompleteHTML(bytes)
        case .webp: return isCompleteWebP(bytes, size: size)
        }
    }

    /// A RIFF `WEBP` file whose RIFF length is the file's, whose first chunk (`VP8L`,
    /// `VP8 ` or `VP8X`) fits inside it, and whose picture has the asked size, if any.
    static func isCompleteWebP(_ bytes: [UInt8], size: PixelSize?) -> Bool {
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return false }
        func little(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard little(4, 4) + 8 == bytes.count else { return false }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self), length = little(16, 4)
        guard length <= bytes.count - 20 else { return false }
        let data = 20
        let dimensions: (Int, Int)
        switch chunk {
        case "VP8L":
            guard bytes[data] == 0x2F else { return false }
            let bits = little(data + 1, 4)
            dimensions = ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ":
            guard Array(bytes[(data + 3)..<(data + 6)]) == [0x9D, 0x01, 0x2A] else { return false }
            dimensions = (little(data + 6, 2) & 0x3FFF, little(data + 8, 2) & 0x3FFF)
        case "VP8X":
            dimensions = (little(data + 4, 3) + 1, little(data + 7, 3) + 1)
        default:
            return false
        }
        guard let size else { return true }
        return dimensions == (size.width, size.height)
    }

    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            offset += n
        }
        return bytes
    }

    static func isCompletePNG(_ bytes: [UInt8], size: PixelSize?) -> Bool {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
        var position = 8
        var first = true
        while position + 12 <= bytes.count {
            let length = Int(bigEndian(bytes, position))
            guard length <= bytes.count - position - 12 else { return false }
            let type = Array(bytes[(position + 4)..<(position + 8)])
            let stored = bigEndian(bytes, position + 8 + length)
            guard CRC32.checksum(bytes[(position + 4)..<(position + 8 + length)]) == stored else { return false }
            if first {
                guard type == Array("IHDR".utf8), length == 13 else { return false }
                if let size, Int(bigEndian(bytes, position + 8)) != size.width || Int(bigEndian(bytes, position + 12)) != size.height {
                    return false
                }
                first = false
            }
            position += 12 + length
            if type == Array("IEND".utf8) { return position == bytes.count }
        }
        return false
    }

    static func isCompletePDF(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: Array("%PDF-".utf8)) else { return false }
        let tail = String(decoding: bytes.suffix(1024), as: UTF8.self)
        guard let startxref = tail.lastRange(of: "startxref") else { return false }
        let after = tail[startxref.upperBound...].split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == " " })
        guard after.count >= 2, after[1].hasPrefix("%%EOF"), after.count == 2 || after[2...].allSatisfy({ $0.isEmpty }),
              let offset = Int(after[0]), offset > 0, offset < bytes.count - 9 else { return false }
        let table = String(decoding: bytes[offset..<min(bytes.count, offset + 32)], as: UTF8.self)
        return table.hasPrefix("xref") || startsWithObjectHeader(table)
    }

    /// Whether `text` starts with an object's header, "12 0 obj": two numbers, a space
    /// between and after them.
    static func startsWithObjectHeader(_ text: String) -> Bool {
        var rest = text[...]
        for _ in 0..<2 {
            let digits = rest.prefix { ("0"..."9").contains($0) }
            guard !digits.isEmpty, rest.dropFirst(digits.count).first == " " else { return false }
            rest = rest.dropFirst(digits.count + 1)
        }
        return rest.hasPrefix("obj")
    }

    static func isCompleteSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("<svg"), let root = head.firstRange(of: "<svg") else { return false }
        // Nothing but the XML declaration, comments and a doctype before the root.
        let before = head[..<root.lowerBound]
        guard !before.contains("<svg"), before.split(separator: "<", omittingEmptySubsequences: false).dropFirst().allSatisfy({ $0.hasPrefix("?") || $0.hasPrefix("!") }) else { return false }
        let tail = String(decoding: bytes.suffix(64), as: UTF8.self).trimmingWhitespaceAndNewlines()
        return tail.hasSuffix("</svg>")
    }

    static func isCompleteHTML(_ bytes: [UInt8]) -> Bool {
        let tail = String(decoding: bytes.suffix(64), as: UTF8.self).trimmingWhitespaceAndNewlines()
        return bytes.starts(with: Array("<!DOCTYPE html>".utf8)) && tail.hasSuffix("</html>")
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}

/// Temporary files left beside outputs by a run that was killed. Each output folder is
/// swept once per process, of temporaries whose writer is provably gone (see
/// `FamilyModel.StaleTemporaries`), so a concurrent shard writing into the same folder,
/// from this machine or another, is never disturbed.
enum StaleTemporarySweep {
    /// Whether an output path names a file in a folder (not `-`, a device, `/dev/fd/N`).
    static func isPlainPath(_ path: String) -> Bool {
        path != "-" && !["/dev/", "/proc/"].contains(where: { path.hasPrefix($0) })
    }

    private static let swept = LockedSet()

    static func removeOnce(forOutput path: String) {
        let folder = OutputPath.folder(of: path)
        guard swept.insert(folder) else { return }
        StaleTemporaries.remove(inFolder: folder)
    }
}

/// A set of strings safe to use from several threads.
final class LockedSet: @unchecked Sendable {
    private var members = Set<String>()
    private let lock = Lock()

    /// Inserts `member`; true when it was not there yet.
    func insert(_ member: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return members.insert(member).inserted
    }
}
