import Foundation
import TestSupport
import Testing

/// `familychart relate FILE A B`.
@Suite struct RelateCLITests {
    private let royal = FixturePaths.gedcom("royal92")

    @Test func elizabethAndPhilipInWordsAndJSON() throws {
        let text = try CLIRunner.run(["relate", royal, "@I52@", "@I57@"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Philip Mountbatten is Elizabeth II Alexandra Mary Windsor's second cousin once removed (common ancestors: Christian IX and Louise of Hesse-Cassel)")
        #expect(lines.count >= 3 && lines[1].contains("third cousin (common ancestors: Albert Augustus Charles and Victoria Hanover)"))
        // Every line: two fourth-cousin lines through different couples are one "double" sentence.
        #expect(lines[2].contains("double fourth cousin (common ancestors: Frederick of Hesse-Cassel and Caroline of Nassau- Usingen; Ludwig of Wurttemberg and Henriette)"), "\(lines)")
        let json = try CLIRunner.run(["relate", royal, "I52", "I57", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["a"] as? String == "I52" && object["b"] as? String == "I57" && object["truncated"] as? Bool == false)
        let relations = try #require(object["relationships"] as? [[String: Any]])
        #expect(relations.count == lines.count + 1, "the double fourth cousin is two lines in JSON")
        #expect(relations.allSatisfy { $0["by"] as? String == "birth" })
        #expect(relations[0]["term"] as? String == "second cousin once removed")
        #expect(relations[0]["generationsUpFromA"] as? Int == 4 && relations[0]["generationsDownToB"] as? Int == 3)
        #expect(relations[0]["half"] as? Bool == false && relations[0]["commonAncestors"] as? [String] == ["I225", "I226"])
        #expect((relations[0]["path"] as? [String])?.first == "I52" && (relations[0]["path"] as? [String])?.last == "I57")
        #expect((object["marriagePath"] as? [Any])?.isEmpty == true)
    }

    @Test func noBloodRelationshipExitsZeroWithTheMarriagePath() throws {
        // Prince Charles's wife Diana (I65) and Philip (I57): Diana is the wife of Philip's son.
        let text = try CLIRunner.run(["relate", royal, "I57", "I65"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("no blood relationship found; "))
        #expect(text.stdout.split(separator: "\n").count == 1, "one sentence")
        #expect(text.stdout.contains("is the wife of Philip Mountbatten's son"), "\(text.stdout)")
        let json = try CLIRunner.run(["relate", royal, "I57", "I65", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["relationships"] as? [Any])?.isEmpty == true)
        let steps = try #require(object["marriagePath"] as? [[String: String]])
        #expect(steps.map { $0["link"] ?? "" } == ["son", "wife"] && steps.first?["from"] == "I57" && steps.last?["to"] == "I65")
    }

    @Test func badRequestsAreRefused() throws {
        let unknown = try CLIRunner.run(["relate", royal, "I52", "I5700000"])
        #expect(unknown.status == 1 && unknown.stderr.contains("B \"I5700000\": no person has this id"), "\(unknown.stderr)")
        let misspelt = try CLIRunner.run(["relate", FixturePaths.gedcom("hourglass"), "XX", "X"])
        #expect(misspelt.status == 1 && misspelt.stderr.contains("did you mean"), "\(misspelt.stderr)")
        let same = try CLIRunner.run(["relate", royal, "I52", "@I52@"])
        #expect(same.status == 1 && same.stderr.contains("A and B are the same person (\"I52\")"), "\(same.stderr)")
        let format = try CLIRunner.run(["relate", royal, "I52", "I57", "--format", "xml"])
        #expect(format.status == 2 && format.stderr.contains("--format must be text or json"))
        let missing = try CLIRunner.run(["relate", royal, "I52"])
        #expect(missing.status == 2 && missing.stderr.contains("missing B"))
    }

    @Test func aRelationshipChartOfElizabethAndPhilip() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let layout = try CLIRunner.run(["layout", royal, "--chart", "relationship", "--focus", "@I52@", "--to", "@I57@"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout.contains(#""chart":"relationship""#) && layout.stdout.contains(#""reason":"another-path""#))
        let render = try CLIRunner.run(["render", royal, "--chart", "relationship", "--focus", "I52", "--to", "I57", "-o", directory + "/r.pdf"])
        #expect(render.status == 0, "\(render.stderr)")
        if ExternalTool.available("pdftotext") {
            let text = ExternalTool.run("pdftotext", [directory + "/r.pdf", "-"]) ?? ""
            #expect(text.contains("Second cousin once removed") && text.contains("Christian IX") && text.contains("gen. 5"), "\(text)")
        }
        let manifest = #"{"input": "\#(royal)", "output": "\#(directory)/b.png", "chart": "relationship", "focus": "I57", "to": "I65"}"#
        try manifest.write(toFile: directory + "/m.jsonl", atomically: true, encoding: .utf8)
        let batch = try CLIRunner.run(["batch", directory + "/m.jsonl", "--size", "400x300"])
        #expect(batch.status == 0 && FileManager.default.fileExists(atPath: directory + "/b.png"), "\(batch.stderr)")
        try #"{"input": "\#(royal)", "output": "\#(directory)/c.png", "chart": "relationship", "focus": "I57"}"#
            .write(toFile: directory + "/n.jsonl", atomically: true, encoding: .utf8)
        let missing = try CLIRunner.run(["batch", directory + "/n.jsonl", "--size", "400x300"])
        #expect(missing.status == 1 && missing.stderr.contains("\"chart\": \"relationship\" needs \"focus\" A and \"to\" B"), "\(missing.stderr)")
    }

    @Test func relationshipChartOptionsAreChecked() throws {
        for (arguments, status, message) in [
            (["--chart", "relationship", "--focus", "I52"], 2, "--chart relationship needs --focus A and --to B"),
            (["--chart", "relationship", "--to", "I52"], 2, "--chart relationship needs --focus A and --to B"),
            (["--to", "I52"], 2, "--chart relationship needs --focus A and --to B"),
            (["--chart", "relationship", "--focus", "I52", "--to", "I52"], 1, "--focus and --to are the same person"),
            (["--chart", "relationship", "--focus", "I52", "--to", "I5700000"], 1, "--to \"I5700000\": no person has this id"),
        ] as [([String], Int32, String)] {
            let result = try CLIRunner.run(["layout", royal] + arguments)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
