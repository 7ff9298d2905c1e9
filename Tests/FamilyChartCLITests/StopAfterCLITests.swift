import Foundation
import TestSupport
import Testing

/// `familychart layout --stop-after STEP`: the family layout's draft after one step, as
/// JSON (a debugging seam, docs/using.md).
@Suite struct StopAfterCLITests {
    @Test func theDraftAfterAStepNamesItAndHoldsWhatItMade() throws {
        let result = try CLIRunner.run(["layout", FixturePaths.family("childless-couple"), "--stop-after", "order"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["stoppedAfter"] as? String == "order")
        #expect((object["boxes"] as? [[String: Any]])?.count == 2)
        #expect(object["scene"] == nil)
        let last = try CLIRunner.run(["layout", FixturePaths.family("childless-couple"), "--stop-after", "lines"])
        let scene = try CLIRunner.run(["layout", FixturePaths.family("childless-couple")])
        let body = scene.stdout.hasSuffix("\n") ? String(scene.stdout.dropLast()) : scene.stdout
        #expect(last.stdout.contains("\"scene\":" + body), "after the last step the draft holds the scene")
    }

    @Test func anUnknownStepIsAUsageErrorThatListsTheSteps() throws {
        let result = try CLIRunner.run(["layout", FixturePaths.family("childless-couple"), "--stop-after", "placement"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("rows, units, forest, widths, order, references, stretch, narrow, slide, align, birth-order, scene, lines"),
                "\(result.stderr)")
        let help = try CLIRunner.run(["layout", "--help"])
        #expect(help.stdout.contains("--stop-after"))
        let other = try CLIRunner.run(["layout", FixturePaths.family("childless-couple"), "--chart", "ancestors", "--stop-after", "rows"])
        #expect(other.status == 2 && other.stderr.contains("--stop-after is for the whole-family chart"), "\(other.stderr)")
    }
}
