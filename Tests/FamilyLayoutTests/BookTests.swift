import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Chart books (issue 52): the rules of `BookInvariants` and a complete index, on
/// generated families, the royal92 fixture and the shared data sets, on pages the size of
/// A4 at 0.8 (portrait and landscape) and of a small page that forces many cuts.
@Suite struct BookTests {
    /// A4 at 0.8 portrait and landscape (chart points), and a small page.
    static let areas: [BookSettings] = [BookSettings(areaWidth: 630, areaHeight: 900), BookSettings(areaWidth: 940, areaHeight: 600),
                                        BookSettings(areaWidth: 300, areaHeight: 260)]

    static func check(_ graph: FamilyGraph, _ name: String) {
        let scene = ChartLayout().scene(for: graph)
        for settings in areas {
            let book = Book(scene: scene, settings: settings)
            let invariants = BookInvariants(book: book, scene: scene, settings: settings)
            #expect(invariants.violations().prefix(5) == [], "\(name) on \(settings.areaWidth)×\(settings.areaHeight)")
            let oversize = invariants.oversizePieces.map { p in
                "\(book.pieces[p].boxes.count) boxes \(Int(book.pieces[p].window.width))×\(Int(book.pieces[p].window.height)) \(scene.persons[book.pieces[p].head].name)"
            }
            #expect(oversize.isEmpty || settings.areaWidth < 400, "\(name): pieces larger than a page: \(oversize.prefix(4))")
            let index = BookIndex.entries(book: book, scene: scene, graph: graph)
            #expect(index.count == Set(scene.persons.filter { !$0.isReference }.map(\.id)).count, "\(name): everyone in the index once")
            for entry in index.prefix(400) {
                #expect(entry.pages.contains(entry.page), "\(name): \(entry.id)'s own page is listed")
                #expect(book.pages.first { $0.number == entry.page }?.scene.persons.contains { $0.id == entry.id && !$0.isReference } == true)
            }
        }
    }

    @Test(arguments: [(40, 1), (300, 7), (900, 3)] as [(Int, UInt64)])
    func generatedFamilies(persons: Int, seed: UInt64) throws {
        Self.check(try TestFamilies.synthetic(persons, seed: seed, roots: 2), "generated \(persons) seed \(seed)")
    }

    @Test func royal92() throws {
        Self.check(try TestFamilies.graph(gedcom: "royal92"), "royal92")
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"),
          arguments: ["d-jeffrey-gedcom-samples/queen/Queen.ged", "d-jeffrey-gedcom-samples/pres/pres2020.ged",
                      "d-jeffrey-gedcom-samples/famous-family-trees/Kennedy+Family.ged"])
    func sharedFiles(path: String) throws {
        Self.check(try TestFamilies.graph(shared: path), path)
    }

    /// The same scene gives the same book.
    @Test func deterministic() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.synthetic(300, seed: 5, roots: 2))
        let settings = Self.areas[0]
        #expect(Book(scene: scene, settings: settings).pages == Book(scene: scene, settings: settings).pages)
    }

    /// Surnames first, accents and case folded, non-Latin scripts after Latin.
    @Test func collation() {
        let names = ["Zoë", "Ångström", "andersen", "Öberg", "Łukasz", "Lund", "Straße", "Strasse", "山田", "Ωmega", "Adams"]
        let sorted = names.sorted { NameCollation.precedes($0, $1) }
        #expect(sorted == ["Adams", "andersen", "Ångström", "Łukasz", "Lund", "Öberg", "Strasse", "Straße", "Zoë", "Ωmega", "山田"])
    }
}
