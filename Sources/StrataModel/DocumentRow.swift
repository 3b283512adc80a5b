/// The rows of a `strata.json` document (`ResultDocument`, schema 3). The values a large
/// repository has tens of thousands of (each import, each candidate for `internal`, each symbol
/// behind an edge) are written as arrays of their fields, in the order of their kind's columns,
/// rather than as objects that spell every key each time: the document lists each kind's
/// columns once, in its `columns`. An absent optional field is null, and a row ends at its last
/// present field (most imports are `["Foundation", [12, 3]]`). Written and read as rows while a
/// `FileTable` is bound; everywhere else (the page's data, strata-diff.json, the servers'
/// answers) as objects.
enum DocumentRows {
    /// Each kind of row, by the name `columns` gives it, with its columns.
    static let columns: [String: [String]] = [
        "import": ImportSite.columns, "accessCandidate": AccessCandidate.columns, "symbol": SymbolRow.columns,
    ]

    /// True while a document is encoded or decoded: rows, not objects.
    static var active: Bool { FileTable.current != nil }
}

/// A row being written: the fields in column order, nulls only between present fields.
struct RowWriter {
    private var container: any UnkeyedEncodingContainer
    private var nulls = 0

    init(_ encoder: any Encoder) {
        container = encoder.unkeyedContainer()
    }

    mutating func callAsFunction<T: Encodable>(_ value: T?) throws {
        guard let value else {
            nulls += 1
            return
        }
        for _ in 0..<nulls { try container.encodeNil() }
        nulls = 0
        try container.encode(value)
    }
}

/// A row being read, field by field in column order. Values past the columns this Strata reads
/// are left unread, as an object's unknown keys are: a later Strata may add a column at the end.
struct RowReader {
    private var container: any UnkeyedDecodingContainer

    init(_ decoder: any Decoder) throws {
        container = try decoder.unkeyedContainer()
    }

    mutating func callAsFunction<T: Decodable>(_: T.Type = T.self) throws -> T {
        try container.decode(T.self)
    }

    /// An optional field: nil when null or past the row's end.
    mutating func optional<T: Decodable>(_: T.Type = T.self) throws -> T? {
        guard !container.isAtEnd, !(try container.decodeNil()) else { return nil }
        return try container.decode(T.self)
    }
}

/// An edge's symbol (`EdgeSymbol`) as a row of a document: `[kind, name, count, evidence]`.
struct SymbolRow: Codable {
    static let columns = ["kind", "name", "count", "evidence"]

    var symbol: EdgeSymbol

    init(_ symbol: EdgeSymbol) {
        self.symbol = symbol
    }

    init(from decoder: any Decoder) throws {
        var row = try RowReader(decoder)
        symbol = EdgeSymbol(kind: try row(), name: try row(), count: try row(), evidence: try row())
    }

    func encode(to encoder: any Encoder) throws {
        var row = RowWriter(encoder)
        try row(symbol.kind)
        try row(symbol.name)
        try row(symbol.count)
        try row(symbol.evidence)
    }
}

/// The module an import row names: an index into the document's `importedModules`, since a
/// repository's imports name a few hundred modules tens of thousands of times. A name written
/// out (schema 3 before the table) is read too.
struct ImportedModule: Codable {
    var name: String

    init(name: String) {
        self.name = name
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let index = try? container.decode(Int.self) else {
            name = try container.decode(String.self)
            return
        }
        guard let modules = FileTable.current?.modules, modules.indices.contains(index) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "module \(index) is not in importedModules (\(FileTable.current?.modules.count ?? 0) of them)")
        }
        name = modules[index]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let table = FileTable.current { try container.encode(table.index(ofModule: name)) } else { try container.encode(name) }
    }
}
