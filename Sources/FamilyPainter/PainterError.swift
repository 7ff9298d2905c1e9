internal import CCairo
import FamilyModel
import FoundationEssentials

/// Why a chart could not be drawn or written.
public enum PainterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A Cairo call failed; `operation` says which, `reason` is Cairo's own status text.
    case cairo(operation: String, reason: String)
    /// The PNG would exceed Cairo's limit or a sane memory budget.
    case rasterTooLarge(width: Int, height: Int, limitSide: Int, limitPixels: Int)
    /// The chart exceeds the coordinates Cairo can address on one PDF or SVG page.
    case vectorTooLarge(width: Double, height: Double, limit: Double)
    case invalidScale(Double)
    /// The margins leave no room for the chart on this paper.
    case paperTooSmall(paper: String, margin: Double)
    /// Poster sheets whose overlap takes half their printable area or more.
    case overlapTooLarge(paper: String, overlap: Double, printable: Double)
    case noSuchPage(Int, of: Int)
    /// A poster would need more sheets than `PrintPlan.maximumSheets`.
    /// `printed`: the sheets the grid would print, blank places left out (nil when the grid
    /// itself was too large to look at).
    case tooManySheets(rows: Int, columns: Int, printed: Int?, limit: Int)
    /// Poster mode makes several pages, which only PDF holds.
    case multiPageFormat(String)
    case fontConfiguration(path: String)
    /// A book of a chart with no persons.
    case emptyBook
    /// A book would print more chart pages than `BookPlan.maximumPages`.
    case tooManyBookPages(Int, limit: Int)
    case unreadableImage(path: String, reason: String)

    public var description: String {
        switch self {
        case .cairo(let operation, let reason):
            return "drawing failed in \(operation): \(reason)"
        case .rasterTooLarge(let width, let height, let side, let pixels):
            return "the PNG would be \(width)×\(height) px, over the limit (\(side) px a side, \(pixels / 1_000_000) megapixels); "
                + "use a smaller --scale or --dpi, or render PDF or SVG, which have no such limit"
        case .vectorTooLarge(let width, let height, let limit):
            return "the chart is \(Int(width))×\(Int(height)) pt, more than one PDF, SVG or HTML page can hold (\(Int(limit)) pt a side); "
                + "draw part of the family (fewer persons or generations)"
        case .invalidScale(let scale):
            return "scale \(scale) is not usable; give a positive number such as 1 or 2"
        case .paperTooSmall(let paper, let margin):
            return "paper \(paper) is too small for margins of \(printfFormatted("%g", margin)) pt; use a smaller --margin or larger --paper"
        case .overlapTooLarge(let paper, let overlap, let printable):
            return "an --overlap of \(printfFormatted("%g", overlap)) pt leaves nothing between the overlaps of \(paper) sheets "
                + "(\(printfFormatted("%g", printable)) pt printable on the narrow side); give an overlap under half of that"
        case .noSuchPage(let page, let count):
            return "there is no page \(page): this chart has \(count) page\(count == 1 ? "" : "s")"
        case .tooManySheets(let rows, let columns, let printed?, let limit):
            return "a poster of this chart needs \(printed) sheets (of a \(rows) × \(columns) grid, blank places left out), more than the limit of \(limit); "
                + "use larger --paper, or leave out --poster to fit the chart on one sheet"
        case .tooManySheets(let rows, let columns, nil, let limit):
            return "a poster of this chart needs a grid of \(rows) × \(columns) = \(rows * columns) sheets, more than the limit of \(limit); "
                + "use larger --paper, or leave out --poster to fit the chart on one sheet"
        case .multiPageFormat(let format):
            return "a poster has several sheets, which \(format) cannot hold; write PDF, or PNG with --page N for one sheet"
        case .emptyBook:
            return "the chart has no persons to print as a book"
        case .tooManyBookPages(let pages, let limit):
            return "the book would print \(pages) pages, more than the limit of \(limit); use a smaller --book-scale, "
                + "larger paper, or draw part of the family (--root ID, --generations N)"
        case .fontConfiguration(let path):
            return "\(path): cannot load this fontconfig file"
        case .unreadableImage(let path, let reason):
            return "\(path): cannot read the image: \(reason)"
        }
    }
}

/// Turns a Cairo status into a thrown error naming the operation: every status check of
/// the painter goes through here, so none is dropped and every message says where.
func check(_ status: cairo_status_t, _ operation: String) throws(PainterError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw .cairo(operation: operation, reason: String(cString: cairo_status_to_string(status)))
}
