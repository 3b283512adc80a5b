import Foundation
import StrataAnalysis
import StrataPipeline
import StrataScan
import Testing

/// Every DI family's fixtures from the catalog (`InjectionFamilies.definitions`), analyzed end
/// to end: the family recognises something in each spelling that triggers it, and nothing of
/// its own in the one that passes.
@Suite struct InjectionFamilyCatalogTests {
    static let root = repositoryRoot + "/Tests/Fixtures/Injection"

    /// What each family recognises in one spelling, `family/spelling`.
    static func recognitions(_ spelling: String) throws -> [String: Int] {
        let outcome = try Pipeline.run(.init(path: "\(root)/\(spelling)", cacheDirectory: nil))
        let project = try #require(outcome.project)
        return InjectionFamilies.recognitions(in: project, vocabulary: outcome.configuration.injection)
    }

    @Test(arguments: InjectionFamilies.definitions.map(\.id))
    func eachFamilyRecognisesItsTriggersAndNothingInItsPass(id: String) throws {
        let definition = try #require(InjectionFamilies.definitions.first { $0.id == id })
        for spelling in definition.triggers {
            let found = try Self.recognitions(spelling)
            #expect((found[id] ?? 0) > 0, "\(id) recognises nothing in \(spelling): \(found)")
        }
        guard let passes = definition.passes else {
            #expect(definition.triggers.isEmpty, "\(id) names triggers but no fixture that passes")
            return
        }
        #expect(!definition.triggers.contains(passes))
        let found = try Self.recognitions(passes)
        #expect(found[id] == nil, "\(id) recognises \(found[id] ?? 0) in \(passes)")
    }

    @Test func everyFamilyHasAnIdATitleAndMarksTheScanLooksFor() {
        let definitions = InjectionFamilies.definitions
        #expect(Set(definitions.map(\.id)).count == definitions.count)
        for definition in definitions {
            #expect(!definition.title.isEmpty && !definition.summary.isEmpty, "\(definition.id)")
            // A file spelling one of the family's marks passes the scan's byte filter.
            for mark in definition.marks {
                let bytes = Array(("let x = " + mark).utf8)
                let passes = bytes.withUnsafeBufferPointer { InjectionScanner.mayInject($0, names: .init()) }
                #expect(passes, "\(definition.id): \(mark) is not looked for")
            }
        }
    }

    /// Each fixture family (a folder with an `expected.txt`) is a trigger of some DI family, but
    /// for a DI library's own module, whose DI syntax no family reads.
    @Test func everyFixtureFamilyTriggersADIFamily() throws {
        let named = Set(InjectionFamilies.definitions.flatMap(\.triggers).map { String($0.split(separator: "/")[0]) })
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root)
            .filter { FileManager.default.fileExists(atPath: "\(Self.root)/\($0)/expected.txt") }
        #expect(!folders.isEmpty)
        for folder in folders where folder != "di-library-module" {
            #expect(named.contains(folder), "\(folder) is named by no DI family")
        }
        for spelling in InjectionFamilies.definitions.flatMap({ $0.triggers + [$0.passes].compactMap { $0 } }) {
            #expect(FileManager.default.fileExists(atPath: "\(Self.root)/\(spelling)/Package.swift"), "\(spelling)")
        }
    }
}
