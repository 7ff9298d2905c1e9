import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

@Suite struct NameFittingTests {
    @Test func givenNamesAreAbbreviatedBeforeTheSurname() {
        #expect(NameAbbreviation.abbreviatingGivenNames("Johann Sebastian Bach") == "J. S. Bach")
        #expect(NameAbbreviation.abbreviatingGivenNames("Maximiliana Wilhelmina Theodora von Sachsen-Coburg und Gotha")
                == "M. W. T. von Sachsen-Coburg und Gotha")
        #expect(NameAbbreviation.abbreviatingGivenNames("Bartholomew Alexander Fitzwilliam-Montgomery the Third")
                == "B. A. Fitzwilliam-Montgomery the Third")
        #expect(NameAbbreviation.abbreviatingGivenNames("Henry VIII Tudor") == "H. VIII Tudor")
        #expect(NameAbbreviation.abbreviatingGivenNames("王小明") == nil)
        #expect(NameAbbreviation.abbreviatingGivenNames("Tudor") == nil)
        #expect(NameAbbreviation.abbreviatingGivenNames("J. S. Bach") == nil)
    }

    @Test func boxesOfAGenerationGrowToTheirWidestNameWithinTheLimit() throws {
        let graph = try TestFamilies.graph(fixture: "cjk-long-names")
        var layout = ChartLayout()
        layout.labelWidth = { name, _ in Double(name.count) * 5 + 12 }  // a stand-in measure
        let scene = layout.scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        let widths = Dictionary(grouping: scene.persons, by: \.generation).mapValues { Set($0.map(\.width)) }
        #expect(widths[0] == [208], "the 61-letter name asks for 317 pt: capped at twice the width")
        #expect(widths[1] == [208], "53 letters: 277 pt, capped")
        let short = try TestFamilies.graph(fixture: "two-roots")
        let same = layout.scene(for: short)
        #expect(Set(same.persons.map(\.width)) == [104], "short names keep the standard width")
    }

    @Test func aMeasuredLayoutComesFromThePaintersFonts() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let short = painter.labelWidth(name: "Ann", detail: "b. 1950")
        let long = painter.labelWidth(name: "Bartholomew Alexander Fitzwilliam-Montgomery", detail: nil)
        #expect(short > 20 && short < 104 && long > 208)
    }

    /// The long-name family with boxes grown to their names and the rest fitted.
    @Test func aLongNameFamilyRendersLikeTheGolden() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        var layout = ChartLayout()
        layout.labelWidth = { painter.labelWidth(name: $0, detail: $1) }
        let scene = layout.scene(for: try TestFamilies.graph(fixture: "cjk-long-names"))
        #expect(SceneInvariants(scene: scene).violations() == [])
        try GoldenImage.expectMatch(try painter.rasterize(scene, scale: 1), named: "long-names-fitted")
    }
}

@Suite struct SecondNameTests {
    @Test func gedcomTransliterationsRomanisedAndMarriedNamesAreRead() throws {
        let text = """
            0 HEAD
            0 @I1@ INDI
            1 NAME 王 /小明/
            2 TRAN Wang /Xiaoming/
            3 LANG en-Latn
            0 @I2@ INDI
            1 NAME Beth /Lund/
            1 NAME Beth /Morgan/
            2 TYPE MARRIED
            0 @I3@ INDI
            1 NAME Yuki /Sato/
            2 ROMN Sato Yuki
            0 @I4@ INDI
            1 NAME Plain /Name/
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "t.ged").graph
        #expect(graph.persons.map(\.secondName) == ["Wang Xiaoming", "Beth Morgan", "Sato Yuki", nil])
        var style = LayoutStyle()
        #expect(ChartLayout(style: style).scene(for: graph).persons.allSatisfy { $0.secondName == nil }, "off by default")
        style.showsSecondNames = true
        #expect(ChartLayout(style: style).scene(for: graph).persons.map(\.secondName) == ["Wang Xiaoming", "Beth Morgan", "Sato Yuki", nil])
    }

    @Test func aSecondNameLineRendersLikeTheGolden() throws {
        let graph = try TestFamilies.graph(json: """
            [[{"id": "a", "name": "王小明", "secondName": "Wang Xiaoming", "gender": "male", "birthYear": 1990, "coupleID": "b"},
              {"id": "b", "name": "Sofia Lindqvist", "secondName": "née Berg", "gender": "female", "birthYear": 1991, "coupleID": "a"}]]
            """)
        var style = LayoutStyle()
        style.showsSecondNames = true
        let scene = ChartLayout(style: style).scene(for: graph)
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: "second-names")
    }
}
