import Foundation
import Testing

/// Discovery against SwiftPM's own reading of real packages: `Tests/Corpus/oracle` holds what
/// `swift package dump-package` printed for 34 tags of the machine's local package mirror
/// (`/opt/swift-packages`), chosen for the manifest constructs they use (environment reads,
/// `#if`, targets appended in loops and `forEach`, helpers, closures over `package.targets`,
/// version-specific manifests, twins with a podspec). The built `strata-verify` reads each tag
/// from git and must read every one exactly as SwiftPM does. `make verify-corpus` runs the
/// same comparison on every package of the mirror.
@Suite struct CorpusTests {
    static let binary = builtProduct("strata-verify")

    @Test func everyCommittedPackageReadsAsSwiftPMReadsIt() throws {
        let binary = try #require(Self.binary, "swift build --build-tests builds strata-verify")
        let oracle = repositoryRoot + "/Tests/Corpus/oracle"
        let answers = try FileManager.default.contentsOfDirectory(atPath: oracle).filter { $0.hasSuffix(".json") }
        #expect(answers.count >= 30)
        let finished = try run(binary, [oracle], in: repositoryRoot)
        #expect(finished.status == 0, "\(finished.all)")
        #expect(finished.all.contains("\(answers.count) of \(answers.count) packages exact"), "\(finished.all)")
    }

    /// The manifest fixture families: every spelling reads as its family's dump-package answer.
    @Test func everyFixtureSpellingReadsAsSwiftPMReadsIt() throws {
        let binary = try #require(Self.binary, "swift build --build-tests builds strata-verify")
        let families = repositoryRoot + "/Tests/Fixtures/Manifests"
        let spellings = try FileManager.default.contentsOfDirectory(atPath: families).flatMap { family in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(families)/\(family)")) ?? [])
                .filter { FileManager.default.fileExists(atPath: "\(families)/\(family)/\($0)/Package.swift") }
        }
        #expect(spellings.count >= 4)
        let finished = try run(binary, ["--fixtures", families], in: repositoryRoot)
        #expect(finished.status == 0, "\(finished.all)")
        #expect(finished.all.contains("\(spellings.count) of \(spellings.count) packages exact"), "\(finished.all)")
    }

    /// The comparison itself can fail: an oracle that names a target the package lacks.
    @Test func aDifferenceFailsTheCheck() throws {
        let binary = try #require(Self.binary, "swift build --build-tests builds strata-verify")
        let folder = try TemporaryDirectory()
        let answer = try String(contentsOfFile: repositoryRoot + "/Tests/Corpus/oracle/mxcl__Version@2.2.1.json", encoding: .utf8)
        try folder.write("mxcl__Version@2.2.1.json", answer.replacingOccurrences(of: "\"name\": \"Version\"", with: "\"name\": \"Renamed\""))
        let finished = try run(binary, [folder.path], in: repositoryRoot)
        #expect(finished.status == 1)
        #expect(finished.all.contains("missing target Renamed"), "\(finished.all)")
    }
}
