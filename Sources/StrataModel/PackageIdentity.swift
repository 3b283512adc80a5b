/// Where a package lives, read as SwiftPM reads it: one home for the readers (a manifest's
/// remote packages, `Package.resolved` pins, declared dependencies), the history's package
/// rows and the organisation's page.
public enum PackageIdentity {
    /// A package's name from its URL or path: the last component (after a `/`, or the `:` of
    /// an scp-style URL), without a trailing `/` or `.git`, as written; nil when empty.
    /// `https://github.com/apple/swift-nio.git` → `swift-nio`.
    public static func name(ofLocation location: String) -> String? {
        var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty ? nil : last
    }

    /// SwiftPM's identity of a package at a URL or path: its name, lowercased.
    public static func of(location: String) -> String? {
        name(ofLocation: location)?.lowercased()
    }

    /// A URL compared without scheme, user, `.git`, trailing slash or case:
    /// `git@example.com:org/Core.git` and `https://example.com/org/core` are one repository.
    public static func normalized(url: String) -> String {
        var text = String(url.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        if let scheme = text.firstRange(of: "://") { text = String(text[scheme.upperBound...]) }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") { text = String(text[text.index(after: at)...]) }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            let after = text[text.index(after: colon)...]
            // host:port/path keeps the path; host:path (scp style) becomes host/path.
            let port = after.prefix { $0.isNumber }
            text = String(text[..<colon]) + "/" + (port.isEmpty ? after : after.dropFirst(port.count).drop { $0 == "/" })
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }
}
