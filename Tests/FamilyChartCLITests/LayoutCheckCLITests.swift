import Foundation
import TestSupport
import Testing

/// `familychart layout --check`: the scene is written and checked against the layout's rules.
@Suite struct LayoutCheckCLITests {
    @Test func theCheckSaysTheSceneHoldsEveryRule() throws {
        let directory = try CLIRunner.temporaryDirectory()
        for options in [[], ["--compact"], ["--chart", "ancestors", "--orientation", "right-left"], ["--chart", "hourglass", "--box", "name,dates,marriage"]] {
            let result = try CLIRunner.run(["layout", FixturePaths.gedcom("hourglass"), "--check", "-o", directory + "/scene.json"] + options)
            #expect(result.status == 0 && result.stderr.contains("check: the scene holds every layout rule"), "\(options): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: directory + "/scene.json"))
        }
        let fan = try CLIRunner.run(["layout", FixturePaths.gedcom("hourglass"), "--chart", "fan", "--check"])
        #expect(fan.status == 0 && fan.stderr.contains("a fan has rings, not rows"), "\(fan.stderr)")
        let draft = try CLIRunner.run(["layout", FixturePaths.gedcom("hourglass"), "--check", "--stop-after", "rows"])
        #expect(draft.status == 2 && draft.stderr.contains("--check checks the scene"), "\(draft.stderr)")
    }
}
