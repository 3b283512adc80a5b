import Foundation
import StrataStarlark

/// `body`'s result, computed on a thread with an 8 MB stack: what StarlarkLimits asks of its
/// callers, whatever thread the test runner gives a test (Dispatch's have 512 KB on macOS).
func onLargeStack<Result>(_ body: @escaping () -> Result) -> Result {
    let box = ResultBox<Result>(), work = ResultBox<() -> Result>()
    work.result = body
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = work.result!()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
    return box.result!
}

/// A result handed from the large-stack thread back to the test.
final class ResultBox<Result>: @unchecked Sendable {
    var result: Result?
}

/// Evaluates `source` as the BUILD file of package `pkg`, with the other files of the
/// repository given by path.
func evaluate(_ source: String, files: [String: String] = [:], package: String = "pkg", limits: StarlarkLimits = StarlarkLimits())
    -> StarlarkBuildResult
{
    var all = files
    all[package.isEmpty ? "BUILD" : package + "/BUILD"] = source
    let interpreter = StarlarkInterpreter(host: StarlarkMemoryHost(files: all), limits: limits)
    return onLargeStack { interpreter.evaluateBuild(path: package.isEmpty ? "BUILD" : package + "/BUILD", source: source, package: package) }
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

/// `StarlarkParser.parse`, on a large stack.
func parse(_ source: String, file: String = "BUILD") -> (StarlarkFile, [StarlarkDiagnostic]) {
    onLargeStack { StarlarkParser.parse(source: source, file: file) }
}
