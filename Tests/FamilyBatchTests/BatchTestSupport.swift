import FamilyModel
import Foundation

/// Writes generated families (20–200 persons) into a fresh folder and returns its path.
func familiesFolder(count: Int, seedOffset: Int = 0) throws -> String {
    let folder = NSTemporaryDirectory() + "familychart-batch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for i in 0..<count {
        let persons = 20 + (i * 37) % 181
        let text = SeedJSONWriter().write(SyntheticFamily(persons: persons, seed: UInt64(i + seedOffset)).generate())
        try text.write(toFile: folder + "/family-\(String(format: "%03d", i)).json", atomically: true, encoding: .utf8)
    }
    return folder
}

func files(in folder: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        result[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return result
}
