import FamilyLayout
import FamilyModel
import Foundation

/// Paths of the repository's fixtures and of the optional shared data sets.
public enum FixturePaths {
    /// The repository root, found from this file's location.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/TestSupport/Fixtures.swift
        return url.path
    }()

    public static let fixtures = root + "/Fixtures"
    public static let families = fixtures + "/families"
    public static let golden = fixtures + "/golden"
    public static let fontConfig = fixtures + "/fonts/fonts.conf"
    /// Where failed golden comparisons leave their evidence.
    public static let testOutput = root + "/.build/test-output"

    /// `../shared/datasets` beside the checkout, when present (a user's clone has none).
    public static var sharedDatasets: String? {
        let path = URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("shared/datasets").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The GEDCOM files under `sharedDatasets` (`root`), as paths from it, sorted.
    public static func sharedGEDCOMFiles(in root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.lowercased().hasSuffix(".ged") }.sorted()
    }

    public static func family(_ name: String) -> String { families + "/\(name).json" }

    public static func gedcom(_ name: String) -> String { families + "/\(name).ged" }

    /// The fixture family files (without extension), sorted.
    public static var familyNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: families)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// Shorthands for tests: import and lay out without ceremony.
public enum TestFamilies {
    public static func graph(json: String, source: String = "<test>") throws -> FamilyGraph {
        try FamilyImport(json: Array(json.utf8), source: source).graph
    }

    public static func graph(fixture name: String) throws -> FamilyGraph {
        try FamilyImport(file: InputFile(path: FixturePaths.family(name))).graph
    }

    public static func graph(gedcom name: String) throws -> FamilyGraph {
        try FamilyImport(file: InputFile(path: FixturePaths.gedcom(name))).graph
    }

    /// The family of a shared data set's file, `path` under `FixturePaths.sharedDatasets`
    /// (tests that read one are enabled only where the data sets are present).
    public static func graph(shared path: String) throws -> FamilyGraph {
        guard let root = FixturePaths.sharedDatasets else { throw SharedDatasetsAbsent(path: path) }
        return try FamilyImport(file: InputFile(path: root + "/" + path)).graph
    }

    /// `graph(shared:)` without the shared data sets beside the checkout.
    public struct SharedDatasetsAbsent: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "../shared/datasets is absent: no \(path)" }
    }

    public static func synthetic(_ persons: Int, seed: UInt64, roots: Int = 1) throws -> FamilyGraph {
        let data = SyntheticFamily(persons: persons, seed: seed, roots: roots).generate()
        return try FamilyValidator().validate(data, source: "<synthetic \(persons) seed \(seed)>").graph
    }

    /// The family chart of `synthetic(persons, seed:)` packed toward a square, as `batch`
    /// draws its thumbnails.
    public static func thumbnailScene(persons: Int, seed: UInt64) throws -> Scene {
        let graph = try synthetic(persons, seed: seed)
        var choice = ChartChoice()
        choice.targetAspect = 1
        var layout = ChartLayout()
        layout.request = try choice.request(in: graph)
        return layout.scene(for: graph)
    }

    public static var demo: FamilyGraph {
        get throws { try graph(json: DemoFamily.json, source: "<demo>") }
    }
}
