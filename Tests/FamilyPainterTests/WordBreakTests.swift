import FamilyLayout
import FamilyModel
import TestSupport
import Testing
@testable import FamilyPainter

/// Issue 51: a box name is not broken inside a word while smaller type (down to 75 %)
/// fits it whole, and never so that fewer than three letters stand on a line
/// ("Гейдельбергски-/й человек").
@Suite struct WordBreakTests {
    func placed(_ name: String, width: Double = 104, height: Double = 52) throws -> TextEngine.LaidOutText {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let box = PersonBox(id: "p", name: name, gender: .male, generation: 0, x: 0, y: 0, width: width, height: height, detail: "1850–1900")
        let label = ScenePainter.placeLabel(of: box, textLeft: 0, text: painter.text)
        return try #require(label.pieces.first { $0.role == .name }?.text)
    }

    @Test(arguments: ["Гейдельбергский человек", "Schwarzenbergerin Maria", "Konstantinopolitanische Anna", "Ἀλέξανδρος Μακεδονικός"])
    func longWordsShrinkBeforeTheyBreak(name: String) throws {
        let laid = try placed(name)
        #expect(!laid.isEllipsized, "\(name) is drawn whole")
        #expect((laid.shortestWordPiece ?? .max) >= TextEngine.smallestWordPiece, "\(name): a line holds \(laid.shortestWordPiece ?? 0) letters of a broken word")
    }

    /// A word too long even at the smallest size may break, but three letters at least on each line.
    @Test func aWordTooLongForAnySizeBreaksWithThreeLettersALine() throws {
        let laid = try placed("Tetragrammatonomastikographos", width: 60, height: 52)
        if let piece = laid.shortestWordPiece { #expect(piece >= TextEngine.smallestWordPiece) }
    }

    @Test func piecesAreCountedInLettersOfWordScriptsOnly() {
        let text = Array("Гейдельбергский".utf8)
        let split = Array("Гейдельбергски".utf8).count
        #expect(WordPieces.letters(endingAt: split, in: text) == 14 && WordPieces.letters(startingAt: split, in: text) == 1)
        let han = Array("王小明".utf8)
        #expect(WordPieces.letters(startingAt: 3, in: han) == 0, "a break between ideographs is no break inside a word")
        let spaced = Array("Anna Maria".utf8)
        #expect(WordPieces.letters(startingAt: 5, in: spaced) == 5 && WordPieces.letters(endingAt: 5, in: spaced) == 0)
    }
}

/// Issue 52: a book's reference box never cuts its page number ("continued on page 1…" in
/// royal92's A4 book): shorter forms, then smaller type.
@Suite struct BookReferenceLabelTests {
    @Test(arguments: ["continued on page 123", "continued from page 239", "continued on pages 12, 140", "continued on this page"])
    func thePageNumberIsDrawnWhole(detail: String) throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        for width in [104.0, 80, 64] {
            var box = PersonBox(id: "p", name: "Anna Petrovna Romanov", gender: .female, generation: 0, x: 0, y: 0, width: width, height: 52,
                                detail: detail, isReference: true)
            box.referenceReason = .anotherPath
            let label = ScenePainter.placeLabel(of: box, textLeft: 0, text: painter.text)
            let laid = try #require(label.pieces.first { $0.role == .detail }?.text)
            #expect(!laid.isEllipsized, "\(detail) at \(width) pt: \(laid.key.text)")
            let number = detail.split(separator: " ").last.map(String.init) ?? ""
            #expect(laid.key.text.hasSuffix(number), "\(laid.key.text)")
        }
    }
}
