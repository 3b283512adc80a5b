import Foundation
import StrataConfiguration
import StrataModel
import StrataPipeline
import StrataReport
import Testing

@Suite struct CheckCommandTests {
    func makeRepository(config: String?) throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Demo", targets: [
                .target(name: "AppCore"),
                .target(name: "AppDomain", dependencies: ["AppCore"]),
                .target(name: "AppUI", dependencies: ["AppDomain"]),
                .testTarget(name: "AppDomainTests", dependencies: ["AppDomain"]),
            ])
            """)
        try repo.write("Sources/AppCore/Core.swift", "public struct Log {}\n")
        try repo.write("Sources/AppDomain/Domain.swift", "import AppCore\nimport UIKit\npublic protocol UseCase { var log: Log { get } }\n")
        try repo.write("Sources/AppUI/UI.swift", "import AppDomain\nstruct Screen { let useCase: any UseCase }\n")
        try repo.write("Tests/AppDomainTests/T.swift", "@testable import AppDomain\nimport UIKit\nlet cases: [any UseCase] = []\n")
        if let config { try repo.write("strata.yml", config) }
        return repo
    }

    let config = """
        layers:
          - name: core
            modules: ["*Core"]
          - name: domain
            modules: ["*Domain"]
            forbiddenImports: [UIKit]
          - name: presentation
            modules: ["*UI"]
        """

    @Test func findingsPrintAsCompilerStyleLinesWithATotal() throws {
        let repo = try makeRepository(config: config)
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let errors = result.findings.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let lines = FindingLines(root: "Demo")
        #expect(lines.line(for: errors[0]) == "Demo/Sources/AppDomain/Domain.swift:2: error: AppDomain (layer domain) imports UIKit, which layer domain forbids [forbidden-import]")
        #expect(FindingLines(root: ".").line(for: errors[0]).hasPrefix("Sources/AppDomain/Domain.swift:2: error: "))
        #expect(lines.total(result).hasSuffix(": 1 error, 0 warnings, \(result.summary.findings.info) note\(result.summary.findings.info == 1 ? "" : "s") in 4 modules"))
        let several = Finding(
            rule: .cycle, severity: .warn, message: "cycle between A, B", module: "A",
            evidence: [Location(file: "b.swift", line: 2), Location(file: "a.swift", line: 1)])
        #expect(FindingLines(root: "r/").line(for: several) == "r/a.swift:1: warning: cycle between A, B (+1 more) [cycle]")
    }

    @Test func anInvalidConfigIsBadInputWithItsPosition() throws {
        let repo = try makeRepository(config: "layers:\n  - name: core\n    modules: [A]\n    forbidden: [UIKit]\n")
        #expect {
            try Pipeline.run(.init(path: repo.path, cacheDirectory: nil))
        } throws: { error in
            "\(error)".contains("strata.yml:4:5: unknown layer setting 'forbidden'")
        }
    }

    static let binary = builtProduct("strata")

    func strata(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let finished = try run(Self.binary!, arguments)
        return (finished.status, finished.all)
    }

    @Test(.enabled(if: binary != nil)) func checkExitsOneOnErrorsZeroWithoutAndTwoOnBadInput() throws {
        let failing = try makeRepository(config: config)
        let run = try strata(["check", failing.path, "--no-cache"])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("Sources/AppDomain/Domain.swift:2: error: AppDomain (layer domain) imports UIKit"))
        #expect(run.output.contains(": 1 error, "))

        let passing = try makeRepository(config: nil)
        #expect(try strata(["check", passing.path, "--no-cache"]).status == 0)

        try failing.write("strata.yml", "severity:\n  cycles: warn\n")
        let bad = try strata(["check", failing.path, "--no-cache"])
        #expect(bad.status == 2)
        #expect(bad.output.contains("strata.yml:2:3: unknown rule id 'cycles'"))
        #expect(try strata(["check", failing.path + "/missing"]).status == 2)
    }

    @Test(.enabled(if: binary != nil)) func initRefusesToOverwriteAndWritesAFileThatPasses() throws {
        let repo = try makeRepository(config: nil)
        let first = try strata(["init", repo.path])
        #expect(first.status == 0, "\(first.output)")
        #expect(try strata(["init", repo.path]).status == 2)
        #expect(try strata(["init", repo.path, "--force"]).status == 0)
        #expect(try strata(["check", repo.path, "--no-cache"]).status == 0)
    }

    @Test(arguments: ["Petpion", "TheMonth", "MicroFeatures", "Synstagram", "SafeBox/before"])
    func initOnASampleWritesAFileThatPassesCheck(sample: String) throws {
        let folder = repositoryRoot + "/Samples/" + sample
        let text = try Pipeline.starterConfiguration(.init(path: folder, cacheDirectory: nil))
        let configuration = try Configuration.parse(text, file: "strata.yml")
        #expect(!configuration.rules.layers.isEmpty)
        let scratch = try TemporaryDirectory()
        try scratch.write("strata.yml", text)
        let result = try Pipeline.run(.init(path: folder, cacheDirectory: nil, configPath: scratch.path + "/strata.yml")).result
        #expect(result.summary.findings.error == 0, "\(result.findings.filter { $0.severity == .error })")
        // Today's findings are listed, so the team sees what the lowered severities hide.
        for finding in result.findings where finding.severity == .warn {
            #expect(text.contains(finding.message), "\(finding.message)")
        }
    }

    @Test func initOnPetpionFindsItsLayersAndListsTheDomainsUIKitImport() throws {
        let text = try Pipeline.starterConfiguration(.init(path: repositoryRoot + "/Samples/Petpion", cacheDirectory: nil))
        let rules = try Configuration.parse(text, file: "strata.yml").rules
        #expect(rules.layers.map(\.name) == ["core", "domain", "data", "presentation", "app"])
        #expect(rules.layers.map { $0.modules.map(\.text) } == [["PetpionCore"], ["PetpionDomain"], ["PetpionData"], ["PetpionPresentation"], ["Petpion"]])
        #expect(rules.severity(of: .forbiddenImport) == .warn)
        #expect(text.contains("forbidden-import: warn  # lowered from error: 1 current finding"))
        #expect(text.contains("#   Targets/PetpionDomain/Sources/Entities/PetPost+Layout.swift:1: warn: PetpionDomain (layer domain) imports UIKit"))
    }

    @Test func initKeepsTheConfiguredInjectionVocabularyAndItsFindings() throws {
        let text = try Pipeline.starterConfiguration(.init(path: repositoryRoot + "/Samples/SafeBox/after", cacheDirectory: nil))
        let configuration = try Configuration.parse(text, file: "strata.yml")
        #expect(configuration.injection.registrations.map(\.signature) == ["regist(injectType:)"])
        #expect(configuration.injection.registrations.map(\.key) == ["injectId"])
        #expect(configuration.injection.resolutions.map(\.signature) == ["load(for:)"])
        #expect(text.contains("[container-dependency]"))
    }

    @Test func strataPassesItsOwnCheck() throws {
        let result = try Pipeline.run(.init(path: repositoryRoot, cacheDirectory: nil)).result
        #expect(result.summary.findings.error == 0, "\(result.findings.filter { $0.severity == .error })")
        #expect(result.findings.allSatisfy { $0.rule != .layerViolation })
    }
}
