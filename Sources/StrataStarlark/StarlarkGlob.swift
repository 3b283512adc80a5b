/// Bazel's `glob()`: patterns relative to the package, `*` within one path segment, `**`
/// across any number of segments (none included); files of subpackages (folders with their
/// own BUILD or BUILD.bazel) never match; results sorted. Matching is by dynamic
/// programming, so no pattern takes exponential time.
package enum StarlarkGlob {
    /// The paths of `files` (relative to the package, every file under it) that match an
    /// `include` pattern and no `exclude` pattern; folders too unless `excludeDirectories`.
    package static func match(files: [String], include: [String], exclude: [String], excludeDirectories: Bool = true) -> [String] {
        let subpackages = Set(files.compactMap(subpackage(of:)))
        let inPackage = files.filter { !isInSubpackage($0, subpackages) }
        var candidates = Set(inPackage)
        if !excludeDirectories {
            for file in inPackage {
                var segments = file.split(separator: "/").dropLast()
                while !segments.isEmpty {
                    candidates.insert(segments.joined(separator: "/"))
                    segments = segments.dropLast()
                }
            }
        }
        let includes = include.map(segments), excludes = exclude.map(segments)
        let matched = candidates.filter { path in
            let parts = segments(path)
            return includes.contains { matches($0[...], parts[...]) } && !excludes.contains { matches($0[...], parts[...]) }
        }
        return matched.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The folder a BUILD file makes a subpackage of, for a BUILD file below the package's own.
    static func subpackage(of file: String) -> String? {
        let parts = file.split(separator: "/")
        guard parts.count > 1, let last = parts.last, last == "BUILD" || last == "BUILD.bazel" else { return nil }
        return parts.dropLast().joined(separator: "/")
    }

    static func isInSubpackage(_ file: String, _ subpackages: Set<String>) -> Bool {
        var parts = file.split(separator: "/").dropLast()
        while !parts.isEmpty {
            if subpackages.contains(parts.joined(separator: "/")) { return true }
            parts = parts.dropLast()
        }
        return false
    }

    /// Whether the pattern's segments match the path's: a table of which prefixes match.
    static func matches(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        let p = Array(pattern), s = Array(path)
        // reachable[j]: the pattern's first i segments can match the path's first j.
        var reachable = [Bool](repeating: false, count: s.count + 1)
        reachable[0] = true
        for segment in p {
            var next = [Bool](repeating: false, count: s.count + 1)
            if segment == "**" {
                var any = false
                for j in 0...s.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<s.count where reachable[j] && wildcard(segment, s[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[s.count]
    }

    /// `*` and `?` within one segment.
    static func wildcard(_ pattern: Substring, _ name: Substring) -> Bool {
        let p = Array(pattern.utf8), n = Array(name.utf8)
        var reachable = [Bool](repeating: false, count: n.count + 1)
        reachable[0] = true
        for byte in p {
            var next = [Bool](repeating: false, count: n.count + 1)
            if byte == UInt8(ascii: "*") {
                var any = false
                for j in 0...n.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<n.count where reachable[j] && (byte == UInt8(ascii: "?") || n[j] == byte) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[n.count]
    }
}
