internal import CCairo
internal import CImageCodecs

/// Writes 8-bit RGB PNGs from Cairo RGB24 pixels with zlib directly, so the compression
/// level can be chosen: Cairo's own PNG writer always uses zlib's default (level 6),
/// which for large charts costs several times the painting. Level 1 with the "Up"
/// filter keeps chart images (flat colours, long straight lines) small and is much faster.
struct PNGEncoder {
    /// zlib level, 0 (store) to 9 (smallest).
    var level: Int32 = 1

    /// Encodes the pixels of an RGB24 image surface as a complete PNG file.
    func encode(_ surface: CairoSurface) throws(PainterError) -> [UInt8] {
        let (data, width, height, stride) = try surface.imagePixels("encoding the PNG")
        let deflater = try Deflater(level: level)
        let rowBytes = width * 3
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        filtered[0] = 2  // filter type Up: each byte less the byte above it (none above the first row)
        var compressed: [UInt8] = []
        compressed.reserveCapacity(width * height / 8)
        for y in 0..<height {
            let line = UnsafeRawPointer(data + y * stride)
            let above = y > 0 ? UnsafeRawPointer(data + (y - 1) * stride) : nil
            filtered.withUnsafeMutableBufferPointer { filtered in
                for x in 0..<width {
                    let pixel = line.load(fromByteOffset: x * 4, as: UInt32.self)  // 0x00RRGGBB, native endian
                    let up = above?.load(fromByteOffset: x * 4, as: UInt32.self) ?? 0
                    filtered[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 16) &- UInt8(truncatingIfNeeded: up >> 16)
                    filtered[3 * x + 2] = UInt8(truncatingIfNeeded: pixel >> 8) &- UInt8(truncatingIfNeeded: up >> 8)
                    filtered[3 * x + 3] = UInt8(truncatingIfNeeded: pixel) &- UInt8(truncatingIfNeeded: up)
                }
            }
            try deflater.add(filtered, finish: y == height - 1, into: &compressed)
        }
        if height == 0 { try deflater.add([], finish: true, into: &compressed) }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour RGB, deflate, adaptive filtering, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", [])
        return png
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

    func add(_ input: [UInt8], finish: Bool, into output: inout [UInt8]) throws(PainterError) {
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
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
