#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few text operations the package needs beyond the standard library, so that it links
/// only FoundationEssentials: the full Foundation and ICU cost every process about 2.5 ms
/// to load (a batch starts two or three, a thumbnail takes about 1 ms).
extension StringProtocol {
    /// The text without white space or line breaks at either end.
    public func trimmingWhitespaceAndNewlines() -> String {
        var text = self[...]
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    /// The range of the last occurrence of `other` (nil when there is none).
    public func lastRange(of other: some StringProtocol) -> Range<Index>? {
        ranges(of: other).last
    }
}

/// `format` filled as C's printf fills it with numbers (`%g`, `%.1f`, `%02d`): what
/// Foundation's `String(format:)` gives for such formats.
public func printfFormatted(_ format: String, _ arguments: CVarArg...) -> String {
    func formatted(room: Int) -> (text: String, needed: Int) {
        var needed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            needed = withVaList(arguments) { list in
                buffer.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, room, format, list) }
            }
            count = max(0, min(Int(needed), room - 1))
        }
        return (String(decoding: bytes, as: UTF8.self), Int(needed))
    }
    let first = formatted(room: 128)
    return first.needed < 128 ? first.text : formatted(room: first.needed + 1).text
}
