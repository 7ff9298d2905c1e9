import Foundation
import TestSupport
import Testing

/// The web outputs from the command line: semantic SVG by default, Cairo's SVG on
/// request, the HTML page from `.html`, links from a template, and batches of both.
@Suite struct WebCLITests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func svgIsSemanticUnlessGlyphsAreAskedAndHTMLComesFromItsExtension() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let family = FixturePaths.family("two-roots")
        for (name, flags) in [("text.svg", [String]()), ("glyphs.svg", ["--svg-glyphs"]), ("page.html", []), ("page.htm", []),
                              ("forced", ["--format", "html"])] {
            let result = try CLIRunner.run(["render", family, "-o", directory + "/" + name] + flags + fonts)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        func text(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }
        #expect(try text("text.svg").contains("<g class=\"person"))
        #expect(try !text("glyphs.svg").contains("<g class=\"person"))
        for name in ["page.html", "page.htm", "forced"] { #expect(try text(name).hasPrefix("<!DOCTYPE html>"), "\(name)") }
    }

    @Test func linkTemplatesLinkEveryFormatAndBadOnesAreUsageErrors() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let family = FixturePaths.family("two-roots")
        let template = ["--link-template", "https://example.org/people/{id}"]
        for name in ["chart.svg", "chart.pdf", "chart.html"] {
            let result = try CLIRunner.run(["render", family, "-o", directory + "/" + name] + template + fonts)
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), as: UTF8.self)
            #expect(bytes.contains("https://example.org/people/"), "\(name)")
        }
        for (flags, message) in [(["--link-template", "https://example.org/"], "must contain {id}"),
                                 (["--link-template", "javascript:alert({id})"], "javascript"),
                                 (["--svg-glyphs"], "--svg-glyphs is for SVG output")] {
            let result = try CLIRunner.run(["render", family, "-o", directory + "/bad.png"] + flags)
            #expect(result.status == 2 && result.stderr.contains(message), "\(flags): \(result.stderr)")
        }
        let poster = try CLIRunner.run(["render", family, "-o", directory + "/poster.html", "--paper", "A6", "--poster"])
        #expect(poster.status == 2 && poster.stderr.contains("a poster has several sheets"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/bad.png"))
    }

    @Test func batchWritesHTMLAndSemanticSVGPerItem() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let families = directory + "/families"
        try FileManager.default.createDirectory(atPath: families, withIntermediateDirectories: true)
        for name in ["two-roots", "wide-flat"] {
            try FileManager.default.copyItem(atPath: FixturePaths.family(name), toPath: families + "/\(name).json")
        }
        let manifest = directory + "/jobs.jsonl"
        try """
            {"input": "families/two-roots.json", "output": "out/a.svg"}
            {"input": "families/wide-flat.json", "output": "out/b.html"}
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let fromManifest = try CLIRunner.run(["batch", manifest, "--quiet"] + fonts)
        #expect(fromManifest.status == 0, "\(fromManifest.stderr)")
        let fromFolder = try CLIRunner.run(["batch", families, "--output-dir", directory + "/pages", "--format", "html", "--quiet"] + fonts)
        #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
        #expect(CLIRunner.files(in: directory + "/out") == ["a.svg", "b.html"])
        #expect(CLIRunner.files(in: directory + "/pages") == ["two-roots.html", "wide-flat.html"])
        #expect(try String(contentsOfFile: directory + "/out/a.svg", encoding: .utf8).contains("data-id=\"r1\""))
        let again = try CLIRunner.run(["batch", families, "--output-dir", directory + "/pages", "--format", "html", "--skip-existing"] + fonts)
        #expect(again.stderr.contains("0 ok, 2 skipped"), "a complete page ends in </html>: \(again.stderr)")
    }

    /// Redacted living persons leave nothing of themselves in the page: not their names,
    /// and ids only of the form `living-N` (in the boxes, the data, the search and the hash).
    @Test func aRedactedPageHoldsNoLivingPersonsNamesOrIds() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["demo", "-o", directory + "/demo.html", "--redact-living"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: directory + "/demo.html", encoding: .utf8)
        let data = try #require(try? JSONSerialization.jsonObject(with: Data(DemoFamilyJSON.text.utf8)) as? [String: Any])
        let persons = (data["generations"] as? [[[String: Any]]] ?? []).flatMap { $0 }
        #expect(persons.count > 20)
        for person in persons {
            let name = person["name"] as? String ?? ""
            #expect(!html.contains(name), "\(name) is in the page")
        }
        let ids = html.matches(of: /data-id="([^"]*)"/).map { String($0.1) }
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("living-") }, "\(ids)")
    }
}

/// The demo's input, as `familychart demo --print-data` prints it.
enum DemoFamilyJSON {
    static var text: String { (try? CLIRunner.run(["demo", "--print-data"]).stdout) ?? "{}" }
}
