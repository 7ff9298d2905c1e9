/// A growable byte buffer for writers on hot paths: appending a byte is a store and an
/// increment, without the uniqueness and capacity checks `[UInt8].append` makes.
final class ByteSink {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
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
        var k = count + digits - 1
        repeat {
            storage[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            k -= 1
        } while magnitude > 0
        count += digits
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }
}
