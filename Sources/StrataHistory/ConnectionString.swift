import Foundation

/// A PostgreSQL connection string in every form libpq accepts, as far as its secrets go: a URL
/// (`postgresql://user:secret@host/db`, its `password` query parameter, a password holding an
/// unescaped `/`, `?` or `@`) or a key=value string (`host=… password=secret`, quoted or
/// not). What reaches a message is `redacted`, and every message that may quote the string or
/// a part of it (libpq's own included) passes through `scrub`.
public struct ConnectionString: Sendable {
    public let text: String
    /// The passwords it holds, as written and as libpq decodes them.
    public let secrets: [String]

    public init(_ text: String) {
        self.text = text
        var found: [String] = []
        if Self.isURL(text) {
            if let userinfo = Self.userinfo(text), let colon = userinfo.firstIndex(of: ":") {
                found.append(String(userinfo[userinfo.index(after: colon)...]))
            }
            found += Self.queryPasswords(text)
        } else {
            for pair in Self.pairs(text) where pair.key == "password" { found += [pair.value, pair.written] }
        }
        found += found.compactMap { $0.removingPercentEncoding }
        // libpq quotes the part of a URL it could not parse, which may start inside a password
        // holding a delimiter: its pieces are secrets too (but for the shortest).
        found += found.flatMap { $0.split(whereSeparator: { "/?@&=:#".contains($0) }).map(String.init).filter { $0.count >= 3 } }
        secrets = Array(Set(found.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// A `postgresql://` or `postgres://` URL.
    public static func isURL(_ text: String) -> Bool { text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") }

    /// A URL, or a key=value string (`host=db user=strata`): what libpq reads as a connection
    /// string rather than as a database name.
    public var isConnectionString: Bool {
        Self.isURL(text) || text.range(of: #"^\s*[A-Za-z_]+\s*="#, options: .regularExpression) != nil
    }

    /// The string without its passwords: `postgresql://user@host/db?password=***`,
    /// `host=db password=***`.
    public var redacted: String {
        var result = text
        if Self.isURL(text), let userinfo = Self.userinfo(text), let colon = userinfo.firstIndex(of: ":") {
            result.replaceSubrange(colon..<userinfo.endIndex, with: "")
        }
        return scrub(result)
    }

    /// `message` with every password replaced by `***`.
    public func scrub(_ message: String) -> String {
        secrets.reduce(message) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// The URL's `user:password` part: after the scheme, up to its last `@` (a password may hold
    /// `/`, `?` and `@` unescaped, and the host never holds `@`).
    private static func userinfo(_ url: String) -> Substring? {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@") else { return nil }
        return url[scheme.upperBound..<at]
    }

    /// The values of `password=` in the URL's query.
    private static func queryPasswords(_ url: String) -> [String] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        return url[url.index(after: question)...].split(separator: "&").compactMap { parameter in
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].removingPercentEncoding?.lowercased() == "password" else { return nil }
            return String(parts[1])
        }
    }

    /// A key=value string's pairs as libpq reads them: `key = value`, the value bare (up to
    /// white space) or in single quotes, with `\` escaping the next character; `written` is
    /// the value as the string spells it.
    static func pairs(_ text: String) -> [(key: String, value: String, written: String)] {
        var result: [(key: String, value: String, written: String)] = []
        var rest = Substring(text)
        func skipSpaces() { rest = rest.drop(while: { $0.isWhitespace }) }
        while true {
            skipSpaces()
            let key = rest.prefix { !$0.isWhitespace && $0 != "=" }
            guard !key.isEmpty else { return result }
            rest = rest[key.endIndex...]
            skipSpaces()
            guard rest.first == "=" else { return result }
            rest = rest.dropFirst()
            skipSpaces()
            let begin = rest.startIndex
            let quoted = rest.first == "'"
            if quoted { rest = rest.dropFirst() }
            var value = ""
            while let character = rest.first, quoted ? character != "'" : !character.isWhitespace {
                rest = rest.dropFirst()
                if character == "\\", let escaped = rest.first {
                    value.append(escaped)
                    rest = rest.dropFirst()
                } else {
                    value.append(character)
                }
            }
            if quoted { rest = rest.dropFirst() }
            result.append((String(key), value, String(text[begin..<rest.startIndex])))
        }
    }
}
