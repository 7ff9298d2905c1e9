import Foundation

/// The `familychart` binary this test run was built with.
public enum BuiltBinary {
    /// Beside the test bundle (or one folder up), else `.build/debug/familychart`, or
    /// `FAMILYCHART_BINARY` when set (to run the CLI tests against another build, e.g. to
    /// see a new test fail on an older one).
    public static let familychart: String = {
        if let chosen = ProcessInfo.processInfo.environment["FAMILYCHART_BINARY"] { return chosen }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [testBundle, testBundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("familychart").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return FixturePaths.root + "/.build/debug/familychart"
    }()
}
