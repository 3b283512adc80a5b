/// A module's identity: the manifest that declares it and its target name there. Stable when
/// other modules come and go or a display name is qualified or renamed, so the graph, diffs
/// and finding fingerprints know a module by it. JSON spells it `manifest#target`
/// (`Modules/Core/Package.swift#Core`), as `description` does.
public struct ModuleID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The file that declares the module (or its folder, when no file does): targets of one
    /// manifest see each other by name. For a target of an included XcodeGen spec it is the
    /// including spec.
    public var manifest: String
    /// The target's name in that manifest.
    public var target: String

    public init(manifest: String, target: String) {
        self.manifest = manifest
        self.target = target
    }

    public var description: String { manifest + "#" + target }

    public static func < (lhs: ModuleID, rhs: ModuleID) -> Bool { lhs.description < rhs.description }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// From the JSON spelling: the manifest up to the first `#` (a target name holds none).
    public init(from decoder: any Decoder) throws {
        let spelled = try decoder.singleValueContainer().decode(String.self)
        let hash = spelled.firstIndex(of: "#") ?? spelled.endIndex
        manifest = String(spelled[..<hash])
        target = hash == spelled.endIndex ? "" : String(spelled[spelled.index(after: hash)...])
    }
}

/// The display names of a result's modules by identity, and back, bound while the result is
/// encoded or decoded (`AnalysisResult`, or a part of it a page encodes: `bound(_:)`), so that
/// a relation keyed by `ModuleID` (an edge's two ends, a cycle's cut) is written and read as
/// its modules' names, as people and every earlier document know them. Names are unique keys
/// after discovery (a name taken twice gets a `#2` suffix there), so each names one module.
public struct ModuleNames: Sendable, Hashable {
    @TaskLocal static var current: ModuleNames?

    private let names: [ModuleID: String]
    private let ids: [String: ModuleID]

    public init<Modules: Sequence>(_ modules: Modules) where Modules.Element == AssembledModule {
        self.init(pairs: modules.map { ($0.id, $0.name) })
    }

    /// From each module's identity and name (the first of an identity or a name counts).
    public init(pairs: [(id: ModuleID, name: String)]) {
        var names: [ModuleID: String] = [:], ids: [String: ModuleID] = [:]
        for (id, name) in pairs {
            if names[id] == nil { names[id] = name }
            if ids[name] == nil { ids[name] = id }
        }
        (self.names, self.ids) = (names, ids)
    }

    /// The module's display name; its identity's spelling for a module not among these.
    public subscript(id: ModuleID) -> String { names[id] ?? id.description }
    /// The identity of the module of this display name, if it is among these.
    public func id(named name: String) -> ModuleID? { ids[name] }

    /// `body`, with these names bound for the relations it encodes or decodes (on this thread:
    /// work spread over cores binds them again on each).
    public func bound<T>(_ body: () throws -> T) rethrows -> T { try Self.$current.withValue(self, operation: body) }

    /// `body` with `names` bound, or with what is bound already when nil.
    static func rebound<T>(_ names: ModuleNames?, _ body: () throws -> T) rethrows -> T {
        guard let names else { return try body() }
        return try names.bound(body)
    }

    /// A relation's module, written as its name.
    static func encode<Key: CodingKey>(_ id: ModuleID, forKey key: Key, in container: inout KeyedEncodingContainer<Key>) throws {
        try container.encode(name(of: id, at: container.codingPath + [key]), forKey: key)
    }

    /// A relation's module, read from its name: one of the result's modules.
    static func decode<Key: CodingKey>(forKey key: Key, in container: KeyedDecodingContainer<Key>) throws -> ModuleID {
        try id(of: container.decode(String.self, forKey: key), at: container.codingPath + [key])
    }

    /// The bound name of a module, at `path` of what is encoded: one of the result's modules,
    /// as decoding requires.
    static func name(of id: ModuleID, at path: [any CodingKey]) throws -> String {
        guard let names = current else {
            throw EncodingError.invalidValue(id, .init(codingPath: path, debugDescription: "a module relation encoded without its result's module names"))
        }
        guard let name = names.names[id] else {
            throw EncodingError.invalidValue(id, .init(codingPath: path, debugDescription: "\(id) is not one of the result's modules"))
        }
        return name
    }

    /// The module of a bound name, at `path` of what is decoded.
    static func id(of name: String, at path: [any CodingKey]) throws -> ModuleID {
        guard let names = current else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "a module relation decoded without its result's module names"))
        }
        guard let id = names.id(named: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "'\(name)' is not one of the result's modules"))
        }
        return id
    }
}

/// A list of modules kept by identity and written by name (`ModuleNames`): a module's `links`
/// and `embeds`.
@propertyWrapper
public struct NamedModules: Hashable, Sendable, Codable {
    public var wrappedValue: [ModuleID]

    public init(wrappedValue: [ModuleID]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try container.decode([String].self).map { try ModuleNames.id(of: $0, at: container.codingPath) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.map { try ModuleNames.name(of: $0, at: container.codingPath) })
    }
}
