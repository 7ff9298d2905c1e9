import Foundation
import Testing
@testable import FamilyBatch

/// The watchdog reads the kernel's OOM-kill count from /proc/vmstat before every item.
@Suite struct VMStatTests {
    func value(_ name: String, _ text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { VMStat.value(named: name, in: $0) }
    }

    @Test func findsTheNamedLineOnly() {
        let text = "nr_free_pages 1234\noom_kill_extra 9\noom_kill 17\nnuma_hit 5\n"
        #expect(value("oom_kill", text) == 17)
        #expect(value("numa_hit", text) == 5)
        #expect(value("nr_free_pages", text) == 1234)
        #expect(value("oom_kill", "oom_kill 3") == 3, "a last line without a line break")
        #expect(value("oom_kill", "oom_kills 3\n") == nil)
        #expect(value("oom_kill", "oom_kill x3\n") == nil, "not a number")
        #expect(value("oom_kill", "oom_kill \n") == nil)
        #expect(value("oom_kill", "") == nil)
    }

    @Test func readsThisMachinesCount() throws {
        guard let text = try? String(contentsOfFile: "/proc/vmstat", encoding: .utf8), text.contains("\noom_kill ") else { return }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("oom_kill ") })
        let expected = try #require(Int(line.dropFirst("oom_kill ".count)))
        #expect(try #require(WorkerProcess.oomKills()) >= expected)
    }
}
