/// A place in the analyzed repository: a file path relative to the root and a 1-based line.
///
/// Encoded as the string `"path:line"` (or `"path"` without a line) so that editors and CI
/// logs turn it into a link; inside a `strata.json` document (`ResultDocument`, schema 3) as
/// `[file, line]` (or `[file]`), the file an index into the document's `files`: a large
/// repository's result names each path once instead of at every import and declaration.
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
        if let files = FileTable.current {
            var container = try decoder.unkeyedContainer()
            let index = try container.decode(Int.self)
            guard files.paths.indices.contains(index) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "file \(index) is not in files (\(files.paths.count) of them)")
            }
            self.init(file: files.paths[index], line: container.isAtEnd ? nil : try container.decode(Int.self))
            return
        }
        let text = try decoder.singleValueContainer().decode(String.self)
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            self.init(file: String(text[..<colon]), line: line)
        } else {
            self.init(file: text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if let files = FileTable.current {
            var container = encoder.unkeyedContainer()
            try container.encode(files.index(of: file))
            if let line { try container.encode(line) }
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The paths a `strata.json` document's locations index into (its `files`), and the modules
/// its import rows name (its `importedModules`), bound while the document is encoded or
/// decoded (`ResultDocument`); an index is the order first written in. Used by one encoding
/// or decoding at a time, on its thread.
public final class FileTable: @unchecked Sendable {
    @TaskLocal static var current: FileTable?

    public private(set) var paths: [String]
    private var indices: [String: Int] = [:]
    public private(set) var modules: [String]
    private var moduleIndices: [String: Int] = [:]

    public init(paths: [String] = [], modules: [String] = []) {
        self.paths = paths
        self.modules = modules
    }

    func index(of path: String) -> Int {
        if let index = indices[path] { return index }
        indices[path] = paths.count
        paths.append(path)
        return paths.count - 1
    }

    func index(ofModule name: String) -> Int {
        if let index = moduleIndices[name] { return index }
        moduleIndices[name] = modules.count
        modules.append(name)
        return modules.count - 1
    }

    /// `body` with locations encoded and decoded as indices into this table.
    public func bound<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self, operation: body)
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
