/// A list per index (per union, per unit…) stored end to end in one array, with where each
/// list starts: one allocation for all of them instead of one per list, for lists whose
/// lengths are known when the storage is made. At 100,000 persons the layout's per-union
/// lists were tens of thousands of small arrays to allocate and free.
struct FlatLists<Element> {
    /// Every list's elements, list after list.
    private(set) var elements: [Element]
    /// Where each list starts in `elements`, and (last) the end of the last list.
    private var starts: [Int]

    /// No lists yet: add them with `append(list:)`.
    init() {
        elements = []
        starts = [0]
    }

    /// Lists of `counts[i]` elements, each element `value`.
    init(counts: some Sequence<Int>, repeating value: Element) {
        var starts = [0]
        starts.reserveCapacity(counts.underestimatedCount + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        self.starts = starts
        elements = Array(repeating: value, count: starts[starts.count - 1])
    }

    /// `element(item)` of each of `items`, sorted into `listCount` lists by `list(item)`
    /// (each in `0..<listCount`), each list in the items' order.
    /// - Complexity: O(n + listCount) for n items; no memory beyond the lists'.
    init<Items: BidirectionalCollection>(grouping items: Items, into listCount: Int, list: (Items.Element) -> Int,
                                         element: (Items.Element) -> Element) {
        // Each list's end, then (filled from the last item back) its start.
        var starts = [Int](repeating: 0, count: listCount + 1)
        for item in items { starts[list(item)] += 1 }
        var end = 0
        for k in 0..<listCount {
            end += starts[k]
            starts[k] = end
        }
        starts[listCount] = end
        guard let last = items.last else {
            (self.starts, elements) = (starts, [])
            return
        }
        var elements = [Element](repeating: element(last), count: items.count)
        for item in items.reversed() {
            let k = list(item)
            starts[k] -= 1
            elements[starts[k]] = element(item)
        }
        (self.starts, self.elements) = (starts, elements)
    }

    /// Adds a list after the last.
    mutating func append(list: some Sequence<Element>) {
        elements.append(contentsOf: list)
        starts.append(elements.count)
    }

    /// Room for `lists` more lists of `elements` elements in all, without growing.
    mutating func reserveCapacity(lists: Int, elements count: Int) {
        starts.reserveCapacity(starts.count + lists)
        elements.reserveCapacity(elements.count + count)
    }

    /// How many lists there are.
    var count: Int { starts.count - 1 }

    /// Element `k` of list `list`.
    subscript(list: Int, k: Int) -> Element {
        get { elements[starts[list] + k] }
        set { elements[starts[list] + k] = newValue }
    }

    /// List `list`'s elements (a slice of `elements`: index it from `startIndex`).
    subscript(list: Int) -> ArraySlice<Element> { elements[starts[list]..<starts[list + 1]] }

    /// The elements of lists `lists`, one after the other.
    subscript(lists: Range<Int>) -> ArraySlice<Element> { elements[starts[lists.lowerBound]..<starts[lists.upperBound]] }
}

extension FlatLists: Equatable where Element: Equatable {}
