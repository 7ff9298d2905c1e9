import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `--box`: what boxes say beyond the name, boxes grown for it, marriages over the bars.
@Suite struct BoxContentTests {
    private func scene(_ graph: FamilyGraph, _ fields: String, request: ChartRequest = .family, level: Int? = nil) throws -> Scene {
        var layout = ChartLayout(request: request)
        layout.boxContent = try BoxContent(parsing: fields, placeLevel: level)
        return layout.scene(for: graph)
    }

    private func box(_ scene: Scene, _ id: String) throws -> PersonBox { try #require(scene.persons.first { $0.id == id && !$0.isReference }) }

    @Test func unknownFieldsAreRefusedWithTheValidList() throws {
        #expect(throws: BoxContentError.unknownField("plaec", valid: BoxField.validList)) { try BoxContent(parsing: "name,plaec") }
        #expect(BoxContentError.unknownField("x", valid: BoxField.validList).description.contains("name, second-name, dates, age, place"))
        #expect(throws: BoxContentError.missingName) { try BoxContent(parsing: "dates,place") }
        #expect(throws: BoxContentError.repeatedField("place")) { try BoxContent(parsing: "name,place,place") }
        #expect(try BoxContent(parsing: " name , Dates,place").fields == [.name, .dates, .place])
    }

    @Test func placesOccupationsAndStandInsAreLinesOfTheirOwnAndMissingOnesAreLeftOut() throws {
        let graph = try TestFamilies.graph(gedcom: "box-facts")
        let s = try scene(graph, "name,dates,place,occupation")
        #expect(s.chart == .family)
        #expect(SceneInvariants(scene: s).violations().prefix(3) == [])
        let father = try box(s, "F"), mother = try box(s, "M"), ann = try box(s, "A"), bob = try box(s, "B")
        #expect(father.detail == "1888–1969")
        #expect(father.lines == ["b. East Boston, Suffolk County, MA, USA", "d. Hyannis Port, Barnstable County, MA, USA", "Ambassador"])
        #expect(mother.lines == ["b. Boston, Suffolk County, MA, USA"], "no death place: no line, no empty text")
        #expect(ann.detail == "bp. 1915, bur. 1990", "christening and burial stand in for the missing birth and death, marked")
        #expect(ann.lines.prefix(2) == ["bp. Brookline, Norfolk County, MA, USA", "bur. Arlington, VA, USA"])
        #expect(bob.detail == nil && bob.lines.isEmpty, "nothing known: no lines at all")
        // Every box grows by the most lines anyone needs (three), so rows stay rows.
        #expect(Set(s.persons.map(\.height)) == [LayoutStyle().boxHeight + 3 * LayoutStyle().boxLineHeight])
        let short = try scene(graph, "name,place", level: 2)
        #expect(try box(short, "F").lines == ["b. MA, USA", "d. MA, USA"])
        #expect(try box(short, "F").detail == nil, "dates not listed: no detail line")
    }

    @Test func nameAndDatesKeepTheBoxesAsTheyWere() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        for request in [ChartRequest.descendants(.init(root: graph.index(of: "I1"), generations: 3)),
                        .ancestors(.init(focus: graph.index(of: "I1"), generations: 4))] {
            let plain = ChartLayout(request: request).scene(for: graph)
            let listed = try scene(graph, "name,dates", request: request)
            #expect(listed.persons.map(\.height) == plain.persons.map(\.height) && listed.persons.allSatisfy(\.lines.isEmpty))
            #expect(listed.coupleBars == plain.coupleBars && listed.connectors == plain.connectors)
        }
    }

    @Test func victoriaAndAlbertsMarriageStandsOverTheirBarWhereNoLineRuns() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        for request in [ChartRequest.descendants(.init(root: graph.index(of: "I1"), generations: 3)),
                        .ancestors(.init(focus: graph.index(of: "I3"), generations: 3))] {
            let s = try scene(graph, "name,dates,marriage", request: request)
            let bar = try #require(s.coupleBars.first { Set($0.ids) == ["I1", "I2"] })
            let label = try #require(bar.label)
            #expect(label.text.hasPrefix("m. 1840") && label.text.contains("Chapel Royal"))
            let boxes = bar.boxes.map { s.persons[$0] }
            #expect(label.y + label.height <= boxes.map(\.y).min()! && label.x >= boxes.map(\.centerX).min()!
                    && label.x + label.width <= boxes.map(\.centerX).max()!, "above the couple, between their centres")
            // No connector, bar or box reaches into any label's room.
            let labelled = s.coupleBars.compactMap(\.label)
            #expect(labelled.count > 1)
            for room in labelled {
                func reaches(_ a: Point, _ b: Point) -> Bool {
                    max(a.x, b.x) > room.x && min(a.x, b.x) < room.x + room.width && max(a.y, b.y) > room.y && min(a.y, b.y) < room.y + room.height
                }
                let lines = s.connectors.map(\.points) + s.coupleBars.map(\.points)
                #expect(!lines.contains { zip($0, $0.dropFirst()).contains { reaches($0, $1) } }, "\(room.text)")
                #expect(!s.persons.contains { reaches(Point($0.x, $0.y), Point($0.maxX, $0.maxY)) }, "\(room.text)")
            }
            #expect(SceneInvariants(scene: s).violations().prefix(3) == [])
        }
    }

    @Test func seedJSONCarriesPlacesOccupationAndMarriage() throws {
        let json = """
        [[{"id": "a", "name": "Ada", "gender": "female", "coupleID": "b", "childrenIDs": ["c"], "birthYear": 1900,
           "birthPlace": "Leeds, England", "occupation": "Engineer", "marriageDate": "12 MAY 1925", "marriagePlace": "York"},
          {"id": "b", "name": "Ben", "gender": "male", "coupleID": "a", "childrenIDs": ["c"], "deathPlace": "Hull"}],
         [{"id": "c", "name": "Cy", "gender": "male", "coupleID": "", "childrenIDs": []}]]
        """
        let graph = try TestFamilies.graph(json: json)
        let s = try scene(graph, "name,dates,place,occupation,marriage", request: .descendants(.init()))
        #expect(try box(s, "a").lines == ["b. Leeds, England", "Engineer"] && box(s, "a").detail == "b. 1900")
        #expect(try box(s, "b").lines == ["d. Hull"] && box(s, "c").lines.isEmpty)
        #expect(s.coupleBars.first?.label?.text == "m. 1925, York")
    }
}
