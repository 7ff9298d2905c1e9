import Foundation
import TestSupport
import Testing

/// Runs every case of `Fixtures/bad` through `familychart render` as a user would.
@Suite struct BadInputCatalogueTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var status: Int32
        var message: String
        var description: String { name }
    }

    static let folder = FixturePaths.fixtures + "/bad"

    static var cases: [Case] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".expect") }.sorted()
        return names.map { file in
            let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
            var status: Int32 = -1
            var message = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("status: ") { status = Int32(line.dropFirst(8)) ?? -1 }
                if line.hasPrefix("message: ") { message = String(line.dropFirst(9)) }
            }
            return Case(name: String(file.dropLast(".expect".count)), status: status, message: message)
        }
    }

    @Test func theCatalogueHasAtLeast40Cases() {
        #expect(Self.cases.count >= 40)
        #expect(Self.cases.allSatisfy { $0.status == 0 || $0.status == 1 })
    }

    @Test(arguments: cases)
    func eachCaseGivesItsStatusMessageAndNoHalfWrittenOutput(_ badCase: Case) throws {
        let directory = try CLIRunner.temporaryDirectory()
        let json = Self.folder + "/\(badCase.name).json"
        let input = FileManager.default.fileExists(atPath: json) ? json : Self.folder + "/\(badCase.name).ged"
        let output = directory + "/out.png"
        let result = try CLIRunner.run(["render", input, "-o", output, "--scale", "0.5", "--font-config", FixturePaths.fontConfig])
        #expect(result.status == badCase.status, "\(badCase.name): \(result.stderr)")
        if badCase.message.isEmpty {
            #expect(result.stderr.isEmpty, "\(badCase.name): drawn without a word, but said: \(result.stderr)")
        } else {
            #expect(result.stderr.contains(badCase.message), "\(badCase.name): expected '\(badCase.message)' in: \(result.stderr)")
        }
        if badCase.status != 0 {
            #expect(result.stderr.contains(input), "\(badCase.name): the message names the file")
            #expect(CLIRunner.files(in: directory).isEmpty, "\(badCase.name): no output, no temporary file")
        } else {
            #expect(CLIRunner.files(in: directory) == ["out.png"])
        }
    }

    /// Cases too big to keep as files, made on the fly.
    @Test func generatedHostileInputs() throws {
        let directory = try CLIRunner.temporaryDirectory()
        // A million empty generations after one person: drawn, warnings summarised.
        let manyEmpty = directory + "/many-empty.json"
        try ("[[{\"id\": \"a\", \"name\": \"A\"}]" + String(repeating: ",[]", count: 1_000_000) + "]")
            .write(toFile: manyEmpty, atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["render", manyEmpty, "-o", directory + "/empty.png"])
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("… and 999990 more warnings like these (1000000 in all)"), "\(empty.stderr.suffix(300))")
        #expect(empty.stderr.split(separator: "\n").count < 20)

        // Nesting a million levels deep: refused, no stack overflow.
        let deep = directory + "/deep.json"
        try (String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)).write(toFile: deep, atomically: true, encoding: .utf8)
        let nested = try CLIRunner.run(["validate", deep])
        #expect(nested.status == 1)
        #expect(nested.stderr.contains("\(deep):1:513: invalid JSON: nesting deeper than 512 levels"), "\(nested.stderr)")

        // A directory where a file is expected.
        let folder = try CLIRunner.run(["validate", directory])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("\(directory): cannot read: it is a directory"))

        // The person limit.
        let limited = try CLIRunner.run(["validate", FixturePaths.family("wide-flat"), "--max-persons", "5"])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("the input holds 14 persons, more than the limit of 5 (raise it with --max-persons)"))
    }
}
