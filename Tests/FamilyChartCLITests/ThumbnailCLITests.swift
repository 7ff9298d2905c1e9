import FamilyPainter
import Foundation
import TestSupport
import Testing

/// `render --size`, `--view` and `--no-caption`, and `batch --view` / `"view"`: the options'
/// contract (additive: nothing else changes meaning).
@Suite struct ThumbnailCLITests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func renderSizeDrawsAThumbnailOfExactlyThatSize() throws {
        let dir = try CLIRunner.temporaryDirectory()
        for (name, extra) in [("a.png", [String]()), ("b.webp", ["--view", "focus"]), ("c.png", ["--view", "whole", "--no-caption"])] {
            let result = try CLIRunner.run(["render", FixturePaths.family("genfamily-300-seed7"), "--size", "200x150", "-o", dir + "/" + name] + extra + fonts)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let bytes = try #require(FileManager.default.contents(atPath: dir + "/" + name))
            #expect(bytes.count > 100)
        }
        let image = try RasterImage(contentsOfPNG: dir + "/a.png")
        #expect(image.width == 200 && image.height == 150)
    }

    @Test(arguments: [
        (["--view", "focus"], "--view is for thumbnails: give --size WxH too"),
        (["--size", "200x150", "--view", "part"], "--view must be auto, whole or focus, got 'part'"),
        (["--size", "20"], "--size must be WxH"),
        (["--size", "200x150", "--scale", "2"], "give --size or --scale, not both"),
    ] as [([String], String)])
    func renderRefusesThumbnailOptionsThatDoNotGoTogether(_ options: [String], message: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["render", FixturePaths.family("genfamily-300-seed7"), "-o", dir + "/x.png"] + options + fonts)
        #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
        let pdf = try CLIRunner.run(["render", FixturePaths.family("genfamily-300-seed7"), "-o", dir + "/x.pdf", "--size", "200x150"] + fonts)
        #expect(pdf.status == 2 && pdf.stderr.contains("--size is for PNG or WebP output"))
    }

    @Test func aManifestLineNamesItsView() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let family = FixturePaths.family("genfamily-300-seed7")
        let lines = [#"{"input": "\#(family)", "output": "a.png", "view": "focus", "focus": "nobody"}"#,
                     #"{"input": "\#(family)", "output": "b.png", "view": "sideways"}"#,
                     #"{"input": "\#(family)", "output": "c.webp", "view": "whole"}"#]
        try lines.joined(separator: "\n").write(toFile: dir + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", dir + "/jobs.jsonl", "--quiet"] + fonts)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"view\" must be auto, whole or focus"), "\(result.stderr)")
        #expect(result.stderr.contains("no person has this id"), "a focus that names nobody fails its item: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/c.webp"))
        let bad = try CLIRunner.run(["batch", dir + "/jobs.jsonl", "--view", "all"] + fonts)
        #expect(bad.status == 2 && bad.stderr.contains("--view must be auto, whole or focus, got 'all'"))
    }
}
