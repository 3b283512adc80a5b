/// Bazel's `glob()`: patterns relative to the package, `*` within one path segment, `**`
/// across any number of segments (none included); files of subpackages (folders with their
/// own BUILD or BUILD.bazel) never match; results sorted. Matching is by dynamic
/// programming, so no pattern takes exponential time.
package enum StarlarkGlob {
    /// The paths of `files` (relative to the package, every file under it) that match an
    /// `include` pattern and no `exclude` pattern; folders too unless `excludeDirectories`.
    package static func match(files: [String], include: [String], exclude: [String], excludeDirectories: Bool = true) -> [String] {
        match(packageFiles: packageFiles(files), include: include, exclude: exclude, excludeDirectories: excludeDirectories)
    }

    /// `match(files:…)` over the package's own files (`packageFiles(_:)`, sorted), which a
    /// package's many `glob()` calls share. Each pattern is matched only against the files
    /// under its literal folders (`Sources/Kit/**/*.swift`: those under `Sources/Kit/`), so a
    /// glob costs what it finds, not the whole package each time.
    package static func match(packageFiles files: [String], include: [String], exclude: [String], excludeDirectories: Bool = true) -> [String] {
        var candidates = files
        if !excludeDirectories {
            var folders = Set<String>()
            for file in files {
                var segments = file.split(separator: "/").dropLast()
                while !segments.isEmpty, folders.insert(segments.joined(separator: "/")).inserted { segments = segments.dropLast() }
            }
            candidates = (files + folders).sorted()
        }
        var matched = Set<String>()
        for pattern in include { matched.formUnion(matching(pattern, in: candidates)) }
        if !matched.isEmpty {
            let excludes = exclude.map(segments)
            matched = matched.filter { path in
                let parts = segments(path)
                return !excludes.contains { matches($0[...], parts[...]) }
            }
        }
        return matched.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The files of a package's folder listing that are its own: none under a subpackage
    /// (a folder below with its own BUILD or BUILD.bazel), sorted.
    package static func packageFiles(_ files: [String]) -> [String] {
        let subpackages = Set(files.compactMap(subpackage(of:)))
        guard !subpackages.isEmpty else { return files.sorted() }
        return files.filter { !isInSubpackage($0, subpackages) }.sorted()
    }

    /// The paths of sorted `candidates` one pattern matches, looking only under its literal folders.
    static func matching(_ pattern: String, in candidates: [String]) -> [String] {
        let parts = segments(pattern)
        let literal = parts.prefix { !$0.contains(where: { "*?[".contains($0) }) }
        let prefix = literal.count == parts.count ? literal.dropLast() : literal[...]
        let folder = prefix.joined(separator: "/")
        let range = folder.isEmpty ? candidates[...] : under(folder + "/", in: candidates)
        return range.filter { matches(parts[...], segments($0)[...]) }
    }

    /// The sorted candidates that start with `prefix`: found by a binary search.
    static func under(_ prefix: String, in candidates: [String]) -> ArraySlice<String> {
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < candidates.count, candidates[end].hasPrefix(prefix) { end += 1 }
        return candidates[low..<end]
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
        var index = file.startIndex
        while let slash = file[index...].firstIndex(of: "/") {
            if subpackages.contains(String(file[..<slash])) { return true }
            index = file.index(after: slash)
        }
        return false
    }

    /// Whether the pattern's segments match the path's: a table of which prefixes match.
    static func matches(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        // Without `**`, segment by segment.
        if !pattern.contains("**") {
            return pattern.count == path.count && zip(pattern, path).allSatisfy { wildcard($0, $1) }
        }
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
        let star = UInt8(ascii: "*"), any = UInt8(ascii: "?"), dot = UInt8(ascii: ".")
        // As Bazel's `UnixGlob.matches`: `*` alone matches any name; else a name's leading `.`
        // must be matched by the pattern's own.
        if pattern == "*" { return true }
        if name.utf8.first == dot && pattern.utf8.first != dot { return false }
        // Most segments are a name, or `*` and a suffix (`*.swift`): compared without a table.
        let rest = pattern.utf8.dropFirst(pattern.utf8.first == star ? 1 : 0)
        if !rest.contains(where: { $0 == star || $0 == any }) {
            guard rest.count < pattern.utf8.count else { return pattern.utf8.elementsEqual(name.utf8) }
            return name.utf8.count >= rest.count && name.utf8.suffix(rest.count).elementsEqual(rest)
        }
        // By byte, as Bazel, whose strings hold UTF-8 bytes: `?` is one byte (`é` is two).
        let p = Array(pattern.utf8), n = Array(name.utf8)
        var reachable = [Bool](repeating: false, count: n.count + 1)
        reachable[0] = true
        for byte in p {
            var next = [Bool](repeating: false, count: n.count + 1)
            if byte == star {
                var any = false
                for j in 0...n.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<n.count where reachable[j] && (byte == any || n[j] == byte) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[n.count]
    }
}
