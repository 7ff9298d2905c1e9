internal import CCairo

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
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        filtered[0] = 2  // filter type Up
        var compressed: [UInt8] = []
        compressed.reserveCapacity(width * height / 8)
        for y in 0..<height {
            let line = UnsafeRawPointer(data + y * stride)
            for x in 0..<width {
                let pixel = line.load(fromByteOffset: x * 4, as: UInt32.self)  // 0x00RRGGBB, native endian
                row[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                row[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                row[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
            }
            for i in 0..<rowBytes { filtered[i + 1] = row[i] &- previous[i] }
            try deflater.add(filtered, finish: y == height - 1, into: &compressed)
            swap(&row, &previous)
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

/// One zlib deflate stream, ended in `deinit`.
private final class Deflater {
    private var stream = z_stream()

    init(level: Int32) throws(PainterError) {
        guard CCairo_deflateInit(&stream, level) == Z_OK else {
            throw .cairo(operation: "encoding the PNG", reason: "zlib could not start")
        }
    }

    deinit { deflateEnd(&stream) }

    func add(_ input: [UInt8], finish: Bool, into output: inout [UInt8]) throws(PainterError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    output.append(contentsOf: target[0..<(target.count - Int(stream.avail_out))])
                }
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
