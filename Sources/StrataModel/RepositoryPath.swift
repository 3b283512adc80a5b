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
}
