import FamilyModel
import Foundation
import TestSupport
import Testing

@Suite struct CLITests {
    let fonts = ["--font-config", FixturePaths.fontConfig]

    @Test func versionAndHelp() throws {
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("familychart "))
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        for command in ["render", "layout", "validate", "demo", "generate"] {
            #expect(help.stdout.contains("  \(command) "))
            let commandHelp = try CLIRunner.run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.stdout.contains("Usage: familychart \(command)"))
        }
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["render"], "missing INPUT"),
        (["render", "x.json"], "missing --output FILE"),
        (["render", "x.json", "--outptu", "a.png"], "unknown option '--outptu'"),
        (["render", "x.json", "-o"], "-o needs a value"),
        (["validate", "a.json", "b.json"], "unexpected argument 'b.json'"),
        (["generate", "lots"], "N must be a whole number"),
        (["demo", "-o", "chart.gif"], "cannot tell the format of 'chart.gif'"),
        (["demo", "-o", "c.png", "--scale", "-1"], "the PNG scale must be at least 0.01"),
        (["demo", "-o", "c.png", "--layout", "radial"], "--layout must be family, tidy or columns"),
    ])
    func usageErrorsExitWithStatus2(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("--help"))
    }

    @Test func validateReportsCountsOrEveryProblem() throws {
        let ok = try CLIRunner.run(["validate", FixturePaths.family("two-roots")])
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok: 6 persons, 1 couples, 1 single-parent families, 2 generations, 2 trees\n")

        let directory = try CLIRunner.temporaryDirectory()
        let bad = directory + "/bad.json"
        try #"[[{"id": "a", "name": "A", "coupleID": "b", "childrenIDs": ["c"]}], [{"id": "a", "name": "again"}]]"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["validate", bad])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad): 3 problems"))
        #expect(result.stderr.contains("duplicate id \"a\" at generations[0][0] and generations[1][0]"))
        #expect(result.stderr.contains("coupleID \"b\" names nobody"))
        #expect(result.stderr.contains("child \"c\" is not in the data"))
    }

    @Test func invalidInputWritesNoOutputAndKeepsAnOldOne() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let bad = directory + "/bad.json"
        try "[[{\"id\": \"a\",}]]".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", bad, "-o", directory + "/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad):1:14: invalid JSON"), "\(result.stderr)")
        #expect(CLIRunner.files(in: directory) == ["bad.json"])

        try "previous".write(toFile: directory + "/keep.pdf", atomically: true, encoding: .utf8)
        _ = try CLIRunner.run(["render", bad, "-o", directory + "/keep.pdf"])
        #expect(try String(contentsOfFile: directory + "/keep.pdf", encoding: .utf8) == "previous")
        #expect(CLIRunner.files(in: directory) == ["bad.json", "keep.pdf"])
    }

    @Test func missingFilesAndUnwritablePlacesAreClearErrors() throws {
        let missing = try CLIRunner.run(["render", "/nonexistent/family.json", "-o", "/tmp/x.png"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/family.json: cannot read: No such file or directory"))

        let unwritable = try CLIRunner.run(["demo", "-o", "/nonexistent-dir/chart.png"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("error:"), "\(unwritable.stderr)")

        let directory = try CLIRunner.temporaryDirectory()
        let intoDirectory = try CLIRunner.run(["demo", "-o", directory, "--format", "png"])
        #expect(intoDirectory.status == 1)
        #expect(intoDirectory.stderr.contains("it is a directory"))
    }

    @Test func tooLargeRastersAreRefusedWithAHint() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["demo", "-o", directory + "/huge.png", "--scale", "50"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("32767 px a side"))
        #expect(CLIRunner.files(in: directory).isEmpty)
    }

    @Test func rendersEveryFormatFromAFileAndFromStandardInput() throws {
        let directory = try CLIRunner.temporaryDirectory()
        for format in ["png", "pdf", "svg"] {
            let result = try CLIRunner.run(["render", FixturePaths.family("two-roots"), "-o", directory + "/chart.\(format)"] + fonts)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let json = try String(contentsOfFile: FixturePaths.family("wide-flat"), encoding: .utf8)
        let piped = try CLIRunner.run(["render", "-", "-o", directory + "/piped", "--format", "png", "--dpi", "36"] + fonts, stdin: json)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(CLIRunner.files(in: directory) == ["chart.pdf", "chart.png", "chart.svg", "piped"])
        let png = try Data(contentsOf: URL(fileURLWithPath: directory + "/piped"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func layoutWritesTheSceneGraph() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["layout", FixturePaths.family("childless-couple"), "-o", directory + "/scene.json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/scene.json"))) as! [String: Any]
        #expect((object["persons"] as! [Any]).count == 2)
        #expect((object["coupleBars"] as! [[String: Any]])[0]["ids"] as! [String] == ["h", "w"])

        let stdout = try CLIRunner.run(["layout", "-"], stdin: "[[{\"id\": \"x\", \"name\": \"X\"}]]")
        #expect(stdout.status == 0)
        #expect(stdout.stdout.hasPrefix("{\"chart\":\"family\",\"connectors\":[],\"coupleBars\":[],\"format\":3,\"height\":"))
    }

    @Test func warningsGoToStandardErrorAndResultsToFiles() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let input = directory + "/f.json"
        try #"[[{"id": "a", "name": "A", "coupleID": "b"}, {"id": "b", "name": "B"}]]"#.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", input, "-o", directory + "/f.png"] + fonts)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("warning: \(input): \"a\" names \"b\" as spouse but not the other way round"))
    }

    @Test func demoDrawsXiaomingsFamily() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["demo", "-o", directory + "/demo.png", "--scale", "1"] + fonts)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "the demo has nothing to warn about")
        let data = try CLIRunner.run(["demo", "--print-data"])
        #expect(data.stdout.contains("小明"))
        let validated = try CLIRunner.run(["validate", "-"], stdin: data.stdout)
        #expect(validated.stdout == "ok: 24 persons, 8 couples, 1 single-parent families, 4 generations, 1 trees\n")
    }

    /// A relative --font-config is read from the working directory, as every other path is
    /// (fontconfig alone would look for it in its own configuration folder), and draws
    /// the same image as the absolute path.
    @Test func aRelativeFontConfigIsReadFromTheWorkingDirectory() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let relative = try CLIRunner.run(["demo", "-o", directory + "/relative.png", "--scale", "1", "--font-config", "fonts/fonts.conf"],
                                         in: FixturePaths.fixtures)
        #expect(relative.status == 0 && relative.stderr.isEmpty, "\(relative.stderr)")
        let absolute = try CLIRunner.run(["demo", "-o", directory + "/absolute.png", "--scale", "1"] + fonts)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        #expect(FileManager.default.contents(atPath: directory + "/relative.png") == FileManager.default.contents(atPath: directory + "/absolute.png"))
    }

    @Test func generateWritesReproducibleJSONAndDot() throws {
        let a = try CLIRunner.run(["generate", "250", "--seed", "3"])
        let b = try CLIRunner.run(["generate", "250", "--seed", "3"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        let validated = try CLIRunner.run(["validate", "-"], stdin: a.stdout)
        #expect(validated.stdout.hasPrefix("ok: 250 persons"))
        let dot = try CLIRunner.run(["generate", "250", "--seed", "3", "--format", "dot"])
        #expect(dot.stdout.hasPrefix("digraph family {"))
    }

    @Test func timingsNameEveryStage() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let render = try CLIRunner.run(["render", FixturePaths.family("wide-flat"), "-o", directory + "/c.pdf", "--timings"] + fonts)
        #expect(render.status == 0)
        for stage in ["read=", "parse=", "validate=", "layout=", "paint=", "encode=", "total="] {
            #expect(render.stderr.contains(stage), "\(render.stderr)")
        }
        let layout = try CLIRunner.run(["layout", FixturePaths.family("wide-flat"), "-o", directory + "/s.json", "--timings"])
        #expect(layout.stderr.hasPrefix("timings (ms): read="))
    }
}
