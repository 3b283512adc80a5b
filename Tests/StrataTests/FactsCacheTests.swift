import Foundation
import StrataModel
import StrataScan
import Testing

@Suite struct FactsCacheTests {
    /// A file's facts are a value: a copy shares its fields until one of them changes, and a
    /// change to either never shows in the other; equality and hashing are by the fields.
    @Test func factsAreValuesCopiedOnChange() throws {
        let original = FileFacts(lines: 2, imports: [ImportFact(module: "A", line: 1)], declarations: [], references: ["A"])
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.imports.append(ImportFact(module: "B", line: 2))
        copy.referenceCounts = [1]
        copy.lines = 3
        #expect(original.imports.map(\.module) == ["A"] && original.referenceCounts.isEmpty && original.lines == 2)
        #expect(copy.imports.map(\.module) == ["A", "B"] && copy.referenceCounts == [1] && copy.lines == 3)
        #expect(copy != original)
        var again = original
        again.imports.append(ImportFact(module: "B", line: 2))
        again.referenceCounts = [1]
        again.lines = 3
        #expect(again == copy && again.hashValue == copy.hashValue)
        let decoded = try JSONDecoder().decode(FileFacts.self, from: JSONEncoder().encode(copy))
        #expect(decoded == copy)
    }

    @Test func roundTripsFactsByContentHash() throws {
        let directory = try TemporaryDirectory()
        let cache = FactsCache(directory: directory.path + "/cache", rootKey: "/repo")
        let facts = FileFacts(
            lines: 3,
            imports: [ImportFact(module: "A", line: 1, attributes: ["@testable"], accessLevel: .public, declarationKind: "struct", symbol: "T", condition: "DEBUG")],
            declarations: [
                DeclarationFact(kind: .protocol, name: "P", access: .open, line: 2),
                DeclarationFact(
                    kind: .var, name: "id", access: .public, line: 3, parent: "Item", inherits: ["Base", "P"],
                    traits: [.static, .objc], value: "Identifier.item"),
                // The symbol index: a type, a qualified scope, the stored and interface traits.
                DeclarationFact(
                    kind: .var, name: "play", access: .internal, line: 4, parent: "Action", traits: [.stored],
                    type: "@Sendable (Sound) async -> Void", path: "Settings.Action"),
                DeclarationFact(kind: .struct, name: "AudioClient", access: .public, line: 5, traits: [.interface]),
            ],
            references: ["Item", "P"],
            injections: [
                InjectionFact(
                    shape: .call, name: "register", receiver: "container",
                    arguments: [.init(label: nil, text: "P.self"), .init(label: "{}", text: "{…}")],
                    implementation: "Item", scope: "container", context: "Assembly", line: 4),
                InjectionFact(shape: .wrapper, name: "Injected", type: "P", within: 0, generic: true, line: 5),
                InjectionFact(
                    shape: .store, name: "regist", receiver: "items", arguments: [.init(label: "injectType", text: "Item.Type")],
                    context: "Container", key: "type.injectId", line: 9),
                InjectionFact(
                    shape: .call, name: "register", arguments: [.init(label: "name", text: "route.title")], line: 10,
                    computedName: .member(.element(.member(.name("Route"), "allCases")), "title")),
            ],
            problems: [FileProblem(line: 3, "has syntax errors"), FileProblem("not valid UTF-8")],
            values: [
                ValueFact(kind: .enumeration, name: "Route", owner: nil, branches: [.init(cases: ["a"], value: .string("A")), .init(cases: ["b"], value: nil)], line: 11),
                ValueFact(kind: .property, name: "title", owner: "Route", value: .joined([.name("self"), .implicitMember("x"), .array([.unknown])]), line: 12),
            ])
        let hash = ContentHash(Array("import A".utf8))
        let contents = FactsCache.Contents(entries: [hash: facts], aliases: ["0123abcd": hash])
        try cache.save(contents)
        #expect(cache.load().contents == contents)
    }

    @Test func otherInjectionNamesMakeTheCacheStale() throws {
        let directory = try TemporaryDirectory()
        let facts = FileFacts(lines: 1, imports: [], declarations: [])
        let hash = ContentHash(Array("x".utf8))
        try FactsCache(directory: directory.path, rootKey: "/repo").save(.init(entries: [hash: facts]))
        #expect(FactsCache(directory: directory.path, rootKey: "/repo").load().contents.entries == [hash: facts])
        #expect(FactsCache(directory: directory.path, rootKey: "/repo", names: InjectionNames(calls: ["regist"])).load().contents.entries.isEmpty)
    }

    @Test func aCorruptCacheIsEmptyNotAnError() throws {
        let directory = try TemporaryDirectory()
        let cache = FactsCache(directory: directory.path, rootKey: "/repo")
        try Data("STRATAFC garbage".utf8).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents.entries.isEmpty)
        try Data((0..<10_000).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents.entries.isEmpty)
    }

    /// Three entries; the file is then damaged in each way a disk or a killed writer can
    /// damage it. Whatever is damaged is dropped, whatever is intact is still used.
    @Test func aDamagedEntryIsDroppedAndTheRestKept() throws {
        let directory = try TemporaryDirectory()
        let cache = FactsCache(directory: directory.path, rootKey: "/repo")
        var entries: [ContentHash: FileFacts] = [:]
        for name in ["A", "B", "C"] {
            entries[ContentHash(Array(name.utf8))] = FileFacts(
                lines: 1, imports: [ImportFact(module: name, line: 1)], declarations: [])
        }
        try cache.save(.init(entries: entries))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache.file)))
        let header = 8 + 4 + 8 + 8 + 4
        #expect(cache.load().damaged == false)

        // A truncated file keeps the entries before the cut, and only those.
        try Data(bytes.prefix(bytes.count - 30)).write(to: URL(fileURLWithPath: cache.file))
        let truncated = cache.load().contents.entries
        #expect(truncated.count == 2)
        #expect(truncated.allSatisfy { entries[$0.key] == $0.value })
        #expect(cache.load().damaged)

        // A flipped byte inside the first entry's facts fails its checksum: that entry alone goes.
        var flipped = bytes
        flipped[header + 16 + 4 + 8 + 6] ^= 0x55
        try Data(flipped).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents.entries.count == 2)
        #expect(cache.load().damaged)

        // A flipped byte in the header's identity is damage, not another build's file.
        var identity = bytes
        identity[8 + 4 + 3] ^= 0x01
        try Data(identity).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load() == (FactsCache.Contents(), true))

        // A flipped byte in the aliases' section is seen too (the aliases are dropped).
        try cache.save(.init(entries: entries, aliases: ["0123abcd": entries.keys.first!]))
        var alias = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache.file)))
        alias[alias.count - 12] ^= 0x02
        try Data(alias).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents == FactsCache.Contents(entries: entries))
        #expect(cache.load().damaged)
        try Data(bytes).write(to: URL(fileURLWithPath: cache.file))

        // A count field claiming four billion entries neither crashes nor invents any.
        var counted = bytes
        counted.replaceSubrange((header - 4)..<header, with: [0xFF, 0xFF, 0xFF, 0xFF])
        try Data(counted).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents.entries == entries)

        // An entry length larger than the file is the end of what can be trusted.
        var lengthened = bytes
        lengthened.replaceSubrange((header + 16)..<(header + 20), with: [0xFF, 0xFF, 0xFF, 0x7F])
        try Data(lengthened).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().contents.entries.isEmpty)
    }

    @Test func hashesDifferForDifferentBytesOfTheSameLength() {
        #expect(ContentHash(Array("import A\n".utf8)) != ContentHash(Array("import B\n".utf8)))
        #expect(ContentHash(Array("abcdefgh12345678".utf8)) != ContentHash(Array("12345678abcdefgh".utf8)))
        #expect(ContentHash([]) != ContentHash([0]))
    }
}
