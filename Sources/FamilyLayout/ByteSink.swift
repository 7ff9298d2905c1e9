/// A growable byte buffer for writers on hot paths: appending a byte is a store and an
/// increment, without the uniqueness and capacity checks `[UInt8].append` makes.
///
/// Bytes go into chunks that are never moved, and `takeBytes` frees each chunk as soon
/// as it is copied out, so a 300 MB scene costs little more than 300 MB at its peak.
final class ByteSink {
    private static let chunkSize = 1 << 20
    private var full: [(start: UnsafeMutablePointer<UInt8>, count: Int)] = []
    private var chunk: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0

    init() {
        capacity = Self.chunkSize
        chunk = .allocate(capacity: capacity)
    }

    deinit {
        for part in full { part.start.deallocate() }
        chunk.deallocate()
    }

    /// Makes room for `extra` contiguous bytes in the current chunk.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard used + extra > capacity else { return }
        full.append((chunk, used))
        capacity = max(Self.chunkSize, extra)
        chunk = .allocate(capacity: capacity)
        used = 0
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        chunk[used] = byte
        used += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (chunk + used).update(from: base, count: bytes.count)
        used += bytes.count
    }

    /// Appends a literal's bytes in one copy.
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the decimal digits of an integer.
    func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var limit: UInt64 = 10
        while digits < 20, magnitude >= limit {
            digits += 1
            limit = limit &* 10
        }
        reserve(digits)
        var k = used + digits - 1
        repeat {
            chunk[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            k -= 1
        } while magnitude > 0
        used += digits
    }

    /// Moves everything written to `other` after what this sink holds, without copying it
    /// (its chunks change hands); `other` is empty afterwards.
    func append(contentsOf other: ByteSink) {
        full.append((chunk, used))
        full += other.full
        chunk = other.chunk
        capacity = other.capacity
        used = other.used
        other.full = []
        other.capacity = Self.chunkSize
        other.chunk = .allocate(capacity: other.capacity)
        other.used = 0
    }

    /// Everything written, as one array; the sink is empty afterwards.
    func takeBytes() -> [UInt8] {
        full.append((chunk, used))
        let total = full.reduce(0) { $0 + $1.count }
        let result = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for part in full {
                (buffer.baseAddress! + offset).initialize(from: part.start, count: part.count)
                offset += part.count
                part.start.deallocate()
            }
            initialized = total
        }
        full.removeAll()
        capacity = Self.chunkSize
        chunk = .allocate(capacity: capacity)
        used = 0
        return result
    }
}
