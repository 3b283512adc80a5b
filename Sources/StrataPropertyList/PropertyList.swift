/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`, with the
/// 1-based line where it starts so that evidence can point at the line that decided a fact.
public indirect enum PropertyList: Sendable {
    /// A quoted or bare string, or `<hex data>` kept as written.
    case string(String, line: Int)
    /// `( a, b, )`.
    case array([PropertyList], line: Int)
    /// `{ key = value; }`.
    case dictionary(PropertyListDictionary, line: Int)

    /// The line where the value starts.
    public var line: Int {
        switch self {
        case .string(_, let line), .array(_, let line), .dictionary(_, let line): line
        }
    }

    /// The text, when the value is a string (quoted or not: the format does not tell them apart).
    public var string: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    /// The elements, when the value is a list.
    public var array: [PropertyList]? {
        if case .array(let elements, _) = self { return elements }
        return nil
    }

    /// The entries, when the value is a dictionary.
    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let dictionary, _) = self { return dictionary }
        return nil
    }
}

/// The entries of a property-list dictionary in file order, each with the line of its key.
///
/// Kept as a list rather than a hash map: pbxproj objects have a handful of keys, and file
/// order keeps everything built from them deterministic.
public struct PropertyListDictionary: Sendable {
    /// One `key = value;` pair.
    public struct Entry: Sendable {
        /// The key, unquoted and unescaped.
        public var key: String
        /// The line of the key, which is where a reader points for this entry.
        public var line: Int
        public var value: PropertyList

        public init(key: String, line: Int, value: PropertyList) {
            self.key = key
            self.line = line
            self.value = value
        }
    }

    /// The pairs in file order.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entry for `key`; the last one wins when a key repeats, as in Xcode.
    public func entry(_ key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// The value for `key`, as `entry(_:)` finds it.
    public subscript(key: String) -> PropertyList? {
        entry(key)?.value
    }
}

/// Why a property list could not be read, and the line where reading stopped.
public struct PropertyListError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The 1-based line where the parser stopped (or where the unterminated construct began).
    public var line: Int
    /// What was expected, in the format's words: `expected ';'`, `unterminated quoted string`.
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
