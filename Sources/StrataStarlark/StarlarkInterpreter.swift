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

    package init(host: any StarlarkHost, limits: StarlarkLimits = StarlarkLimits(), mainRepositoryNames: Set<String> = []) {
        self.host = host
        self.limits = limits
        self.mainRepositoryNames = mainRepositoryNames
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

    /// The globals of the .bzl file at `path` (from the root), evaluating it the first time;
    /// nil when the host has no such file, or when loading it would close a cycle.
    func module(at path: String, package: String, loadedFrom location: StarlarkLocation) -> StarlarkModule? {
        if let module = modules[path] { return module }
        if loading.contains(path) {
            let cycle = (loading.drop { $0 != path } + [path]).joined(separator: " -> ")
            report(.error, location, "load cycle: \(cycle)")
            return nil
        }
        guard let source = host.contents(ofFile: path) else { return nil }
        loading.append(path)
        defer { loading.removeLast() }
        let (file, syntax) = StarlarkParser.parse(source: source, file: path, limits: limits)
        for diagnostic in syntax { report(diagnostic.severity, diagnostic.location, diagnostic.message) }
        let module = StarlarkModule(path: path, package: package)
        let evaluator = StarlarkEvaluator(interpreter: self, file: path, build: nil)
        evaluator.run(file, in: module)
        export(module)
        modules[path] = module
        return module
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
