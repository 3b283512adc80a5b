/// Evaluates BUILD files and the .bzl files they load, without Bazel: rules are recorded
/// when called, never run. Each .bzl file is evaluated once per interpreter and its globals
/// reused by every file that loads it; a load cycle is a diagnostic. Every file evaluates
/// under `limits` (steps, time, sizes, nesting).
///
/// An interpreter is used by one thread at a time (a large-stack one: see `StarlarkLimits`);
/// readers that evaluate in parallel give each thread its own.
package final class StarlarkInterpreter {
    let host: any StarlarkHost
    package let limits: StarlarkLimits
    /// The .bzl files evaluated, by path.
    var modules: [String: StarlarkModule] = [:]
    /// The .bzl files being evaluated, innermost last: one loaded again is a cycle.
    var loading: [String] = []
    /// What the file being evaluated, and the .bzl files it loads first, reported.
    var diagnostics: [StarlarkDiagnostic] = []
    var reported: Set<StarlarkDiagnostic> = []
    /// Each package's own files (none of its subpackages'), sorted: asked of the host once.
    var packageFiles: [String: [String]] = [:]

    /// The names the main repository goes by (its module's name, its old workspace name): a
    /// label of one of them (`@rules_ios//rules:framework.bzl` within rules_ios) is loaded
    /// from the host like `//rules:framework.bzl`.
    package let mainRepositoryNames: Set<String>
    /// The host of another repository whose files are at hand, by the name a label gives it
    /// (`rules_player`); nil for one that is not: its symbols are then stubs. Asked once a name.
    let externalHost: (String) -> (any StarlarkHost)?
    var externalHosts: [String: (any StarlarkHost)?] = [:]

    package init(
        host: any StarlarkHost, limits: StarlarkLimits = StarlarkLimits(), mainRepositoryNames: Set<String> = [],
        externalHost: @escaping (String) -> (any StarlarkHost)? = { _ in nil }
    ) {
        self.host = host
        self.limits = limits
        self.mainRepositoryNames = mainRepositoryNames
        self.externalHost = externalHost
    }

    /// The host of the repository a label names: the main one's for "", else `externalHost`'s.
    func host(ofRepository repository: String) -> (any StarlarkHost)? {
        guard !repository.isEmpty else { return host }
        if let known = externalHosts[repository] { return known }
        let found = externalHost(repository)
        externalHosts[repository] = found
        return found
    }

    /// Evaluates a BUILD file of `package` (its folder from the root, "" for the root) and
    /// returns the rule calls it made, directly or through macros.
    package func evaluateBuild(path: String, source: String, package: String) -> StarlarkBuildResult {
        diagnostics = []
        reported = []
        let (file, syntax) = StarlarkParser.parse(source: source, file: path, limits: limits)
        for diagnostic in syntax { report(diagnostic.severity, diagnostic.location, diagnostic.message) }
        let module = StarlarkModule(path: path, package: package)
        let evaluator = StarlarkEvaluator(interpreter: self, file: path, build: StarlarkBuild(package: package))
        evaluator.run(file, in: module)
        return StarlarkBuildResult(
            rules: evaluator.build?.rules ?? [], diagnostics: diagnostics, loadedFiles: module.dependencies,
            packageAttributes: evaluator.build?.packageAttributes ?? [])
    }

    /// Evaluates the BUILD file at `path`, read from the host; nil when there is none.
    package func evaluateBuild(path: String, package: String) -> StarlarkBuildResult? {
        host.contents(ofFile: path).map { evaluateBuild(path: path, source: $0, package: package) }
    }

    /// The globals of the .bzl file at `path` (from its repository's root; the main one's for
    /// `repository` ""), evaluating it the first time; nil when the host has no such file, or
    /// when loading it would close a cycle. Another repository's file is named
    /// `@repository//path` in diagnostics and dependencies.
    func module(at path: String, package: String, repository: String = "", loadedFrom location: StarlarkLocation) -> StarlarkModule? {
        let key = Self.fileName(path, repository: repository)
        if let module = modules[key] { return module }
        if loading.contains(key) {
            let cycle = (loading.drop { $0 != key } + [key]).joined(separator: " -> ")
            report(.error, location, "load cycle: \(cycle)")
            return nil
        }
        guard let source = host(ofRepository: repository)?.contents(ofFile: path) else { return nil }
        loading.append(key)
        defer { loading.removeLast() }
        let (file, syntax) = StarlarkParser.parse(source: source, file: key, limits: limits)
        for diagnostic in syntax { report(diagnostic.severity, diagnostic.location, diagnostic.message) }
        let module = StarlarkModule(path: key, package: package, repository: repository)
        let evaluator = StarlarkEvaluator(interpreter: self, file: key, build: nil)
        evaluator.run(file, in: module)
        export(module)
        modules[key] = module
        return module
    }

    /// `path` for the main repository's file, `@repository//path` for another's.
    static func fileName(_ path: String, repository: String) -> String {
        repository.isEmpty ? path : "@\(repository)//\(path)"
    }

    /// Names each `rule()` and `macro()` of a module by the first global bound to it, as
    /// Bazel does when a .bzl file's evaluation ends.
    func export(_ module: StarlarkModule) {
        for (name, value) in module.globals {
            if case .rule(let rule) = value, rule.kind.isEmpty { rule.kind = name }
        }
    }

    /// The files under a package's folder, as the host lists them.
    func files(inPackage package: String) -> [String] {
        if let files = packageFiles[package] { return files }
        let files = StarlarkGlob.packageFiles(host.files(inPackage: package))
        packageFiles[package] = files
        return files
    }

    /// Adds a diagnostic, once: a macro called a hundred times warns about its line once.
    func report(_ severity: StarlarkDiagnostic.Severity, _ location: StarlarkLocation, _ message: String) {
        let diagnostic = StarlarkDiagnostic(severity, location, message)
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }
}
