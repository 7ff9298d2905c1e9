import FamilyLayout
import Foundation
import TestSupport
import Testing

/// The documentation keeps up with the program: every option a command's `--help` lists
/// is described in `docs/` (or the README), and the README stays a front page.
@Suite struct DocumentationTests {
    static let commands = ["render", "layout", "validate", "demo", "generate", "batch", "relate"]

    /// The long options `familychart COMMAND --help` lists (lines `  --name …` or `  --name, -x …`).
    static func options(of command: String) throws -> [String] {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0, "\(command) --help: \(help.stderr)")
        return help.stdout.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        }
    }

    static func documentation() throws -> String {
        let docs = FixturePaths.root + "/docs"
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs).filter { $0.hasSuffix(".md") }.sorted()
        #expect(pages.count >= 4, "docs/ has \(pages.count) pages")
        return try (pages.map { docs + "/" + $0 } + [FixturePaths.root + "/README.md"])
            .map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func everyOptionOfEveryCommandIsDocumented() throws {
        let text = try Self.documentation()
        var seen = 0
        for command in Self.commands {
            for option in try Self.options(of: command) {
                seen += 1
                #expect(Self.mentions(option, in: text), "familychart \(command) \(option) is not described in docs/ or README.md")
            }
        }
        #expect(seen > 50, "only \(seen) options found in the commands' help: has its format changed?")
    }

    /// docs/using.md lists the options of some chart kinds as the library's table has them.
    @Test func theOptionsOfSomeKindsAreDocumentedAsTheTableHasThem() throws {
        let using = try String(contentsOfFile: FixturePaths.root + "/docs/using.md", encoding: .utf8)
        #expect(using.contains(ChartOptionSupport.markdownTable), "docs/using.md's table differs from ChartOptionSupport.markdownTable:\n\(ChartOptionSupport.markdownTable)")
    }

    /// Whether `text` names `option` as a whole word (`--page` does not count for `--page-size`).
    static func mentions(_ option: String, in text: String) -> Bool {
        var rest = Substring(text)
        while let found = rest.range(of: option) {
            let after = rest[found.upperBound...].first
            if after.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    @Test func theReadmeIsAFrontPage() throws {
        let readme = try String(contentsOfFile: FixturePaths.root + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines: put the details in docs/ and link them")
        // Every relative link of the README and the docs leads to a file that exists.
        for page in ["README.md", "CONTRIBUTING.md"] + (try FileManager.default.contentsOfDirectory(atPath: FixturePaths.root + "/docs"))
            .filter({ $0.hasSuffix(".md") }).map({ "docs/" + $0 }) {
            let text = try String(contentsOfFile: FixturePaths.root + "/" + page, encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close].prefix { $0 != "#" })
                rest = rest[close...]
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let path = FixturePaths.root + "/" + (folder.isEmpty ? target : folder + "/" + target)
                #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(target), which does not exist")
            }
        }
    }
}
