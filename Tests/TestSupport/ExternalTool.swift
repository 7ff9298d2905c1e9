import Foundation

/// Runs a command-line tool the tests use for checking (pdfinfo, pdftotext, pdffonts).
public enum ExternalTool {
    /// Whether `/usr/bin/NAME` exists (scripts/setup installs the ones the tests need).
    public static func available(_ name: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)")
    }

    /// The tool's standard output, or nil when it is missing or fails.
    public static func run(_ name: String, _ arguments: [String]) -> String? {
        guard available(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
