import Foundation
import StrataModel

/// The formats `strata affected --format` accepts, each a pure function of the answer: the
/// registry of the answer's renderings.
/// Every format says something when nothing is affected: zero is an answer, never silence.
public enum AffectedFormat: String, ReportFormat {
    case text, json, md, xcodebuild
    case swiftTest = "swift-test"
    case bazel

    public var reporter: any Reporter<AffectedModules> {
        switch self {
        case .text: FileReporter.printed(Self.text)
        case .json: FileReporter.printed(Self.json)
        case .md: FileReporter.printed(Self.markdown)
        case .xcodebuild: FileReporter.printed(Self.xcodebuild)
        case .swiftTest: FileReporter.printed(Self.swiftTest)
        case .bazel: FileReporter.printed(Self.bazel)
        }
    }

    static func json(_ affected: AffectedModules) throws -> String {
        String(decoding: try ReportJSON.document(affected), as: UTF8.self)
    }

    /// `-only-testing:Target` per affected test target; with none, `-skip-testing:Target` for
    /// every test target, so that xcodebuild runs nothing rather than everything.
    static func xcodebuild(_ affected: AffectedModules) -> String {
        let tests = affected.modules.filter { $0.kind.isTest }
        let lines = tests.isEmpty
            ? affected.allTests.map { "-skip-testing:" + RepositoryPath.name(of: $0) }
            : tests.map { "-only-testing:" + $0.target }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `--filter ^(A|B)\.` matching the affected test modules' tests; with none, `--skip` of
    /// every test module.
    static func swiftTest(_ affected: AffectedModules) -> String {
        let tests = affected.modules.filter { $0.kind.isTest }.map(\.importName)
        let names = tests.isEmpty ? affected.allTests.map { DiscoveredModule.moduleName(forTarget: RepositoryPath.name(of: $0)) } : tests
        guard !names.isEmpty else { return "" }
        let expression = "^(" + Set(names).sorted().map(regexEscaped).joined(separator: "|") + ")\\."
        return (tests.isEmpty ? "--skip " : "--filter ") + expression + "\n"
    }

    /// The label of each affected test target a BUILD file declares (`//Modules/Cart:CartTests`),
    /// one a line, for `bazel test`; nothing when none is affected (`bazel test` with no
    /// target would fail). Packages are the BUILD files' folders from the repository's root.
    static func bazel(_ affected: AffectedModules) -> String {
        // Bazel runs only rules named `*_test`: not the library holding a test's code (testonly,
        // or one only tests use), which its test (affected with it) depends on.
        let labels = affected.modules.filter { module in
            module.kind.isTest && module.product?.hasSuffix("_test") == true
                && BuildSystem.isBazelBuildFile(module.id.manifest)
        }.map { "//" + RepositoryPath.folder(of: $0.id.manifest) + ":" + $0.target }
        return labels.sorted().map { $0 + "\n" }.joined()
    }

    static func regexEscaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func text(_ affected: AffectedModules) -> String {
        let c = affected.counts
        var out: [String] = []
        let against = affected.base.map { "\(affected.head) against \($0)" } ?? affected.head
        out.append("\(DiffText.plural(c.modules, "module")) of \(c.allModules) affected by \(DiffText.plural(c.changedFiles, "changed file")) (\(against)); \(DiffText.plural(c.tests, "test module")) of \(c.allTests).")
        if let everything = affected.everything { out.append("Everything is affected: \(everything).") }
        if affected.modules.isEmpty {
            out.append(c.changedFiles == 0 ? "Nothing changed." : "No module is affected: no changed file is built by one.")
        } else {
            out.append("")
            let width = affected.modules.map(\.name.count).max() ?? 0
            for module in affected.modules {
                out.append("  " + module.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + module.reason)
            }
        }
        out.append("")
        out.append(affected.tests.isEmpty ? "Tests to run: none." : "Tests to run: " + affected.tests.joined(separator: ", "))
        let notable = affected.changes.filter { $0.kind == .unowned || $0.modules.isEmpty }
        if !notable.isEmpty {
            out.append("")
            out.append("Changed files that make no module affected by themselves, or that no module owns:")
            for change in notable { out.append("  \(change.path) (\(change.kind.rawValue)\(change.note.map { ": " + $0 } ?? ""))") }
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func markdown(_ affected: AffectedModules) -> String {
        let c = affected.counts
        let e = Markdown.escape
        var out = ["## Strata: modules affected by \(e(affected.head))\(affected.base.map { " against " + e($0) } ?? "")", ""]
        out.append("**\(DiffText.plural(c.modules, "module"))** of \(c.allModules) and **\(DiffText.plural(c.tests, "test module"))** of \(c.allTests) affected by \(DiffText.plural(c.changedFiles, "changed file")).")
        if let everything = affected.everything { out += ["", "⚠️ Everything is affected: \(e(everything))."] }
        out.append("")
        if affected.modules.isEmpty {
            out.append(c.changedFiles == 0 ? "Nothing changed." : "No module is affected: no changed file is built by one.")
        } else {
            out += ["| module | kind | why |", "|---|---|---|"]
            for module in affected.modules {
                out.append("| \(e(module.name)) | \(module.kind.rawValue) | \(module.chain.map(e).joined(separator: " ← ")): \(e(module.cause)) |")
            }
        }
        out += ["", "### Tests", ""]
        out.append(affected.tests.isEmpty ? "No test module is affected." : affected.tests.map { "- " + e($0) }.joined(separator: "\n"))
        if !affected.changes.isEmpty {
            out += ["", "### Changed files", "", "| file | status | kind | modules | note |", "|---|---|---|---|---|"]
            for change in affected.changes {
                out.append("| \(e(change.path)) | \(change.status.rawValue) | \(change.kind.rawValue) | \(change.modules.map(e).joined(separator: ", ")) | \(e(change.note ?? "")) |")
            }
        }
        out.append("")
        return out.joined(separator: "\n")
    }

}

extension AffectedModules {
    /// The answer listing only the affected test modules (the counts stay whole).
    public var testModulesOnly: AffectedModules {
        var affected = self
        affected.modules = modules.filter { $0.kind.isTest }
        return affected
    }
}
