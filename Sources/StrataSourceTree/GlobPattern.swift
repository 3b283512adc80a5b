import StrataModel

/// A path glob: `*` matches within one path component, `**` across components, `?` one
/// character. A pattern without `/` matches a path's last component anywhere in the tree.
public struct GlobPattern: Sendable, Hashable {
    private let components: [Substring]
    private let anchored: Bool

    /// `anchored` forces matching from the root even without a `/` (globs that readers
    /// have already joined to a manifest's folder).
    public init(_ pattern: String, anchored: Bool? = nil) {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        self.anchored = anchored ?? text.contains("/")
        components = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The folder before the first component with a wildcard ("" when it starts with one):
    /// only files under it can match.
    public var literalPrefix: String {
        guard anchored else { return "" }
        let literal = components.prefix { !$0.contains(where: { "*?".contains($0) }) }
        // The last literal component may be a file name, not a folder.
        return literal.count == components.count
            ? literal.dropLast().joined(separator: "/") : literal.joined(separator: "/")
    }

    /// The one path an anchored pattern without wildcards matches, else nil.
    public var literalPath: String? {
        guard anchored, !components.contains(where: { $0.contains(where: { "*?".contains($0) }) }) else { return nil }
        return components.joined(separator: "/")
    }

    /// `{a,b}` alternatives expanded, as CocoaPods and Tuist globs write them
    /// (`Sources/**/*.{h,m,swift}`); nested braces work, an unmatched brace is literal.
    public static func expandingBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [pattern] }
        let head = String(characters[..<open]), tail = String(characters[(close + 1)...])
        let bounds = [open] + commas + [close]
        var result: [String] = []
        for index in 0..<(bounds.count - 1) {
            let option = String(characters[(bounds[index] + 1)..<bounds[index + 1]])
            result += expandingBraces(head + option + tail)
        }
        return result
    }

    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if !anchored, let last = parts.last, let only = components.first, components.count == 1 {
            return Self.matchComponent(only, last)
        }
        return Self.match(components[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let head = path.first, matchComponent(first, head) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    static func matchComponent(_ pattern: Substring, _ text: Substring) -> Bool {
        Wildcard.matches(Array(pattern.utf8), Array(text.utf8), star: UInt8(ascii: "*"), single: UInt8(ascii: "?"))
    }
}
