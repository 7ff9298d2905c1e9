import FamilyModel
@testable import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Debian's node, when installed.
enum NodeJS {
    static let path = ["/usr/bin/node", "/usr/bin/nodejs"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The page's script and style as real files (Sources/FamilyPainter/Web/Page): embedded
/// exactly, every one used, the joined script valid JavaScript (`node --check`), and the pure
/// files' unit tests (`node --test` on Tests/PageScript). Node is Debian's `nodejs`
/// (scripts/setup installs it).
@Suite(.enabled(if: NodeJS.path != nil, "needs Debian's nodejs: run scripts/setup"))
struct PageScriptTests {
    static let folder = FixturePaths.root + "/Sources/FamilyPainter/Web/Page"
    static let tests = FixturePaths.root + "/Tests/PageScript"

    /// Node's exit status and its output (standard output and error together).
    func node(_ arguments: [String], in directory: String = FixturePaths.root) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NodeJS.path!)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func everyFileIsEmbeddedExactlyAndUsed() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") }.sorted()
        #expect(PageAssets.files.map(\.name) == onDisk)
        for (name, text) in PageAssets.files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))
            #expect(Array(text.utf8) == Array(bytes), "\(name) is embedded byte for byte")
            let joined = name.hasSuffix(".js") ? ViewerScript.source : ViewerStyle.css
            #expect(joined.contains(text), "\(name) is part of the page")
        }
        let scripts = PageAssets.files.filter { $0.name.hasSuffix(".js") }.map(\.text.utf8.count).reduce(0, +)
        #expect(ViewerScript.source.utf8.count == scripts, "the script is its files, each once")
        let styles = PageAssets.files.filter { $0.name.hasSuffix(".css") }.map(\.text.utf8.count).reduce(0, +)
        #expect(ViewerStyle.css.utf8.count == styles, "the style sheet is its files, each once")
    }

    @Test func theJoinedScriptIsValidJavaScript() throws {
        let path = NSTemporaryDirectory() + "familychart-page-\(UUID().uuidString).js"
        try Data(ViewerScript.source.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try node(["--check", path])
        #expect(status == 0, "node --check: \(output)")
    }

    @Test func thePureFilesPassTheirNodeTests() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.tests).filter { $0.hasSuffix(".test.js") }.sorted()
        #expect(!files.isEmpty)
        let (status, output) = try node(["--test"] + files, in: Self.tests)
        #expect(status == 0, "node --test:\n\(output)")
    }

    /// The page's kinship words are the model's, for every pair of distances up to 30.
    @Test func thePageSaysRelationshipsInTheModelsWords() throws {
        let genders: [Gender] = [.male, .female, .unknown]  // the script's order
        var expected: [String] = []
        for a in 0...30 { for b in 0...30 where a + b > 0 { for half in [false, true] { for gender in genders {
            expected.append(KinshipTerm.english(up: a, down: b, half: half, gender: gender))
        } } } }
        let script = """
            const { load } = require("./load.js");
            const run = load("kinship-words.js");
            const out = [];
            for (let a = 0; a <= 30; a++) for (let b = 0; b <= 30; b++) if (a + b > 0)
              for (const half of [false, true]) for (const g of ["male", "female", "unknown"])
                out.push(run(`kinTerm(${a}, ${b}, ${half}, "${g}")`));
            process.stdout.write(JSON.stringify(out));
            """
        let (status, output) = try node(["-e", script], in: Self.tests)
        #expect(status == 0, "\(output)")
        let words = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String] ?? []
        #expect(words.count == expected.count)
        let differing = zip(words, expected).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(5)
        #expect(differing.isEmpty, "page ≠ model: \(differing.map { "\($0.element.0) ≠ \($0.element.1)" })")
    }
}
