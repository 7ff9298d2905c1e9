extension RandomAccessCollection where Index == Int {
    /// The index of the first element for which `belongsBefore` is false, in a collection
    /// where every element for which it is true comes first (sorted lists asked "is it left
    /// of x?"), found by bisection: `endIndex` when it holds for all.
    /// - Complexity: O(log n) calls of `belongsBefore`.
    func partitionPoint(where belongsBefore: (Element) -> Bool) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if belongsBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
