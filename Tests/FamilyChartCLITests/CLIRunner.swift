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
    /// `killedAfter`: killed (SIGKILL, through `timeout`) after that many seconds, so that
    /// a command that would wait forever fails its test instead of hanging it.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: String? = nil,
                    environment: [String: String] = [:], killedAfter seconds: Int? = nil) throws -> Result {
        let process = Process()
        if let seconds {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["-s", "KILL", "\(seconds)", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
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

    /// Whether process `pid` or one of its children holds a file in `folder` open: an
    /// output being written, whether a named temporary or an unnamed file (`O_TMPFILE`,
    /// which shows no name in the folder until it is complete).
    static func writesOutput(in folder: String, process pid: pid_t) -> Bool {
        guard let real = realpath(folder, nil) else { return false }
        let prefix = String(cString: real) + "/"
        free(real)
        for process in [pid] + childProcesses(of: pid) {
            let fds = "/proc/\(process)/fd"
            for fd in (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? [] {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + fd), target.hasPrefix(prefix) {
                    return true
                }
            }
        }
        return false
    }

    /// The running children of process `parent` (zombies left out).
    static func childProcesses(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent && fields[0] != "Z"
        }
    }
}
