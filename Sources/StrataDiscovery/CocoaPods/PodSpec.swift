import StrataModel
import StrataRuby

/// What one spec of a podspec declares (the root spec, a subspec, a test spec or an app
/// spec), as the Ruby DSL or the JSON form states it. A reference type because the DSL
/// fills in nested specs through their block variables while it reads.
final class PodSpec {
    enum Role {
        case root, subspec, test, app
    }

    let role: Role
    /// The pod name for the root; the base name (`Auth`) for the others.
    var name: String
    /// `Pod/Sub/Inner`, the name a `dependency` uses.
    var fullName: String
    let line: Int
    var version: String?
    var moduleName: String?
    /// Glob patterns relative to the podspec's folder.
    var sourceFiles: [String] = []
    var excludeFiles: [String] = []
    /// `public_header_files`: the headers Swift sees (all of `source_files`' when none).
    var publicHeaderFiles: [String] = []
    var dependencies: [DeclaredDependency] = []
    var children: [PodSpec] = []
    /// `default_subspecs`: nil when not set (every subspec), empty for `:none`.
    var defaultSubspecs: [String]?
    var defaultSubspecsLine = 0
    /// `static_framework = true`, with its line.
    var staticFramework: Linkage?
    /// For a test spec: `unit` or `ui`.
    var testType = "unit"
    var hasVendoredBinaries = false

    init(role: Role, name: String, fullName: String, line: Int) {
        self.role = role
        self.name = name
        self.fullName = fullName
        self.line = line
    }

    /// `dependency 'Pod/Sub'`: kind `.pod`, the subspec path in `package`.
    func addDependency(_ name: String, file: String, line: Int) {
        dependencies.append(.pod(named: name, evidence: Location(file: file, line: line > 0 ? line : nil)))
    }

    /// `frameworks = 'UIKit'`: an SDK framework the pod links.
    func addFramework(_ name: String, file: String, line: Int) {
        dependencies.append(DeclaredDependency(name: name, kind: .sdk, evidence: Location(file: file, line: line > 0 ? line : nil)))
    }

    /// `vendored_frameworks = 'Lib/Foo.xcframework'`: a prebuilt binary, named by its file.
    func addVendoredBinary(_ path: String, file: String, line: Int) {
        var name = Substring(RepositoryPath.name(of: path))
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        hasVendoredBinaries = true
        dependencies.append(DeclaredDependency(name: String(name), kind: .binary, evidence: Location(file: file, line: line > 0 ? line : nil)))
    }

    /// Creates and adds a nested spec.
    func addChild(role: Role, name: String, line: Int) -> PodSpec {
        let child = PodSpec(role: role, name: name, fullName: fullName + "/" + name, line: line)
        children.append(child)
        return child
    }

    /// The pod's library code: this spec and its subspecs, nested ones included; test and
    /// app specs are targets of their own.
    var librarySpecs: [PodSpec] {
        [self] + children.filter { $0.role == .subspec }.flatMap(\.librarySpecs)
    }

    /// Test and app specs anywhere below this spec.
    var auxiliarySpecs: [PodSpec] {
        children.flatMap { $0.role == .subspec ? $0.auxiliarySpecs : [$0] }
    }

    /// The names of every subspec, as `Sub` and `Sub/Inner`, relative to this spec.
    var subspecNames: Set<String> {
        var result: Set<String> = []
        for child in children where child.role == .subspec {
            result.insert(child.name)
            result.formUnion(child.subspecNames.map { child.name + "/" + $0 })
        }
        return result
    }
}

extension DeclaredDependency {
    /// A podspec's `dependency 'Pod/Sub'` or a Podfile's `pod 'Pod/Sub'`: kind `.pod`, the
    /// subspec path (`Sub`) in `package`.
    static func pod(named name: String, evidence: Location) -> DeclaredDependency {
        let parts = name.split(separator: "/", maxSplits: 1)
        return DeclaredDependency(name: name, kind: .pod, package: parts.count > 1 ? String(parts[1]) : nil, evidence: evidence)
    }
}
