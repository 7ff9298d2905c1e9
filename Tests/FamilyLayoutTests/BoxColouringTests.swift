import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `--color-by`: colours are scene fields, every colour used is named in the key, and a
/// greyscale set still tells the groups apart by shade and mark.
@Suite struct BoxColouringTests {
    static let colours = SchemeColours(
        categories: ["#77AADD", "#EE8866", "#99DDFF", "#44BB99", "#EEDD88", "#FFAABB"].map { Swatch(fill: $0, outline: "#333333") },
        rampStart: Swatch(fill: "#FFFFFF", outline: "#000000"), rampEnd: Swatch(fill: "#000000", outline: "#000000"),
        other: Swatch(fill: "#F2F2F2", outline: "#999999"), marksBoxes: false)

    private func scene(_ graph: FamilyGraph, _ scheme: ColourScheme, _ request: ChartRequest, marks: Bool = false) -> Scene {
        var layout = ChartLayout(request: request)
        var colours = Self.colours
        colours.marksBoxes = marks
        layout.colouring = BoxColouring(scheme: scheme, colours: colours)
        return layout.scene(for: graph)
    }

    /// Every box has a colour the key names, and every key entry is used.
    private func checkKey(_ s: Scene, _ label: String) {
        let keyed = Set(s.colourKey.map { "\($0.fill) \($0.mark ?? "")" })
        let used = Set(s.persons.filter { !$0.isReference }.map { "\($0.fill ?? "none") \($0.mark ?? "")" })
        #expect(used == keyed, "\(label): boxes use \(used), the key names \(keyed)")
        #expect(Set(s.colourKey.map(\.label)).count == s.colourKey.count, "\(label): each colour named once")
        #expect(SceneInvariants(scene: s).violations().prefix(3) == [], "\(label)")
    }

    @Test func victoriasPedigreeByLineageHasHerGrandparentsQuarters() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let s = scene(royal, .lineage, .ancestors(.init(focus: royal.index(of: "I1"), generations: 5)))
        checkKey(s, "lineage")
        #expect(Set(s.persons.compactMap(\.fill)).count >= 6, "father, mother, four quarters (and the focus)")
        let labels = s.colourKey.map(\.label)
        #expect(labels.contains("father's father: George III Hanover") && labels.contains("mother's mother: Augusta Reuss-Ebersdorf"))
        // Everyone above George III is in his quarter.
        let george = try #require(s.persons.first { $0.name.hasPrefix("George III") })
        let georgeII = try #require(s.persons.first { $0.name.hasPrefix("George II Hanover") })
        #expect(george.fill == georgeII.fill && george.fill != s.persons.first { $0.id == "I1" }?.fill)
        // In greyscale with marks, each group keeps a mark of its own.
        let marked = scene(royal, .lineage, .ancestors(.init(focus: royal.index(of: "I1"), generations: 5)), marks: true)
        checkKey(marked, "lineage marked")
        #expect(Set(marked.colourKey.compactMap(\.mark)).count == marked.colourKey.count)
    }

    @Test func branchesSurnamesGenerationsAndNone() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let victoria = ChartRequest.descendants(.init(root: royal.index(of: "I1"), generations: 3))
        let branch = scene(royal, .branch, victoria)
        checkKey(branch, "branch")
        for lineage in Set(branch.persons.compactMap(\.lineage)) {
            #expect(Set(branch.persons.filter { $0.lineage == lineage }.map(\.fill)).count == 1, "one colour a branch")
        }
        #expect(branch.colourKey.contains { $0.label == "branch of Edward VII Wettin" })
        let surname = scene(royal, .surname, victoria)
        checkKey(surname, "surname")
        let generation = scene(royal, .generation, victoria)
        checkKey(generation, "generation")
        let shades = Dictionary(grouping: generation.persons, by: \.generation).mapValues { Set($0.map(\.fill)) }
        #expect(shades.values.allSatisfy { $0.count == 1 } && Set(shades.values.map { $0.first! }).count == shades.count)
        #expect(generation.colourKey.first?.fill == "#FFFFFF" && generation.colourKey.last?.fill == "#000000", "a ramp end to end")
        let none = scene(royal, .none, victoria)
        #expect(Set(none.persons.map(\.fill)) == ["#F2F2F2"] && none.colourKey.map(\.label) == ["everyone"])
        let gender = scene(royal, .gender, victoria)
        #expect(gender == ChartLayout(request: victoria).scene(for: royal), "gender is the theme's: the scene carries no colours")
    }
}
