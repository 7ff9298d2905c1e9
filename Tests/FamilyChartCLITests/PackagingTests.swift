import Foundation
import TestSupport
import Testing

/// What scripts/package installs besides the binary: the man page and the shell completions
/// the binary prints, checked against each command's `--help`; and, when asked for, the
/// package itself unpacked and run without a Swift toolchain in sight.
@Suite struct PackagingTests {
    /// Each command's option spellings, read from its `--help` (the table they are all made from).
    static let helpOptions: [(command: String, options: [[String]])] = {
        guard let overview = try? CLIRunner.run(["--help"]).stdout else { return [] }
        let commands = overview.split(separator: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
        return commands.map { command in
            let help = (try? CLIRunner.run([command, "--help"]).stdout) ?? ""
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Options:" }.dropFirst()
            let options = lines.prefix { $0.hasPrefix("  -") }.map { line in
                let spelled = line.dropFirst(2).split(separator: "  ", maxSplits: 1)[0]
                return spelled.split(separator: ", ").map { String($0.split(separator: " ")[0]) }
            }
            return (command, options)
        }
    }()

    @Test func everyCommandHasOptions() {
        #expect(Self.helpOptions.map(\.command) == ["render", "layout", "validate", "demo", "generate", "relate", "batch"])
        #expect(Self.helpOptions.allSatisfy { $0.options.contains(["--help", "-h"]) })
    }

    @Test func versionNamesTheCommit() throws {
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^familychart \d+\.\d+\.\d+ \(commit [^)]+\)\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
    }

    @Test func manPageListsEveryOptionOfEveryCommand() throws {
        let page = try CLIRunner.run(["--man-page"]).stdout
        for (command, options) in Self.helpOptions {
            let section = page.components(separatedBy: "\n.SS \(command)\n").dropFirst().first?.components(separatedBy: "\n.SS ").first
            #expect(section != nil, "no section for \(command)")
            for names in options {
                let spelled = names.map { "\\fB" + $0.replacingOccurrences(of: "-", with: "\\-") + "\\fR" }.joined(separator: ", ")
                #expect(section?.contains(spelled) == true, "\(command): \(names) missing from the man page")
            }
        }
        guard ExternalTool.available("man") else { return }
        // What lintian runs: any warning of man or groff is a lintian warning.
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try page.write(toFile: directory + "/familychart.1", atomically: true, encoding: .utf8)
        let (status, output) = try shell("man --warnings -E UTF-8 -l -Tutf8 -Z \(directory)/familychart.1 2>&1 >\(directory)/rendered")
        #expect(status == 0 && output.isEmpty, "man: \(output)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionNamesEveryOption(shell name: String) throws {
        let script = try CLIRunner.run(["--completion", name])
        #expect(script.status == 0)
        for (command, options) in Self.helpOptions {
            #expect(script.stdout.contains(command))
            for spelling in options.joined() {
                let word = name == "fish" ? (spelling.hasPrefix("--") ? "-l " + spelling.dropFirst(2) : "-s " + spelling.dropFirst()) : spelling
                #expect(script.stdout.contains(word), "\(name): \(command) \(spelling) missing")
            }
        }
        guard ExternalTool.available(name) else { return }
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try script.stdout.write(toFile: directory + "/completion", atomically: true, encoding: .utf8)
        let (status, output) = try shell("/usr/bin/\(name) -n \(directory)/completion 2>&1")
        #expect(status == 0 && output.isEmpty, "\(name) -n: \(output)")
    }

    /// bash offers exactly the options `--help` lists, and the values an option's help names.
    @Test func bashCompletesOptionsAndValues() throws {
        guard ExternalTool.available("bash") else { return }
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try CLIRunner.run(["--completion", "bash"]).stdout.write(toFile: directory + "/familychart", atomically: true, encoding: .utf8)
        func offered(_ words: String...) throws -> Set<String> {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let (_, output) = try shell("source \(directory)/familychart; COMP_WORDS=(familychart \(quoted)); "
                + "COMP_CWORD=\(words.count); _familychart 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"")
            return Set(output.split(separator: "\n").map(String.init))
        }
        for (command, options) in Self.helpOptions {
            #expect(try offered(command, "-") == Set(options.joined()), "\(command)")
        }
        #expect(try offered("") == Set(Self.helpOptions.map(\.command) + ["help", "--help", "-h", "--version", "--man-page", "--completion"]))
        #expect(try offered("render", "--format", "") == ["png", "webp", "pdf", "svg", "html"])
        #expect(try offered("batch", "--view", "") == ["auto", "whole", "focus"])
        #expect(try offered("render", "--view", "") == ["auto", "whole", "focus"])
        #expect(try offered("batch", "--chart", "") == ["family", "descendants", "ancestors", "hourglass", "relationship", "fan"])
        #expect(try offered("render", "--orientation", "") == ["top-down", "left-right", "bottom-up", "right-left"])
        #expect(try offered("demo", "--fan-empty", "") == ["show", "frontier", "hide"])
        #expect(try offered("render", "--title", "").isEmpty)
        #expect(try offered("--completion", "") == ["bash", "zsh", "fish"])
    }

    // MARK: the package itself

    /// The .deb to check: FAMILYCHART_DEB, or a fresh one when FAMILYCHART_PACKAGE=1 asks
    /// for scripts/package to run (a release build: minutes, so not in every suite run).
    static var packageRequested: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["FAMILYCHART_DEB"] != nil || environment["FAMILYCHART_PACKAGE"] == "1"
    }

    @Test(.enabled(if: packageRequested && ExternalTool.available("dpkg-deb"),
                   "unpacks and runs the package only when FAMILYCHART_DEB=path.deb or FAMILYCHART_PACKAGE=1 asks (and dpkg-deb is installed)"))
    func unpackedPackageRunsWithoutSwift() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var deb = ProcessInfo.processInfo.environment["FAMILYCHART_DEB"] ?? ""
        if deb.isEmpty {
            let (status, output) = try shell("\(FixturePaths.root)/scripts/package --output-dir \(directory)/dist 2>&1")
            #expect(status == 0, "scripts/package: \(output.suffix(2000))")
            deb = CLIRunner.files(in: directory + "/dist").first { $0.hasSuffix(".deb") }.map { directory + "/dist/" + $0 } ?? ""
        }
        let root = directory + "/root"
        if !deb.hasPrefix("/") { deb = FileManager.default.currentDirectoryPath + "/" + deb }
        let unpacked = try shell("dpkg-deb -x '\(deb)' \(root) 2>&1")
        try #require(unpacked.status == 0, "dpkg-deb -x \(deb): \(unpacked.output)")
        for path in ["usr/bin/familychart", "usr/share/man/man1/familychart.1.gz", "usr/share/bash-completion/completions/familychart",
                     "usr/share/zsh/vendor-completions/_familychart", "usr/share/fish/vendor_completions.d/familychart.fish",
                     "usr/share/doc/familychart/copyright", "usr/share/doc/familychart/changelog.gz"] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + path), "\(path) not in the package")
        }
        let binary = root + "/usr/bin/familychart"
        let libraries = try shell("ldd \(binary)").output
        #expect(!libraries.contains("swift") && !libraries.contains("not found"), "\(libraries)")

        // No Swift toolchain on the path or the library path: only what Debian installs.
        func run(_ arguments: String) throws -> (status: Int32, output: String) {
            try shell("cd \(directory) && env -i HOME=\(directory) PATH=/usr/bin:/bin \(binary) \(arguments) 2>&1")
        }
        let version = try run("--version")
        #expect(version.status == 0 && version.output.contains("(commit "), "\(version.output)")
        #expect(try run("demo -o demo.png").status == 0)
        let input = FixturePaths.sharedDatasets.map { $0 + "/topola-demo-data/family.ged" } ?? FixturePaths.gedcom("both-families")
        #expect(try run("render '\(input)' -o shared.png").status == 0)
        #expect(try run("render '\(input)' -o shared.pdf").status == 0)
        let inputs = directory + "/families"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        for name in ["childless-couple", "cjk-long-names", "deep-chain-12"] {
            try FileManager.default.copyItem(atPath: FixturePaths.family(name), toPath: "\(inputs)/\(name).json")
        }
        let batch = try run("batch families --output-dir thumbs --quiet")
        #expect(batch.status == 0, "\(batch.output)")
        #expect(CLIRunner.files(in: directory + "/thumbs") == ["childless-couple.png", "cjk-long-names.png", "deep-chain-12.png"])
        for file in ["demo.png", "shared.png"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 10_000, "\(file): \(bytes.count) bytes")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/shared.pdf")).starts(with: Array("%PDF-".utf8)))
    }

    /// Runs `command` with /bin/bash; its status and standard output.
    private func shell(_ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
