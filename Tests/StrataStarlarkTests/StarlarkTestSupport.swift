import StrataStarlark

/// Evaluates `source` as the BUILD file of package `pkg`, with the other files of the
/// repository given by path.
func evaluate(_ source: String, files: [String: String] = [:], package: String = "pkg", limits: StarlarkLimits = StarlarkLimits())
    -> StarlarkBuildResult
{
    var all = files
    all[package.isEmpty ? "BUILD" : package + "/BUILD"] = source
    let interpreter = StarlarkInterpreter(host: StarlarkMemoryHost(files: all), limits: limits)
    return interpreter.evaluateBuild(path: package.isEmpty ? "BUILD" : package + "/BUILD", source: source, package: package)
}

/// The `repr` of an expression's value, evaluated after `prelude` in a BUILD file; what a
/// language test compares.
func value(_ expression: String, after prelude: String = "") -> String {
    let result = evaluate(prelude + "\nprobe(v = \(expression))\n")
    guard let rule = result.rules.last(where: { $0.kind == "probe" }), let value = rule["v"] else {
        return "no value: " + result.diagnostics.map(\.description).joined(separator: "; ")
    }
    return value.repr
}

/// The messages of the diagnostics, for `contains` checks.
func messages(_ result: StarlarkBuildResult) -> String {
    result.diagnostics.map(\.description).joined(separator: "\n")
}
