import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Each sample's `expected.json` holds the facts a correct analysis must find.
@Suite struct SampleTests {
    struct Expected: Decodable {
        struct Module: Decodable {
            var name: String
            var kind: String
            var system: String
            var path: String
            var dependencies: [String]
            /// static, dynamic, executable or unknown.
            var linkage: String
            /// Static modules copied into this image; absent means none.
            var links: [String]?
            /// Dynamic frameworks this app bundles; absent means none.
            var embeds: [String]?
        }
        struct Edge: Decodable, Hashable { var from: String; var to: String }
        struct Finding: Decodable, Hashable { var module: String; var dependency: String }
        struct External: Decodable, Equatable { var apple: [String]; var thirdParty: [String] }
        var modules: [Module]
        var internalImportEdges: [Edge]
        var cycles: [[String]]
        var implicitDependencies: [Finding]
        var unusedDependencies: [Finding]
        var externalImports: [String: External]
        var abstractness: [String: Double]
        /// A rule finding the sample's `strata.yml` must produce; evidence is checked when given.
        struct RuleFinding: Decodable, Hashable {
            var rule: RuleID
            var severity: String
            var module: String
            var dependency: String?
            var evidence: [String]?
        }
        /// When present: exactly these rule findings (`AnalysisResult.findings`), in any order.
        var findings: [RuleFinding]?
        /// A static module copied into two or more images; checked only when the key is present.
        struct Duplicated: Decodable, Equatable { var module: String; var images: [String]; var critical: Bool }
        var duplicatedStaticModules: [Duplicated]?
        /// Per cycle, the edges to cut with their import lines; checked only when the key is present.
        struct Cut: Decodable, Equatable { var from: String; var to: String; var evidence: [String] }
        var cycleCuts: [[Cut]]?
        /// DI registrations, resolutions (with the registrations serving them), unregistered
        /// resolutions and container edges; checked only when the key is present.
        struct Injection: Decodable, Equatable {
            struct Registration: Decodable, Hashable {
                var service: String
                var name: String?
                var implementation: String?
                var module: String
                var evidence: String
                var resolves: [String]
            }
            struct Resolution: Decodable, Hashable {
                var service: String
                var name: String?
                var module: String
                var evidence: String
                var registrations: [String]
            }
            struct Edge: Decodable, Hashable {
                var from: String
                var to: String
                var containerOnly: Bool
                var inverted: Bool
                var breaks: [String]
            }
            var registrations: [Registration]
            var resolutions: [Resolution]
            var unregistered: [String]
            var edges: [Edge]
        }
        var injection: Injection?
        /// Public declarations, and the candidates as `Module: Parent.name path:line`;
        /// checked only when the key is present.
        struct Access: Decodable, Equatable {
            var publicDeclarations: Int
            var unusedPublic: [String]
            var openNotSubclassed: [String]
        }
        var accessControl: Access?
    }

    /// Every folder under `Samples/` (one or two levels down) that has an `expected.json`.
    static let samples: [String] = {
        let root = repositoryRoot + "/Samples"
        let manager = FileManager.default
        var found: [String] = []
        for name in (try? manager.contentsOfDirectory(atPath: root)) ?? [] {
            if manager.fileExists(atPath: "\(root)/\(name)/expected.json") { found.append(name) }
            for inner in (try? manager.contentsOfDirectory(atPath: "\(root)/\(name)")) ?? []
            where manager.fileExists(atPath: "\(root)/\(name)/\(inner)/expected.json") {
                found.append("\(name)/\(inner)")
            }
        }
        return found.sorted()
    }()

    @Test func everySeedArchitectureHasASample() {
        #expect(Self.samples.contains("TheMonth"))
    }

    @Test(arguments: samples)
    func findsExactlyTheExpectedFacts(sample: String) throws {
        let folder = repositoryRoot + "/Samples/" + sample
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
        let result = try Pipeline.run(.init(path: folder, cacheDirectory: nil)).result

        #expect(result.modules.map(\.module.name) == expected.modules.map(\.name))
        let names = result.moduleNames
        for (module, wanted) in zip(result.modules.map(\.module), expected.modules) {
            #expect(module.kind.rawValue == wanted.kind, "\(module.name)")
            #expect(module.path == wanted.path, "\(module.name)")
            #expect(module.system.rawValue == wanted.system, "\(module.name)")
            #expect(module.dependencies.map(\.name).sorted() == wanted.dependencies, "\(module.name)")
            #expect(module.linkage.kind.rawValue == wanted.linkage, "\(module.name): \(module.linkage.reason)")
            #expect(module.links.map { names[$0] } == (wanted.links ?? []), "\(module.name)")
            #expect(module.embeds.map { names[$0] } == (wanted.embeds ?? []), "\(module.name)")
        }
        let edges = Set(result.namedEdges.filter(\.edge.imported).map { Expected.Edge(from: $0.from, to: $0.to) })
        #expect(edges == Set(expected.internalImportEdges))
        #expect(result.cycles.map(\.modules) == expected.cycles)
        if let cuts = expected.cycleCuts {
            let names = result.moduleNames
            #expect(result.cycles.map { $0.cuts.map { Expected.Cut(from: names[$0.from], to: names[$0.to], evidence: $0.evidence.map(\.description)) } } == cuts)
        }
        if let duplicated = expected.duplicatedStaticModules {
            #expect(result.linkage.duplicatedStaticModules.map { Expected.Duplicated(module: $0.module, images: $0.images, critical: $0.critical) } == duplicated)
        }
        #expect(Set(result.implicitDependencies.map { Expected.Finding(module: $0.module, dependency: $0.dependency) }) == Set(expected.implicitDependencies))
        #expect(Set(result.unusedDependencies.map { Expected.Finding(module: $0.module, dependency: $0.dependency) }) == Set(expected.unusedDependencies))
        for entry in result.modules {
            let external = expected.externalImports[entry.module.name] ?? Expected.External(apple: [], thirdParty: [])
            #expect(entry.external.apple == external.apple, "\(entry.module.name)")
            #expect(entry.external.thirdParty == external.thirdParty, "\(entry.module.name)")
            if let metrics = entry.metrics, let abstractness = expected.abstractness[entry.module.name] {
                #expect(abs(metrics.abstractness - abstractness) < 0.001, "\(entry.module.name)")
            }
        }
        if let injection = expected.injection {
            let found = result.injection
            #expect(found.registrations.map {
                Expected.Injection.Registration(
                    service: $0.service, name: $0.name, implementation: $0.implementation, module: $0.module,
                    evidence: $0.evidence.description, resolves: $0.resolves)
            } == injection.registrations)
            #expect(found.resolutions.map {
                Expected.Injection.Resolution(
                    service: $0.service, name: $0.name, module: $0.module, evidence: $0.evidence.description,
                    registrations: $0.registrations.map(\.description))
            } == injection.resolutions)
            #expect(found.unregistered.map(\.evidence.description) == injection.unregistered)
            let names = result.moduleNames
            #expect(found.edges.map {
                Expected.Injection.Edge(from: names[$0.from], to: names[$0.to], containerOnly: $0.containerOnly, inverted: $0.inverted, breaks: $0.breaks)
            } == injection.edges)
        }
        if let access = expected.accessControl {
            func line(_ module: ModuleAccess, _ candidate: AccessCandidate) -> String {
                "\(module.module): \(candidate.parent.map { $0 + "." } ?? "")\(candidate.name) \(candidate.evidence)"
            }
            let modules = result.accessControl.modules
            #expect(Expected.Access(
                publicDeclarations: result.summary.publicDeclarations,
                unusedPublic: modules.flatMap { module in module.unusedPublic.map { line(module, $0) } },
                openNotSubclassed: modules.flatMap { module in module.openNotSubclassed.map { line(module, $0) } }) == access)
        }
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        if let findings = expected.findings {
            let found = result.findings.map { finding in
                let wanted = findings.first { $0.rule == finding.rule && $0.module == finding.module && $0.dependency == finding.dependency }
                return Expected.RuleFinding(
                    rule: finding.rule, severity: finding.severity.rawValue, module: finding.module, dependency: finding.dependency,
                    evidence: wanted?.evidence == nil ? nil : finding.evidence.map(\.description))
            }
            #expect(Set(found) == Set(findings))
        }
    }
}
