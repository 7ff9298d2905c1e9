import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// The family chart of every shared real-world GEDCOM file: the rules hold and every
/// parent–child link of the file is drawn (or ends at a reference box).
@Suite struct FamilyChartDatasetTests {
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func everySharedFileIsOneChartWithEveryLinkAccountedFor() throws {
        let root = try #require(FixturePaths.sharedDatasets)
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".ged") }.sorted()
        var drawn = 0, links = 0, references = 0
        for (k, file) in files.enumerated() {
            guard let family = try? FamilyImport(file: InputFile(path: root + "/" + file)) else { continue }
            var layout = ChartLayout()
            if k % 2 == 1 { layout.labelWidth = { name, _ in Double(name.count) * 5.5 + 12 } }  // rows of varying widths
            let (scene, figures) = layout.familyScene(for: family.graph)
            #expect(SceneInvariants(scene: scene).violations().prefix(3) == [], "\(file)")
            let accounting = LinkAccounting(graph: family.graph, scene: scene)
            #expect(accounting.unaccounted.prefix(3) == [], "\(file)")
            #expect(scene.persons.filter { !$0.isReference }.count == family.graph.count, "\(file): everyone once")
            drawn += 1
            links += accounting.checked
            references += figures.references
        }
        #expect(drawn > 120)
        print("family charts of the shared GEDCOM files: \(drawn) drawn, \(links) parent–child links all accounted for, \(references) reference boxes")
    }
}
