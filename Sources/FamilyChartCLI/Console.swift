import FamilyModel

#if canImport(Glibc)
import Glibc
#endif

/// Where a command's text goes: standard output for results asked for on stdout,
/// standard error for warnings and errors. Tests capture both.
final class Console {
    private(set) var capturedOutput = ""
    private(set) var capturedErrors = ""
    private let captures: Bool

    init(capturing: Bool = false) { captures = capturing }

    /// Writes a result to stdout. Control characters from an input (a name's ESC or BEL in
    /// `relate`'s answer: they set the terminal's title, cleared the screen) are escaped
    /// as in messages (`\u{1B}`), line breaks and tabs kept (issue 49, R7); JSON results
    /// escape theirs as JSON first (`MessageText.jsonPrintable`).
    func output(_ text: String) {
        let text = MessageText.printable(text)
        if captures { capturedOutput += text } else { write(1, text) }
    }

    /// Writes a message to stderr. Control characters that reached it from an input
    /// (terminal escapes, C1, bidi controls) are escaped here as a last line of defence;
    /// line breaks inside input values are escaped where the message is made. One message
    /// is at most `MessageText.maximumMessageBytes` long (the rest is left out, said so).
    func error(_ text: String) {
        let text = MessageText.bounded(MessageText.printable(text))
        if captures { capturedErrors += text } else { write(2, text) }
    }

    /// Writes this tool's own terminal controls (the progress bar's carriage return and
    /// line clearing) to stderr unescaped; never text from an input.
    func terminalControl(_ text: String) {
        if captures { capturedErrors += text } else { write(2, text) }
    }

    private func write(_ fd: Int32, _ text: String) { write(fd, Array(text.utf8)) }

    private func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
