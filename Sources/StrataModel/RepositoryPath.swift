/// Repository-relative paths (`Sources/App/File.swift`) and the two questions every reader
/// asks of them.
public enum RepositoryPath {
    /// The folder that holds `path`, "" at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component: a file's or folder's own name.
    public static func name(of path: String) -> String {
        // Discovery asks this of every file for every manifest reader: no array of parts.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let after = path.utf8.index(after: slash)
        if after != path.utf8.endIndex { return String(path[after...]) }
        return path.split(separator: "/").last.map(String.init) ?? path  // a trailing slash
    }

    /// `relative` read from `folder` (both repository-relative), `.` and `..` taken away
    /// (`a/b` + `../c.h` -> `a/c.h`); nil when it leaves the repository or is absolute.
    public static func joined(_ folder: String, _ relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
