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

    /// The most patterns one glob's braces expand to; `{a,b}{a,b}…` doubles with every
    /// group, so a committed manifest could otherwise ask for billions.
    public static let maximumAlternatives = 1024
    /// The longest glob whose braces are expanded (real globs are a few dozen bytes).
    public static let maximumExpandedLength = 4096

    /// `{a,b}` alternatives expanded, as CocoaPods and Tuist globs write them
    /// (`Sources/**/*.{h,m,swift}`); nested braces work, an unmatched brace is literal.
    /// At most `maximumAlternatives` patterns (see `expandsTooMuch`).
    public static func expandingBraces(_ pattern: String) -> [String] {
        braceExpansion(pattern).patterns
    }

    /// Whether a glob's braces expand to more than `maximumAlternatives` patterns (only the
    /// first ones are used): worth a warning naming the glob.
    public static func expandsTooMuch(_ pattern: String) -> Bool {
        !braceExpansion(pattern).complete
    }

    /// Expands the first brace group of each pattern until none is left, breadth first with a
    /// work list (no recursion), stopping at `maximumAlternatives` patterns or as many steps.
    static func braceExpansion(_ pattern: String) -> (patterns: [String], complete: Bool) {
        // Every alternative copies the pattern: a pattern longer than any real glob is taken
        // as written, and reported like an expansion that stopped.
        guard pattern.utf8.count <= maximumExpandedLength else { return ([pattern], false) }
        var result: [String] = []
        var pending = [Array(pattern.utf8)]
        var steps = 0
        while let bytes = pending.popLast() {
            // Every pattern pending yields one at least: past the bound, stop.
            steps += 1
            guard result.count + pending.count < maximumAlternatives, steps <= maximumAlternatives * 4 else {
                return (result, false)
            }
            guard let (open, commas, close) = firstBraceGroup(bytes) else {
                result.append(String(decoding: bytes, as: UTF8.self))
                continue
            }
            let head = bytes[..<open], tail = bytes[(close + 1)...]
            let bounds = [open] + commas + [close]
            // Pushed in reverse, so alternatives come out in the order they are written.
            for index in (0..<(bounds.count - 1)).reversed() {
                pending.append(Array(head + bytes[(bounds[index] + 1)..<bounds[index + 1]] + tail))
            }
        }
        return (result, true)
    }

    /// The leftmost `{` that has a matching `}` (an unmatched one is literal), and the commas at
    /// its top level; nil when there is none. One pass with a stack: linear however many
    /// braces are left open.
    private static func firstBraceGroup(_ bytes: [UInt8]) -> (open: Int, commas: [Int], close: Int)? {
        var opens: [Int] = []
        var group: (open: Int, close: Int)?
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") {
                opens.append(index)
            } else if byte == UInt8(ascii: "}"), let open = opens.popLast(), open < (group?.open ?? Int.max) {
                group = (open, index)
            }
        }
        guard let group else { return nil }
        var depth = 0
        var commas: [Int] = []
        for index in group.open...group.close {
            switch bytes[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ",") where depth == 1: commas.append(index)
            default: break
            }
        }
        return (group.open, commas, group.close)
    }

    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if !anchored, let last = parts.last, let only = components.first, components.count == 1 {
            return Self.matchComponent(only, last)
        }
        return Self.match(components, parts[...])
    }

    /// The pattern run as an automaton over path components: the set of pattern positions
    /// reached so far, advanced one component at a time, so matching takes at most
    /// components × pattern steps however many `**` the pattern has (backtracking over them
    /// is exponential: `**/**/…/x` with 20 globstars).
    private static func match(_ pattern: [Substring], _ path: ArraySlice<Substring>) -> Bool {
        var reached = [Bool](repeating: false, count: pattern.count + 1)
        func reach(_ position: Int, in states: inout [Bool]) {
            var position = position
            while !states[position] {
                states[position] = true
                // `**` may match no component: the position after it is reached too.
                guard position < pattern.count, pattern[position] == "**" else { return }
                position += 1
            }
        }
        reach(0, in: &reached)
        for part in path {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            var any = false
            for position in 0..<pattern.count where reached[position] {
                if pattern[position] == "**" {
                    reach(position, in: &next)
                    any = true
                } else if matchComponent(pattern[position], part) {
                    reach(position + 1, in: &next)
                    any = true
                }
            }
            guard any else { return false }
            reached = next
        }
        return reached[pattern.count]
    }

    static func matchComponent(_ pattern: Substring, _ text: Substring) -> Bool {
        Wildcard.matches(Array(pattern.utf8), Array(text.utf8), star: UInt8(ascii: "*"), single: UInt8(ascii: "?"))
    }
}
