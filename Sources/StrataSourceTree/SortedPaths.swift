/// Lookups in a sorted list of repository paths (what `SourceTree.files()` returns), by
/// binary search: discovery asks thousands of such questions of lists of thousands of paths.
extension Array where Element == String {
    /// The index of the first path not ordered before `key`.
    public func lowerBound(of key: String) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether the sorted list holds exactly `path`.
    public func containsSorted(_ path: String) -> Bool {
        let index = lowerBound(of: path)
        return index < count && self[index] == path
    }

    /// The paths that start with `prefix` (a folder given with its trailing slash): one
    /// contiguous run of the sorted list.
    public func sortedRun(withPrefix prefix: String) -> ArraySlice<String> {
        let start = lowerBound(of: prefix)
        var end = start
        while end < count, self[end].hasPrefix(prefix) { end += 1 }
        return self[start..<end]
    }
}
