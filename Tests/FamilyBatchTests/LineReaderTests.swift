@testable import FamilyBatch
import Foundation
import Testing

@Suite struct LineReaderTests {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "familychart-lines-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func linesAndBreaksAreRead() throws {
        let reader = try LineReader(path: file(Array("a\r\nbb\n\nccc".utf8)))
        #expect(Array(IteratorSequence(reader)).map { String(decoding: $0, as: UTF8.self) } == ["a", "bb", "", "ccc"])
    }

    @Test func aLineTooLongIsSkippedWithoutKeepingIt() throws {
        let long = [UInt8](repeating: 0x61, count: 3 << 20)
        let reader = try LineReader(path: file(long + [0x0A] + Array("next\n".utf8) + long), maximumLineBytes: 1 << 20)
        #expect(reader.next() == [] && reader.lastLineWasTooLong && reader.lineNumber == 1)
        #expect(reader.next() == Array("next".utf8) && !reader.lastLineWasTooLong)
        #expect(reader.next() == [] && reader.lastLineWasTooLong && reader.lineNumber == 3, "a long last line without a break too")
        #expect(reader.next() == nil)
    }

    @Test func eachByteIsSearchedOnce() throws {
        let line = [UInt8](repeating: 0x61, count: 8 << 20)
        let bytes = line + [0x0A] + Array("short\n".utf8) + line
        let reader = try LineReader(path: file(bytes), maximumLineBytes: 1 << 30)
        #expect(reader.next()?.count == line.count && reader.next()?.count == 5 && reader.next()?.count == line.count)
        #expect(reader.bytesSearched == bytes.count, "a long line is searched once, not once per chunk read")
    }
}
