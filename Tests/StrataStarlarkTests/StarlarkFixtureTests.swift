import Foundation
import StrataStarlark
import Testing

/// The workspaces of Tests/Fixtures/Bazel, modelled on public Bazel iOS repositories: every
/// BUILD file evaluated, without a diagnostic, with the rule calls it should record. With
/// `STRATA_STARLARK_DUMP=<file>` set, the rule calls of every BUILD file are written there
/// as JSON, for Tests/Starlark/test_oracle.py to compare with starlark-rust's evaluation.
@Suite struct StarlarkFixtureTests {
    /// Tests/Fixtures/Bazel, or the folder of workspaces STRATA_STARLARK_FIXTURES names (the
    /// random ones of Tests/Starlark/test_differential.py): those are only dumped.
    static let fixtures: String = ProcessInfo.processInfo.environment["STRATA_STARLARK_FIXTURES"] ?? {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.deletingLastPathComponent().appendingPathComponent("Fixtures/Bazel").path
    }()

    static var areOurs: Bool { ProcessInfo.processInfo.environment["STRATA_STARLARK_FIXTURES"] == nil }

    /// Each fixture's BUILD files (path from the fixture's root) and what evaluating them recorded.
    static func evaluateAll() throws -> [(fixture: String, builds: [(path: String, result: StarlarkBuildResult)])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { name in
            let host = try DirectoryHost(root: fixtures + "/" + name)
            let interpreter = StarlarkInterpreter(host: host)
            let builds = host.paths.filter { ["BUILD", "BUILD.bazel"].contains(($0 as NSString).lastPathComponent) }
            return (name, builds.map { path in
                let package = (path as NSString).deletingLastPathComponent
                return (path, onLargeStack { interpreter.evaluateBuild(path: path, package: package)! })
            })
        }
    }

    @Test func everyBuildFileEvaluatesWithoutADiagnostic() throws {
        let all = try Self.evaluateAll()
        if Self.areOurs {
            #expect(all.map(\.fixture) == ["AppWorkspace", "LanguageTour", "MacroLab", "Messenger"])
            for (_, builds) in all {
                for (path, result) in builds { #expect(result.diagnostics.isEmpty, "\(path): \(messages(result))") }
            }
        }
        if let dump = ProcessInfo.processInfo.environment["STRATA_STARLARK_DUMP"] {
            try Data(Self.json(all).utf8).write(to: URL(fileURLWithPath: dump))
        }
    }

    @Test(.enabled(if: areOurs)) func theAppWorkspaceRecordsItsTargets() throws {
        let builds = try Self.evaluateAll().first { $0.fixture == "AppWorkspace" }!.builds
        let rules = Dictionary(uniqueKeysWithValues: builds.map { ($0.path, $0.result.rules) })
        #expect(rules["BUILD.bazel"]?.map(\.kind) == ["config_setting", "swift_library", "swift_library", "ios_extension", "ios_application"])
        let feature = rules["Modules/Feature/BUILD.bazel"]!
        #expect(feature.map(\.kind) == ["swift_library", "swift_library", "ios_unit_test", "swift_library"])
        #expect(feature[0]["srcs"]?.repr == #"["Sources/Detail/DetailView.swift", "Sources/FeatureView.swift"]"#)
        #expect(feature[0]["deps"]?.repr == #"["//Modules/Core:Core", "//Modules/Legacy"]"#)
        #expect(feature[0].macroStack.map(\.location.description) == ["bazel/module.bzl:14"])
        #expect(feature[2].stack.map(\.function) == ["ios_module", "_module_tests", "ios_unit_test"])
        // The Tests folder of Core is a package of its own: Core's glob does not reach it.
        #expect(rules["Modules/Core/BUILD.bazel"]?[0]["srcs"]?.repr == #"["Sources/Core.swift", "Sources/Models/User.swift", "Sources/Networking/Client.swift"]"#)
        #expect(rules["Modules/Legacy/BUILD"]?[0]["sdk_frameworks"]?.repr == #"["Foundation", "UIKit"]"#)
    }

    /// `{"<fixture>": {"<BUILD path>": {"rules": [{"kind", "attributes": [[name, value]]}], "diagnostics": [...]}}}`.
    static func json(_ all: [(fixture: String, builds: [(path: String, result: StarlarkBuildResult)])]) -> String {
        let fixtures = all.map { fixture, builds in
            let files = builds.map { path, result in
                let rules = result.rules.map { rule in
                    let attributes = rule.attributes.map { "[\(StarlarkJSON.encode(.string($0.name))), \(StarlarkJSON.encode($0.value))]" }
                    return "{\"kind\": \(StarlarkJSON.encode(.string(rule.kind))), \"attributes\": [\(attributes.joined(separator: ", "))]}"
                }
                let diagnostics = result.diagnostics.map { StarlarkJSON.encode(.string($0.description)) }
                return "\(StarlarkJSON.encode(.string(path))): {\"rules\": [\(rules.joined(separator: ",\n"))], \"diagnostics\": [\(diagnostics.joined(separator: ", "))]}"
            }
            return "\(StarlarkJSON.encode(.string(fixture))): {\(files.joined(separator: ",\n"))}"
        }
        return "{" + fixtures.joined(separator: ",\n") + "}\n"
    }
}

/// A folder on disk as the evaluator's host: its files listed once, read when asked.
struct DirectoryHost: StarlarkHost {
    let root: String
    /// Every file, by path from the root, sorted.
    let paths: [String]

    init(root: String) throws {
        self.root = root
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue { paths.append(path) }
        }
        self.paths = paths.sorted()
    }

    func contents(ofFile path: String) -> String? {
        try? String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    func files(inPackage package: String) -> [String] {
        let prefix = package.isEmpty ? "" : package + "/"
        return paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
