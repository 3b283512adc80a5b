#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel
import StrataSourceTree

/// The on-disk cache of per-file facts, keyed by content hash.
///
/// One file per analyzed root and injection vocabulary, `facts-v<format>-<root>-<names>.bin`
/// in the cache folder, holding the facts of every file the last run saw (both revisions of
/// a diff) and the git blob ids known to hold those bytes. A compact binary format, because a
/// warm run must load it in a few milliseconds. Every entry carries its length and checksum:
/// a truncated or corrupted entry is dropped and its file parsed again, never trusted, and
/// anything unexpected in the header makes the cache empty, never an error; the header and
/// the aliases carry checksums too, and any damage is reported (`load()`). Deleting the
/// folder is always safe.
public struct FactsCache: Sendable {
    /// Bump when `FileScanner` or `FileFacts` change, so old entries are not trusted.
    static let format: UInt32 = 18
    static let magic: [UInt8] = Array("STRATAFC".utf8)

    public let file: String
    let directory: String
    let rootKey: String
    /// The build and the configured injection names: facts written under another identity
    /// are not trusted.
    let identity: UInt64

    /// Identifies the running build of Strata (the executable's size and modification time),
    /// so a rebuilt Strata never trusts facts that an older scanner wrote.
    public static let buildIdentity: UInt64 = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 else { return 0 }
        return ContentHash(Array("\(info.st_size):\(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec)".utf8)).low
    }()

    /// - Parameters:
    ///   - directory: the cache folder.
    ///   - rootKey: identifies the analyzed repository (its absolute path).
    ///   - names: the configured injection names the scanner looks for.
    public init(directory: String, rootKey: String, names: InjectionNames = InjectionNames()) {
        self.directory = directory
        self.rootKey = rootKey
        let key = ContentHash(Array(rootKey.utf8))
        let vocabulary = ContentHash(Array(names.identity.utf8))
        file = directory + "/facts-v\(Self.format)-\(key)-\(String(vocabulary.low, radix: 16)).bin"
        identity = ContentHash(Array("\(Self.buildIdentity);\(names.identity)".utf8)).low
    }

    /// The cache of the same root for other injection names.
    func with(names: InjectionNames) -> FactsCache {
        FactsCache(directory: directory, rootKey: rootKey, names: names)
    }

    /// Another file of the cache for the same root (e.g. the last graph layout).
    public func companion(_ suffix: String) -> String {
        String(file.dropLast(".bin".count)) + "-" + suffix
    }

    /// What the cache file holds: facts by content hash, and content keys (git blob ids)
    /// known to name those contents.
    public struct Contents: Sendable, Equatable {
        public var entries: [ContentHash: FileFacts] = [:]
        public var aliases: [String: ContentHash] = [:]
        public init(entries: [ContentHash: FileFacts] = [:], aliases: [String: ContentHash] = [:]) {
            self.entries = entries
            self.aliases = aliases
        }
    }

    /// What the file holds; `damaged` when any part of it failed its checksum (those parts
    /// are left out and recomputed).
    public func load() -> (contents: Contents, damaged: Bool) {
        guard let bytes = try? readFile(file) else { return (Contents(), false) }
        var reader = ByteReader(bytes: bytes)
        return Self.decode(&reader, identity: identity)
    }

    /// The checksum of an entry: its key and length as well as its facts, so a flipped bit
    /// in the key is damage too, not an entry of another file.
    static func entryChecksum(_ keyAndLength: ArraySlice<UInt8>, _ facts: ArraySlice<UInt8>) -> UInt64 {
        ContentHash(Array(keyAndLength) + Array(facts)).low
    }

    /// The checksum of the header: a flipped bit in the identity is damage, not another build.
    static func headerChecksum(_ identity: UInt64) -> UInt64 {
        ContentHash(magic + Array("\(format):\(identity)".utf8)).low
    }

    /// One entry as the file holds it: key, length, checksum, facts.
    static func record(_ hash: ContentHash, _ facts: FileFacts) -> [UInt8] {
        var entry = ByteWriter()
        encode(facts, into: &entry)
        var record = ByteWriter()
        record.u64(hash.high)
        record.u64(hash.low)
        record.u32(UInt32(entry.bytes.count))
        record.u64(entryChecksum(record.bytes[...], entry.bytes[...]))
        record.bytes.append(contentsOf: entry.bytes)
        return record.bytes
    }

    /// Writes atomically (temporary file, then rename) so a crash never leaves half a cache.
    public func save(_ contents: Contents) throws {
        var writer = ByteWriter()
        writer.bytes.append(contentsOf: Self.magic)
        writer.u32(Self.format)
        writer.u64(identity)
        writer.u64(Self.headerChecksum(identity))
        writer.u32(UInt32(contents.entries.count))
        // Each entry encoded on its own (on all cores), then written in key order.
        let entries = contents.entries.sorted(by: { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) })
        for record in Parallel.map(entries.count, { Self.record(entries[$0].key, entries[$0].value) }) {
            writer.bytes.append(contentsOf: record)
        }
        var aliases = ByteWriter()
        aliases.u32(UInt32(contents.aliases.count))
        for (key, hash) in contents.aliases.sorted(by: { $0.key < $1.key }) {
            aliases.string(key)
            aliases.u64(hash.high)
            aliases.u64(hash.low)
        }
        writer.bytes += aliases.bytes
        writer.u64(ContentHash(aliases.bytes).low)
        let directory = String(file[..<file.lastIndex(of: "/")!])
        try makeDirectories(directory)
        do {
            try AtomicFile.write(writer.bytes, to: file)
        } catch {
            throw CacheError(message: "cannot write: \(error.reason)")
        }
    }

    /// Every entry whose length and checksum hold; the rest are left out (and parsed again).
    /// `damaged` when anything was left out; a file of another build is not damaged, only
    /// not used.
    static func decode(_ reader: inout ByteReader, identity: UInt64) -> (contents: Contents, damaged: Bool) {
        var contents = Contents()
        guard (try? Array(reader.take(magic.count))) == magic, (try? reader.u32()) == format, let written = try? reader.u64(),
            let header = try? reader.u64(), header == headerChecksum(written)
        else { return (contents, !reader.bytes.isEmpty) }
        guard written == identity else { return (contents, false) }
        guard let count = try? reader.u32() else { return (contents, true) }
        var damaged = false
        for _ in 0..<count {
            let start = reader.offset
            guard let high = try? reader.u64(), let low = try? reader.u64(), let length = try? reader.count(),
                let checksum = try? reader.u64(), let bytes = try? reader.take(length)
            else { return (contents, true) }
            var entry = ByteReader(bytes: Array(bytes))
            guard entryChecksum(reader.bytes[start..<(start + 20)], bytes) == checksum, let facts = try? decodeFacts(&entry), entry.offset == length else {
                damaged = true
                continue
            }
            contents.entries[ContentHash(high: high, low: low)] = facts
        }
        let start = reader.offset
        var aliases: [String: ContentHash] = [:]
        guard let count = try? reader.count() else { return (contents, true) }
        for _ in 0..<count {
            guard let key = try? reader.string(), let high = try? reader.u64(), let low = try? reader.u64() else {
                return (contents, true)
            }
            aliases[key] = ContentHash(high: high, low: low)
        }
        let section = Array(reader.bytes[start..<reader.offset])
        guard (try? reader.u64()) == ContentHash(section).low else { return (contents, true) }
        for (key, hash) in aliases where contents.entries[hash] != nil { contents.aliases[key] = hash }
        return (contents, damaged)
    }

    static func encode(_ facts: FileFacts, into writer: inout ByteWriter) {
        writer.u32(UInt32(facts.lines))
        writer.u32(UInt32(facts.imports.count))
        for fact in facts.imports {
            writer.string(fact.module)
            writer.u32(UInt32(fact.line))
            writer.u32(UInt32(fact.attributes.count))
            fact.attributes.forEach { writer.string($0) }
            writer.optionalString(fact.accessLevel?.rawValue)
            writer.optionalString(fact.declarationKind)
            writer.optionalString(fact.symbol)
            writer.optionalString(fact.condition)
        }
        writer.u32(UInt32(facts.declarations.count))
        for fact in facts.declarations {
            writer.byte(UInt8(DeclarationKind.allCases.firstIndex(of: fact.kind)!))
            writer.byte(UInt8(AccessLevel.allCases.firstIndex(of: fact.access)!))
            writer.string(fact.name)
            writer.u32(UInt32(fact.line))
            writer.optionalString(fact.parent)
            writer.strings(fact.inherits)
            writer.byte(fact.traits.rawValue)
            writer.optionalString(fact.value)
            writer.optionalString(fact.type)
            writer.optionalString(fact.path)
            writer.strings(fact.mentions)
        }
        writer.strings(facts.references)
        // Counts and lines, aligned with the references (none when not recorded).
        writer.numbers(facts.referenceCounts)
        writer.numbers(facts.referenceLines)
        writer.u32(UInt32(facts.injections.count))
        for fact in facts.injections {
            writer.byte(UInt8(InjectionFact.Shape.allCases.firstIndex(of: fact.shape)!))
            writer.string(fact.name)
            writer.optionalString(fact.receiver)
            writer.u32(UInt32(fact.arguments.count))
            for argument in fact.arguments {
                writer.optionalString(argument.label)
                writer.string(argument.text)
                writer.optionalString(argument.type)
            }
            writer.optionalString(fact.type)
            writer.optionalString(fact.implementation)
            writer.optionalString(fact.scope)
            writer.u32(fact.within.map { UInt32($0) + 1 } ?? 0)
            writer.byte(fact.generic ? 1 : 0)
            writer.optionalString(fact.context)
            writer.optionalString(fact.key)
            writer.optionalString(fact.keyTerm)
            writer.u32(UInt32(fact.line))
            writer.optionalValue(fact.computedName)
        }
        writer.u32(UInt32(facts.problems.count))
        for problem in facts.problems {
            writer.u32(problem.line.map { UInt32($0) + 1 } ?? 0)
            writer.string(problem.message)
        }
        writer.u32(UInt32(facts.suppressions.count))
        for suppression in facts.suppressions {
            writer.u32(UInt32(suppression.line))
            writer.u32(UInt32(suppression.commentLine))
            writer.strings(suppression.rules)
            writer.string(suppression.reason)
        }
        writer.u32(UInt32(facts.values.count))
        for fact in facts.values {
            writer.byte(UInt8(ValueFact.Kind.allCases.firstIndex(of: fact.kind)!))
            writer.string(fact.name)
            writer.optionalString(fact.owner)
            writer.optionalValue(fact.value)
            writer.u32(UInt32(fact.branches.count))
            for branch in fact.branches {
                writer.strings(branch.cases)
                writer.optionalValue(branch.value)
            }
            writer.u32(UInt32(fact.line))
        }
    }

    static func decodeFacts(_ reader: inout ByteReader) throws -> FileFacts {
        let lines = Int(try reader.u32())
        var imports: [ImportFact] = []
        for _ in 0..<(try reader.count()) {
            let module = try reader.string()
            let line = Int(try reader.u32())
            var attributes: [String] = []
            for _ in 0..<(try reader.count()) { attributes.append(try reader.string()) }
            let access = try reader.optionalString().flatMap(AccessLevel.init(rawValue:))
            imports.append(ImportFact(
                module: module, line: line, attributes: attributes, accessLevel: access,
                declarationKind: try reader.optionalString(), symbol: try reader.optionalString(),
                condition: try reader.optionalString()))
        }
        var declarations: [DeclarationFact] = []
        let declarationCount = try reader.count()
        declarations.reserveCapacity(declarationCount)
        for _ in 0..<declarationCount {
            let kind = Int(try reader.byte()), access = Int(try reader.byte())
            guard kind < DeclarationKind.allCases.count, access < AccessLevel.allCases.count else {
                throw CacheError(message: "bad entry")
            }
            declarations.append(DeclarationFact(
                kind: DeclarationKind.allCases[kind], name: try reader.string(),
                access: AccessLevel.allCases[access], line: Int(try reader.u32()), parent: try reader.optionalString(),
                inherits: try reader.strings(), traits: DeclarationTraits(rawValue: try reader.byte()),
                value: try reader.optionalString(), type: try reader.optionalString(), path: try reader.optionalString(),
                mentions: try reader.strings()))
        }
        let references = try reader.strings()
        let referenceCounts = try reader.numbers(), referenceLines = try reader.numbers()
        guard [referenceCounts.count, referenceLines.count].allSatisfy({ $0 == 0 || $0 == references.count }) else {
            throw CacheError(message: "bad entry")
        }
        var injections: [InjectionFact] = []
        for _ in 0..<(try reader.count()) {
            let shape = Int(try reader.byte())
            guard shape < InjectionFact.Shape.allCases.count else { throw CacheError(message: "bad entry") }
            let name = try reader.string(), receiver = try reader.optionalString()
            var arguments: [InjectionFact.Argument] = []
            for _ in 0..<(try reader.count()) {
                arguments.append(InjectionFact.Argument(
                    label: try reader.optionalString(), text: try reader.string(), type: try reader.optionalString()))
            }
            let type = try reader.optionalString(), implementation = try reader.optionalString()
            let scope = try reader.optionalString(), within = Int(try reader.u32())
            let generic = try reader.byte() != 0, context = try reader.optionalString(), key = try reader.optionalString()
            let keyTerm = try reader.optionalString()
            var fact = InjectionFact(
                shape: InjectionFact.Shape.allCases[shape], name: name, receiver: receiver, arguments: arguments,
                type: type, implementation: implementation, scope: scope, within: within == 0 ? nil : within - 1,
                generic: generic, context: context, key: key, line: Int(try reader.u32()), computedName: try reader.optionalValue())
            fact.keyTerm = keyTerm
            injections.append(fact)
        }
        var problems: [FileProblem] = []
        for _ in 0..<(try reader.count()) {
            let line = try reader.u32()
            problems.append(FileProblem(line: line == 0 ? nil : Int(line - 1), try reader.string()))
        }
        var suppressions: [Suppression] = []
        for _ in 0..<(try reader.count()) {
            let line = Int(try reader.u32()), commentLine = Int(try reader.u32())
            suppressions.append(Suppression(line: line, commentLine: commentLine, rules: try reader.strings(), reason: try reader.string()))
        }
        var values: [ValueFact] = []
        for _ in 0..<(try reader.count()) {
            let kind = Int(try reader.byte())
            guard kind < ValueFact.Kind.allCases.count else { throw CacheError(message: "bad entry") }
            let name = try reader.string(), owner = try reader.optionalString(), value = try reader.optionalValue()
            var branches: [ValueFact.Branch] = []
            for _ in 0..<(try reader.count()) {
                branches.append(ValueFact.Branch(cases: try reader.strings(), value: try reader.optionalValue()))
            }
            values.append(ValueFact(
                kind: ValueFact.Kind.allCases[kind], name: name, owner: owner, value: value, branches: branches,
                line: Int(try reader.u32())))
        }
        var facts = FileFacts(
            lines: lines, imports: imports, declarations: declarations, references: references,
            injections: injections, problems: problems, suppressions: suppressions, values: values)
        facts.referenceCounts = referenceCounts
        facts.referenceLines = referenceLines
        return facts
    }
}

struct CacheError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    /// Lengths as LEB128: most strings are short names, which a 4-byte length would double.
    mutating func varint(_ value: Int) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
    mutating func string(_ value: String) {
        let utf8 = value.utf8
        varint(utf8.count)
        bytes.append(contentsOf: utf8)
    }
    mutating func strings(_ values: [String]) {
        u32(UInt32(values.count))
        values.forEach { string($0) }
    }
    /// A count, then each number as LEB128.
    mutating func numbers(_ values: [UInt32]) {
        varint(values.count)
        for value in values { varint(Int(value)) }
    }
    /// Nil as length 0, a string as its length plus one.
    mutating func optionalString(_ value: String?) {
        guard let value else { return byte(0) }
        let utf8 = value.utf8
        varint(utf8.count + 1)
        bytes.append(contentsOf: utf8)
    }
}

struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, offset + count <= bytes.count else { throw CacheError(message: "truncated") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw CacheError(message: "truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func u32() throws -> UInt32 {
        let slice = try take(4)
        return slice.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }
    mutating func u64() throws -> UInt64 {
        let slice = try take(8)
        return slice.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
    /// A count, bounded by the bytes left so a corrupt file cannot ask for huge arrays.
    mutating func count() throws -> Int {
        let value = Int(try u32())
        guard value <= bytes.count - offset else { throw CacheError(message: "bad count") }
        return value
    }
    /// A LEB128 number (a count or a line, not bounded by the bytes left).
    mutating func number() throws -> Int {
        var value = 0, shift = 0
        while true {
            let byte = try byte()
            guard shift < 35 else { throw CacheError(message: "bad number") }
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A LEB128 length, bounded by the bytes left.
    mutating func varint() throws -> Int {
        let value = try number()
        guard value <= bytes.count - offset + 1 else { throw CacheError(message: "bad length") }
        return value
    }

    /// `ByteWriter.numbers`: a count, then that many numbers.
    mutating func numbers() throws -> [UInt32] {
        let count = try varint()
        var values: [UInt32] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(UInt32(truncatingIfNeeded: try number())) }
        return values
    }
    mutating func string() throws -> String { String(decoding: try take(try varint()), as: UTF8.self) }
    mutating func optionalString() throws -> String? {
        let length = try varint()
        return length == 0 ? nil : String(decoding: try take(length - 1), as: UTF8.self)
    }
    mutating func strings() throws -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let handle = fopen(path, "rb") else { throw CacheError(message: "cannot open \(path)") }
    defer { fclose(handle) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, handle)
        if count == 0 { break }
        result.append(contentsOf: chunk[0..<count])
    }
    return result
}

func makeDirectories(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        current += "/" + component
        if mkdir(current, 0o755) != 0 && errno != EEXIST {
            throw CacheError(message: "cannot create \(current): \(String(cString: strerror(errno)))")
        }
    }
}
