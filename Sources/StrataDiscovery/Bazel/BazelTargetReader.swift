import StrataModel
import StrataSourceTree
import StrataStarlark

/// Makes the targets of one BUILD file from the rules it called: names, kinds and linkage
/// from `BazelRuleKind`, sources from `srcs`-like attributes, dependencies from labels.
struct BazelTargetReader {
    let workspace: BazelWorkspace
    let index: BazelIndex
    let package: BazelPackage
    /// Labels in `srcs` that name targets or files not in the repository (a filegroup, a
    /// genrule's output): their files are not read.
    private(set) var skippedSources: [String] = []
    /// Rules of other repositories (not read) whose targets were read as Swift modules, by
    /// their Swift sources (`BazelRuleKind.of`), once per target.
    private(set) var guessedRules: [String] = []

    init(workspace: BazelWorkspace, index: BazelIndex, package: BazelPackage) {
        self.workspace = workspace
        self.index = index
        self.package = package
    }

    /// The targets of the BUILD file, in the order their rules were called.
    mutating func targets() -> [Manifest.Target] {
        var targets: [Manifest.Target] = []
        for (position, rule) in package.rules.enumerated() {
            guard let name = rule.name, !index.isFileGroup(package: package.name, name: name), let kind = BazelRuleKind.of(rule)
            else { continue }
            if kind.isGuessed { guessedRules.append(rule.kind) }
            targets.append(target(rule, named: name, kind: kind, end: package.end(ofCallAt: position)))
        }
        markTestSources(&targets)
        return targets
    }

    private mutating func target(_ rule: StarlarkRuleCall, named name: String, kind: BazelRuleKind, end: Int) -> Manifest.Target {
        let paths = sources(of: rule)
        var target = Manifest.Target(
            name: name, importName: importName(rule, named: name, kind: kind), kind: kind.kind,
            platforms: kind.platform.map { [$0] }, product: rule.kind, linkage: linkage(rule, kind: kind),
            sources: .files(directory: workspace.repositoryPath(package.name), paths: paths),
            dependencies: dependencies(of: rule, end: end), line: rule.location.line)
        target.publicHeaders = publicHeaders(of: rule)
        return target
    }

    /// The files of `hdrs` (what the module map rules_swift makes for a C-family rule holds),
    /// and `includes` as folders from the root; nil for a rule without `hdrs`.
    private func publicHeaders(of rule: StarlarkRuleCall) -> Manifest.PublicHeaderSpec? {
        guard rule["hdrs"] != nil else { return nil }
        var headers: [String] = []
        for (_, label) in labels(rule["hdrs"]) where label.repository.isEmpty {
            for file in index.sourceFiles(label) where index.kind(of: file) == nil && workspace.files.containsSorted(file.path) {
                headers.append(workspace.repositoryPath(file.path))
            }
        }
        let folder = workspace.repositoryPath(package.name)
        let includes = (rule["includes"]?.flattened.elements ?? []).compactMap(\.string).compactMap { include in
            RepositoryPath.joined(folder, include)
        }
        return headers.isEmpty ? nil : .files(headers.sorted(), includes: includes)
    }

    /// `module_name`, else that of the rule its `module_map` names (PodToBUILD's
    /// `gen_module_map`), else that of a `swift_interop_hint` among its `aspect_hints` (as
    /// rules_swift names a Clang module; rules_ios' frameworks), else rules_swift's name from
    /// the label, or the target's name as written.
    private func importName(_ rule: StarlarkRuleCall, named name: String, kind: BazelRuleKind) -> String {
        if let written = rule["module_name"]?.flattened.string, !written.isEmpty { return written }
        if let map = BazelIndex.label(rule["module_map"]?.flattened, package: package.name), let written = index.moduleName(of: map) {
            return written
        }
        for (_, hint) in labels(rule["aspect_hints"]) where index.kind(of: hint) == "swift_interop_hint" {
            if let written = index.moduleName(of: hint) { return written }
        }
        switch kind.naming {
        case .derived: return BazelRuleKind.derivedModuleName(package: package.name, name: name)
        case .target: return name
        }
    }

    private func linkage(_ rule: StarlarkRuleCall, kind: BazelRuleKind) -> Linkage? {
        guard var linkage = kind.linkage else { return nil }
        var reason = rule.kind
        if rule.kind == "apple_framework", rule["link_dynamic"]?.flattened.truth == true {
            linkage = .dynamic
            reason += "(link_dynamic = True)"
        }
        return Linkage(linkage, evidence: Location(file: package.buildFile, line: rule.location.line), reason: reason)
    }

    /// The files of `srcs`, `hdrs` and `textual_hdrs` (every branch of a `select`, the files of a
    /// `filegroup`), from the repository's root; labels that name other targets (a genrule's
    /// outputs) are set aside in `skippedSources`.
    private mutating func sources(of rule: StarlarkRuleCall) -> [String] {
        var paths: [String] = []
        for attribute in BazelRuleKind.sourceAttributes {
            for (written, label) in labels(rule[attribute]) where label.repository.isEmpty {
                for file in index.sourceFiles(label) {
                    if index.kind(of: file) == nil, workspace.files.containsSorted(file.path) {
                        paths.append(workspace.repositoryPath(file.path))
                    } else {
                        skippedSources.append(file == label ? written : file.description)
                    }
                }
            }
        }
        return paths
    }

    /// The labels of `deps`, `private_deps`, `implementation_deps` and, for bundles and tests,
    /// `extensions`, `extension`, `watch_application`, `app_clips`, `frameworks`, `test_host`
    /// (and a build test's `targets`); `sdk_frameworks`
    /// as SDK dependencies. Each once, with the BUILD file's line that writes it; those the target
    /// loads at run time (`BazelRuleKind.loads`) avoid linking (`avoidsLinking`).
    private func dependencies(of rule: StarlarkRuleCall, end: Int) -> [DeclaredDependency] {
        struct Key: Hashable {
            var kind: DependencyKind
            var package: String?
            var name: String
        }
        var result: [DeclaredDependency] = []
        var seen: Set<Key> = []  // SDK frameworks (labels are found by their place in `result`)
        let start = rule.location.line
        func evidence(_ written: String) -> Location {
            Location(file: package.buildFile, line: package.line(quoting: written, from: start, before: end) ?? start)
        }
        var positions: [Key: Int] = [:]
        for attribute in BazelRuleKind.dependencyAttributes {
            let loaded = BazelRuleKind.loads(attribute, of: rule)
            for (written, label) in labels(rule[attribute]) {
                for target in index.resolving(label) {
                    guard var dependency = dependency(on: target, evidence: evidence(written)) else { continue }
                    let key = Key(kind: dependency.kind, package: dependency.package, name: dependency.name)
                    if let known = positions[key] {
                        // In `deps` and `frameworks` both: loaded, not linked.
                        if loaded { result[known].avoidsLinking = true }
                        continue
                    }
                    if loaded { dependency.avoidsLinking = true }
                    positions[key] = result.count
                    result.append(dependency)
                }
            }
        }
        for case .string(let framework) in rule["sdk_frameworks"]?.flattened.elements ?? [] where seen.insert(Key(kind: .sdk, name: framework)).inserted {
            result.append(DeclaredDependency(name: framework, kind: .sdk, evidence: evidence(framework)))
        }
        return result
    }

    /// What a label stands for: a target of a package (`.project`), a prebuilt framework
    /// (`.binary`), a target of another repository (`.external`, named by its target); nil
    /// for a target that makes no module (`BazelIndex.resolving` leaves none but those).
    private func dependency(on label: StarlarkLabel, evidence: Location) -> DeclaredDependency? {
        guard label.repository.isEmpty else {
            return DeclaredDependency(name: label.name, kind: .external, package: label.repository, evidence: evidence)
        }
        guard index.kind(of: label) != nil else {
            // A target no evaluated rule made (a macro Strata could not follow): kept by its label.
            return DeclaredDependency(name: label.name, kind: .project, package: workspace.repositoryPath(label.package), evidence: evidence)
        }
        guard let rule = index.module(of: label) else { return nil }
        if rule.isImport { return DeclaredDependency(name: label.name, kind: .binary, evidence: evidence) }
        return DeclaredDependency(name: label.name, kind: .project, package: workspace.repositoryPath(label.package), evidence: evidence)
    }

    /// The labels of an attribute (a list, a single label, a `select`'s branches together),
    /// each with its text as written.
    private func labels(_ value: StarlarkValue?) -> [(written: String, label: StarlarkLabel)] {
        guard let value = value?.flattened else { return [] }
        var result: [(written: String, label: StarlarkLabel)] = []
        for element in value.elements ?? [value] {
            guard let label = BazelIndex.label(element, package: package.name).map(index.local) else { continue }
            result.append((written: element.string ?? label.description, label: label))
        }
        return result
    }

    /// A `testonly` library is test code (a test's sources, rules_apple's tests take theirs
    /// from a library; mocks, test helpers): Bazel lets only tests and other testonly targets
    /// depend on it. A test module too; so is a library only tests bundle (`BazelIndex`).
    private func markTestSources(_ targets: inout [Manifest.Target]) {
        let testOnly = Set(package.rules.filter { $0["testonly"]?.flattened.truth == true }.compactMap(\.name))
        for position in targets.indices where targets[position].kind == .library {
            let name = targets[position].name
            if testOnly.contains(name) || index.isTestLibrary(package: package.name, name: name) { targets[position].kind = .test }
        }
    }
}
