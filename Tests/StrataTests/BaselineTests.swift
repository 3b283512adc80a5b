import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

@Suite struct BaselineTests {
    /// Petpion's findings recorded, then the three things a team does next: moves code, adds
    /// a violation, fixes a finding.
    @Test func aBaselineJudgesOnlyNewFindingsAndReportsFixedOnesAsStale() throws {
        let scratch = try TemporaryDirectory()
        let folder = scratch.path + "/Petpion"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Samples/Petpion", toPath: folder)
        func findings() throws -> [Finding] { try Pipeline.run(.init(path: folder, cacheDirectory: nil)).result.findings }

        let recorded = try findings()
        #expect(recorded.contains { $0.severity == .error })
        let text = try BaselineFile.render(Baseline(findings: recorded))
        try text.write(to: URL(fileURLWithPath: scratch.path + "/baseline.json"))
        let baseline = try BaselineFile.read(scratch.path + "/baseline.json")
        #expect(baseline.findings.count == recorded.count)
        // One entry per line, sorted: a fixed finding is one deleted line.
        let entryLines = String(decoding: text, as: UTF8.self).split(separator: "\n").filter { $0.contains("\"fingerprint\"") }
        #expect(entryLines.count == recorded.count)
        #expect(entryLines == entryLines.sorted())

        // Blank lines above every finding: lines move, nothing is new.
        let domain = folder + "/Targets/PetpionDomain/Sources/DomainDIContainer.swift"
        let original = try String(contentsOfFile: domain, encoding: .utf8)
        try ("\n\n\n" + original).write(toFile: domain, atomically: true, encoding: .utf8)
        let moved = try findings()
        #expect(moved.map(\.evidence) != recorded.map(\.evidence))
        let afterMove = baseline.compare(moved)
        #expect(afterMove.new.isEmpty)
        #expect(afterMove.stale.isEmpty)

        // A forbidden import: exactly that finding is new, and it is an error.
        let repository = folder + "/Targets/PetpionDomain/Sources/Entities/Clock.swift"
        try "import SwiftUI\nstruct Clock {}\n".write(toFile: repository, atomically: true, encoding: .utf8)
        let added = baseline.compare(try findings())
        #expect(added.new.map(\.fingerprint) == ["forbidden-import|Project.swift#PetpionDomain|SwiftUI"])
        #expect(added.new.first?.severity == .error)
        try FileManager.default.removeItem(atPath: repository)

        // The domain stops importing Swinject: that known finding is fixed, its entry stale.
        try original.replacingOccurrences(of: "import Swinject\n", with: "").write(toFile: domain, atomically: true, encoding: .utf8)
        let fixed = baseline.compare(try findings())
        #expect(fixed.new.isEmpty)
        #expect(fixed.stale.map(\.fingerprint).contains("forbidden-import|Project.swift#PetpionDomain|Swinject"))
    }

    @Test func aBrokenBaselineIsAnInputErrorNamingTheFile() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("baseline.json", "{\"findings\": 3}")
        #expect { try BaselineFile.read(scratch.path + "/baseline.json") } throws: { "\($0)".contains("baseline.json: not a strata baseline") }
        #expect { try BaselineFile.read(scratch.path + "/missing.json") } throws: { "\($0)".hasSuffix("missing.json: cannot be read") }
    }

    @Test func githubAnnotationsEscapeWhatWouldEndTheCommand() {
        let finding = Finding(
            rule: .layerViolation, severity: .error, message: "100% wrong\nsecond line", module: "A",
            evidence: [Location(file: "Sources/a,b:c.swift", line: 3)])
        #expect(GitHubAnnotation.line(for: finding, root: ".")
            == "::error file=Sources/a%2Cb%3Ac.swift,line=3,title=Import from a higher layer [layer-violation]::100%25 wrong%0Asecond line")
    }
}
