/// `*` (any run) and `?` (one element) matching, iterative with backtracking to the last `*`:
/// path-glob components and module-name patterns both use it.
public enum Wildcard {
    public static func matches<Element: Equatable>(_ pattern: [Element], _ text: [Element], star: Element, single: Element) -> Bool {
        var p = 0, t = 0, lastStar = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == single || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == star {
                lastStar = p
                mark = t
                p += 1
            } else if lastStar >= 0 {
                p = lastStar + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
