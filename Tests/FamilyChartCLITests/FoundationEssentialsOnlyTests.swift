import Foundation
import TestSupport
import Testing

/// The package's sources import FoundationEssentials, never the whole Foundation (which
/// loads ICU: 2.5–4.6 ms more for every process to start), and use nothing that behaves
/// differently without it. The tests cannot see such a difference by running the
/// command: a debug build links the whole Foundation anyway, only the release build does
/// not — where `TimeZone(identifier: "UTC")` is nil (`--redact-living` once crashed there).
@Suite struct FoundationEssentialsOnlyTests {
    /// Every Swift source file of the package, with its path from the package's root.
    static func sources() throws -> [(path: String, text: String)] {
        let root = FixturePaths.root + "/Sources"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("Sources/" + $0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8))
        }
    }

    @Test func noSourceImportsTheWholeFoundation() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        for (path, text) in sources {
            for line in text.split(separator: "\n") where line.hasPrefix("import Foundation") || line.contains(" import Foundation") {
                #expect(line.hasSuffix("FoundationEssentials"), "\(path): \(line)")
            }
        }
    }

    /// APIs that FoundationEssentials has but answers differently, or not at all, without
    /// FoundationInternationalization and ICU.
    @Test func noSourceNeedsICU() throws {
        let needsICU = ["TimeZone(identifier", "TimeZone.current", "Locale(identifier", "Locale.current", "DateFormatter",
                        "NumberFormatter", "Calendar(identifier", "Calendar.current", ".formatted(", "localized"]
        for (path, text) in try Self.sources() {
            for api in needsICU where text.contains(api) {
                Issue.record("\(path) uses \(api), which needs ICU")
            }
        }
    }
}
