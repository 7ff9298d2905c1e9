import Foundation
import TestSupport

/// Runs the built `familychart` binary, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes (binary formats written to `-o -`).
        var stdoutData = Data()
        /// The signal that ended the process, if one did (`status` is then that signal's number).
        var signal: Int32? = nil
    }

    /// The built `familychart`, or `FAMILYCHART_BINARY` when set.
    static let binary = BuiltBinary.familychart

    /// Runs the built `familychart`; `environment` adds to (or overrides) the test's own.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // stderr goes to a file, so the child can never block on a full pipe while we read stdout.
        let errPath = NSTemporaryDirectory() + "familychart-stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let out = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = errHandle
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errHandle.close()
        let errData = try Data(contentsOf: URL(fileURLWithPath: errPath))
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData,
                      signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "familychart-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}
