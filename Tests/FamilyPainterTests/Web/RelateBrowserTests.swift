import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// "How are we related" in the page: `familyChart.relate` against `familychart relate`,
/// and the panel's "Relate to…".
extension BrowserTests {
    /// Pairs of royal92 (whole family chart): several relationships (Elizabeth II and
    /// Philip, both ways), ancestors and descendants at many depths, sisters, half-sisters,
    /// aunt, great-great-uncle and nephew, first cousins who married, distant uncles, and no
    /// blood relationship (Philip and his son's wife; a man and his wife's father).
    static let royalPairs = [("I52", "I57"), ("I57", "I52"), ("I52", "I1"), ("I2", "I115"), ("I115", "I4"), ("I52", "I53"),
                             ("I846", "I849"), ("I115", "I53"), ("I115", "I31"), ("I31", "I115"), ("I1", "I2"), ("I1", "I1000"),
                             ("I828", "I57"), ("I57", "I65"), ("I65", "I57"), ("I2130", "I2131"), ("I59", "I115")]

    @Test func relateInThePageSaysWhatTheCommandSays() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let scene = ChartLayout(style: LayoutStyle()).scene(for: graph)
        var options = RenderOptions()
        options.family = graph
        let browser = try HeadlessChromium(width: 1280, height: 800)
        let url = try open(scene, name: "relate", options: options, in: browser)
        var kinds = Set<String>()
        for (a, b) in Self.royalPairs {
            let json = try run(["relate", FixturePaths.gedcom("royal92"), a, b, "--format", "json"])
            let text = try run(["relate", FixturePaths.gedcom("royal92"), a, b])
            let page = try browser.evaluate("""
                (() => { const r = window.familyChart.relate(\(literal(a)), \(literal(b)));
                  return [JSON.stringify({ a: r.a, b: r.b, relationships: r.relationships, truncated: r.truncated, marriagePath: r.marriagePath }),
                          r.sentences.join("\\n"), r.term, r.path.join(" ")]; })()
                """) as? [String]
            #expect(page?[0] == json.trimmingCharacters(in: .newlines), "\(a) → \(b)")
            #expect(page?[1] == text.trimmingCharacters(in: .newlines), "\(a) → \(b)")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let relations = answer["relationships"] as? [[String: Any]] ?? []
            let steps = answer["marriagePath"] as? [[String: String]] ?? []
            #expect(page?[2] == (relations.first?["term"] as? String ?? "no blood relationship found"))
            let path = relations.first?["path"] as? [String] ?? (steps.isEmpty ? [] : [a] + steps.map { $0["to"] ?? "" })
            #expect(page?[3] == path.joined(separator: " "))
            kinds.insert(relations.isEmpty ? "none" : (relations.first?["term"] as? String ?? ""))
            if relations.count > 1 { kinds.insert("several") }
            if relations.contains(where: { $0["half"] as? Bool == true }) { kinds.insert("half") }
        }
        for kind in ["several", "none", "half", "sister", "first cousin", "great-aunt", "great-great-uncle", "great-great-nephew",
                     "great-great-grandmother", "3rd great-grandfather", "4th great-grandson", "second cousin once removed"] {
            #expect(kinds.contains(kind), "a pair gives \(kind): \(kinds.sorted())")
        }
        #expect(try browser.evaluate("[window.familyChart.relate('I52', 'I52'), window.familyChart.relate('I52', 'nobody')]") as? [NSNull]
            == [NSNull(), NSNull()])
        #expect(try browser.evaluate("window.familyChart.relate('@I52@', '@I57@').term") as? String == "second cousin once removed")

        // The panel: "Relate to…", then the second person chosen (as a click or a search result does).
        try browser.evaluate("window.familyChart.select('I52')")
        #expect(try browser.evaluate("document.getElementById('relate-to').hidden") as? Bool == false)
        try browser.evaluate("document.getElementById('relate-to').click()")
        #expect(try browser.evaluate("document.getElementById('relate-banner').hidden") as? Bool == false)
        #expect(try browser.evaluate("document.activeElement.id") as? String == "search")
        try browser.evaluate("window.familyChart.select('I57')")
        try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I52", "the first person stays selected")
        #expect(try browser.evaluate("document.getElementById('relate-banner').hidden") as? Bool == true)
        let said = try browser.evaluate("document.getElementById('detail-relation').textContent") as? String ?? ""
        #expect(said.contains("Philip Mountbatten is Elizabeth II Alexandra Mary Windsor's second cousin once removed (common ancestors: Christian IX and Louise of Hesse-Cassel)"))
        try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
        try browser.screenshot().write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/relate-page.png"))
        let state = try browser.evaluate("""
            (() => { const svg = document.querySelector('#stage svg');
              const other = svg.querySelector('g.person:not(.lit)'), lit = svg.querySelector('g.person.lit');
              return [svg.classList.contains('highlighting'), [...svg.querySelectorAll('g.person.lit')].map((g) => g.dataset.id),
                      svg.querySelectorAll('.lines path.lit').length, Number(getComputedStyle(other).opacity), Number(getComputedStyle(lit).opacity)]; })()
            """) as? [Any]
        let path = ["I52", "I32", "I14", "I12", "I225", "I226", "I227", "I104", "I57"]
        #expect(state?[0] as? Bool == true)
        let litShown = Set(state?[1] as? [String] ?? [])
        #expect(litShown.isSubset(of: path) && litShown.isSuperset(of: ["I52", "I32"]), "only the path is lit: \(litShown)")
        #expect((state?[2] as? Int ?? 0) >= 1, "the lines between the path's persons")
        #expect((state?[3] as? Double ?? 1) < 0.5 && (state?[4] as? Double ?? 0) == 1, "the rest dimmed, the path not")
        // The path from Elizabeth up is in view, readable, beside the panel (the whole path
        // spans more of this large chart than fits at a readable size).
        for id in path.prefix(2) {
            let box = try #require(try browser.evaluate("window.familyChart.screenBox('\(id)')") as? [String: Double])
            #expect(box["x"]! >= 0 && box["y"]! >= 40 && box["x"]! + box["width"]! <= 1280 - 330 && box["y"]! + box["height"]! <= 800,
                    "\(id) in view beside the panel: \(box)")
        }
        #expect(try browser.evaluate("document.querySelector('#stage svg').classList.contains('far')") as? Bool == false)
        try browser.evaluate("document.querySelector('#detail-relation button').click()")
        #expect(try browser.evaluate("document.getElementById('detail-relation').hidden") as? Bool == true)
        let lineage = Set(try browser.evaluate("window.familyChart.lineage('I52')") as? [String] ?? [])
        let litAfter = Set(try browser.evaluate("[...document.querySelectorAll('#stage svg g.person.lit')].map((g) => g.dataset.id)") as? [String] ?? [])
        // Issue 50, N10: the other parent of each descendant (Philip, for her children) stands out with them.
        // (the partners of each family that has a child in the lineage and a parent in it).
        var coParents = Set<String>()
        for id in lineage {
            for u in graph.parentUnions[graph.index(of: id)!] {
                let partners = graph.unions[u].partners.map { graph.persons[$0].id }
                if partners.contains(where: lineage.contains) { coParents.formUnion(partners) }
            }
        }
        #expect(!litAfter.isEmpty && litAfter.isSubset(of: lineage.union(coParents)) && coParents.contains("I57"), "the selection's own highlight returns")
        let philipDrawn = try browser.evaluate("!!document.querySelector('#stage #p-I57')") as? Bool ?? false
        #expect(litAfter.contains("I57") || !philipDrawn, "Philip is lit where he is drawn")
        expectClean(browser, page: url)
    }

    @Test func aPageMadeWithoutItsFamilyCannotRelate() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "no-family", in: browser)
        #expect(try browser.evaluate("window.familyChart.relate('I3', 'I4')") is NSNull)
        try browser.evaluate("window.familyChart.select('I3')")
        #expect(try browser.evaluate("document.getElementById('relate-to').hidden") as? Bool == true)
        expectClean(browser, page: url)
    }

    /// The standard output of `familychart ARGUMENTS` (exit 0 expected).
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.familychart)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "familychart \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }
}
