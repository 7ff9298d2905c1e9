internal import CCairo
internal import CImageCodecs
#if canImport(Glibc)
import Glibc
#endif

/// Writes 8-bit RGB PNGs from Cairo RGB24 pixels with zlib directly, so the compression
/// level can be chosen: Cairo's own PNG writer always uses zlib's default (level 6),
/// which for large charts costs several times the painting. Level 1 with the "Up"
/// filter keeps chart images (flat colours, long straight lines) small and is much faster.
///
/// Images of up to `runsLimit` pixels (thumbnails) are deflated without zlib's match
/// search instead (`CImageCodecs_png_runs_idat`: the same "Up" rows, deflated as runs of
/// a repeated byte or pixel in one block): a third of the time of level 1 for a 256×256
/// thumbnail, and no larger (5–8 KiB either way). The pixels are the same whichever
/// way an image is deflated.
///
/// An encoder keeps its zlib stream between images (reset, not rebuilt: a thumbnail
/// batch encodes thousands); one encoder per thread. Rows are filtered and deflated in
/// bands of about 256 KiB, so a thumbnail is one deflate call and a poster's memory
/// stays small; zlib's output does not depend on how its input is cut, so the bytes are
/// those of a row-by-row encoder.
final class PNGEncoder {
    /// zlib level, 0 (store) to 9 (smallest).
    let level: Int32
    private var deflater: Deflater?

    /// Images of at most this many pixels are deflated as runs (its working memory is two
    /// bytes per byte of image data: 6 MiB at the default limit).
    let runsLimit: Int

    init(level: Int32 = 1, runsLimit: Int = 1 << 20) {
        self.level = level
        self.runsLimit = runsLimit
    }

    /// Encodes the pixels of an RGB24 image surface as a complete PNG file.
    func encode(_ surface: CairoSurface) throws(PainterError) -> [UInt8] {
        let (data, width, height, stride) = try surface.imagePixels("encoding the PNG")
        let compressed = width * height <= runsLimit
            ? try Self.runs(data, width: width, height: height, stride: stride)
            : try deflated(data, width: width, height: height, stride: stride)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour RGB, deflate, adaptive filtering, no interlace
        png.reserveCapacity(compressed.count + 64)
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", [])
        return png
    }

    /// The zlib stream of a small image's "Up"-filtered rows, deflated as runs.
    private static func runs(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) throws(PainterError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard CImageCodecs_png_runs_idat(data, Int32(width), Int32(height), Int32(stride), &bytes, &count) == 0, let bytes else {
            throw .cairo(operation: "encoding the PNG", reason: "out of memory")
        }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The zlib stream of the image's "Up"-filtered rows at `level`, deflated in bands.
    private func deflated(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) throws(PainterError) -> [UInt8] {
        let deflater: Deflater
        if let kept = self.deflater {
            deflater = kept
            try deflater.reset()
        } else {
            deflater = try Deflater(level: level)
            self.deflater = deflater
        }
        let rowBytes = width * 3 + 1
        let bandRows = max(1, min(height, (256 << 10) / max(1, rowBytes)))
        var band = [UInt8](repeating: 0, count: bandRows * rowBytes)
        var compressed: [UInt8] = []
        compressed.reserveCapacity(width * height / 8 + 64)
        var y = 0
        repeat {
            let rows = min(bandRows, height - y)
            band.withUnsafeMutableBufferPointer { band in
                for r in 0..<rows {
                    Self.filterUp(row: UnsafeRawPointer(data + (y + r) * stride),
                                  above: y + r > 0 ? UnsafeRawPointer(data + (y + r - 1) * stride) : nil,
                                  width: width, into: band.baseAddress! + r * rowBytes)
                }
            }
            y += rows
            try deflater.add(band, count: rows * rowBytes, finish: y >= height, into: &compressed)
        } while y < height
        return compressed
    }

    /// One row with filter type Up (2): each byte less the byte above it (none above the
    /// first row). Cairo's pixels are 0x00RRGGBB words in native order.
    @inline(__always)
    private static func filterUp(row: UnsafeRawPointer, above: UnsafeRawPointer?, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = 2
        let pixels = row.assumingMemoryBound(to: UInt32.self)
        if let above {
            let up = above.assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = pixels[x], over = up[x]
                out[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 16) &- UInt8(truncatingIfNeeded: over >> 16)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: pixel >> 8) &- UInt8(truncatingIfNeeded: over >> 8)
                out[3 * x + 3] = UInt8(truncatingIfNeeded: pixel) &- UInt8(truncatingIfNeeded: over)
            }
        } else {
            for x in 0..<width {
                let pixel = pixels[x]
                out[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[3 * x + 3] = UInt8(truncatingIfNeeded: pixel)
            }
        }
    }
}

/// One zlib deflate stream and its output buffer, both released in `deinit`.
private final class Deflater {
    private var stream = z_stream()
    /// Where zlib writes before the bytes are appended to the output: made once (a fresh
    /// zeroed buffer per row cost a 64 KiB memset per row, most of a thumbnail's encoding).
    private let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)

    init(level: Int32) throws(PainterError) {
        guard CImageCodecs_deflateInit(&stream, level) == Z_OK else {  // deinit still runs and frees the buffer
            throw .cairo(operation: "encoding the PNG", reason: "zlib could not start")
        }
    }

    deinit {
        deflateEnd(&stream)
        chunk.deallocate()
    }

    /// Starts a new zlib stream with the same settings.
    func reset() throws(PainterError) {
        guard deflateReset(&stream) == Z_OK else { throw .cairo(operation: "encoding the PNG", reason: "zlib could not start") }
    }

    func add(_ input: [UInt8], count: Int, finish: Bool, into output: inout [UInt8]) throws(PainterError) {
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(count)
            repeat {
                stream.next_out = chunk.baseAddress
                stream.avail_out = UInt32(chunk.count)
                status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
            } while stream.avail_out == 0 || (finish && status == Z_OK)
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw .cairo(operation: "encoding the PNG", reason: "zlib failed with status \(status)")
        }
    }
}

private extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                            UInt8(truncatingIfNeeded: value)])
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        let crcInput = typeBytes + data
        let crc = crcInput.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        append(contentsOf: crcInput)
        appendBigEndian(UInt32(crc))
    }
}
