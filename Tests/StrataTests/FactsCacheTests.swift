import Foundation
import StrataModel
import StrataScan
import Testing

@Suite struct FactsCacheTests {
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
            ],
            references: ["Item", "P"],
            injections: [
                InjectionFact(
                    shape: .call, name: "register", receiver: "container",
                    arguments: [.init(label: nil, text: "P.self"), .init(label: "{}", text: "{…}")],
                    implementation: "Item", scope: "container", context: "Assembly", line: 4),
                InjectionFact(shape: .wrapper, name: "Injected", type: "P", within: 0, generic: true, line: 5),
            ],
            problems: ["has syntax errors"])
        let hash = ContentHash(Array("import A".utf8))
        try cache.save([hash: facts])
        #expect(cache.load() == [hash: facts])
    }

    @Test func otherInjectionNamesMakeTheCacheStale() throws {
        let directory = try TemporaryDirectory()
        let facts = FileFacts(lines: 1, imports: [], declarations: [])
        let hash = ContentHash(Array("x".utf8))
        try FactsCache(directory: directory.path, rootKey: "/repo").save([hash: facts])
        #expect(FactsCache(directory: directory.path, rootKey: "/repo").load() == [hash: facts])
        #expect(FactsCache(directory: directory.path, rootKey: "/repo", names: InjectionNames(calls: ["regist"])).load().isEmpty)
    }

    @Test func aCorruptCacheIsEmptyNotAnError() throws {
        let directory = try TemporaryDirectory()
        let cache = FactsCache(directory: directory.path, rootKey: "/repo")
        try Data("STRATAFC garbage".utf8).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().isEmpty)
        try Data((0..<10_000).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().isEmpty)
    }

    @Test func hashesDifferForDifferentBytesOfTheSameLength() {
        #expect(ContentHash(Array("import A\n".utf8)) != ContentHash(Array("import B\n".utf8)))
        #expect(ContentHash(Array("abcdefgh12345678".utf8)) != ContentHash(Array("12345678abcdefgh".utf8)))
        #expect(ContentHash([]) != ContentHash([0]))
    }
}
