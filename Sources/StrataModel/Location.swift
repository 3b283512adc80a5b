/// A place in the analyzed repository: a file path relative to the root and a 1-based line.
///
/// Encoded as the string `"path:line"` (or `"path"` without a line) so that editors and CI
/// logs turn it into a link, and so that evidence lists stay compact in JSON.
public struct Location: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int?

    public init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }

    public var description: String {
        guard let line else { return file }
        return "\(file):\(line)"
    }

    public static func < (lhs: Location, rhs: Location) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        return (lhs.line ?? 0) < (rhs.line ?? 0)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            self.init(file: String(text[..<colon]), line: line)
        } else {
            self.init(file: text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A problem with the input that did not stop the analysis: an unreadable file, a manifest
/// construct that could not be evaluated statically, a file that is not UTF-8; or, as a
/// note, an assumption the reading made that a user may want to know (an environment
/// variable read as unset).
public struct Diagnostic: Hashable, Comparable, Sendable, Codable {
    public var file: String
    public var line: Int?
    public var message: String
    /// A note says how something was read; it is not a problem and not counted as a warning.
    public var isNote: Bool

    public init(file: String, line: Int? = nil, message: String, isNote: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.isNote = isNote
    }

    private enum CodingKeys: String, CodingKey { case file, line, message, isNote = "note" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        message = try container.decode(String.self, forKey: .message)
        isNote = try container.decodeIfPresent(Bool.self, forKey: .isNote) ?? false
    }

    /// `note` only on notes, so warnings read as they always did.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encode(message, forKey: .message)
        if isNote { try container.encode(true, forKey: .isNote) }
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = Location(file: lhs.file, line: lhs.line), r = Location(file: rhs.file, line: rhs.line)
        return l != r ? l < r : lhs.message < rhs.message
    }
}
