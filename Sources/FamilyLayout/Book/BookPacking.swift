/// Pieces onto pages, in reading order, on shelves: a piece stands right of the last one
/// when the page has room across, else at the left of a new shelf under the tallest piece
/// of the shelf above, else on a new page. Order is never changed, so the pieces of one
/// part and of one band of rows stay on neighbouring pages (next-fit shelf packing).
enum BookPacking {
    /// The page number and the position of each piece's outline (its window and lanes)
    /// in its page's chart area, for outlines `sizes` wide and tall.
    /// - Complexity: O(n) for n pieces.
    static func place(sizes: [(width: Double, height: Double)], settings: BookSettings) -> [(page: Int, x: Double, y: Double)] {
        let gap = BookSettings.pieceGap
        var page = settings.firstPage
        var x = 0.0, y = 0.0, shelf = 0.0, used = false
        var result: [(page: Int, x: Double, y: Double)] = []
        for size in sizes {
            if used {
                if x + gap + size.width <= settings.areaWidth, y + size.height <= settings.areaHeight {
                    x += gap
                } else if y + shelf + gap + size.height <= settings.areaHeight, size.width <= settings.areaWidth {
                    (x, y, shelf) = (0, y + shelf + gap, 0)
                } else {
                    (page, x, y, shelf) = (page + 1, 0, 0, 0)
                }
            }
            result.append((page, x, y))
            x += size.width
            shelf = max(shelf, size.height)
            used = true
        }
        return result
    }
}
