/// Where names are looked up: a function's locals, then its module's globals; at the top
/// level of a file there are no locals, and assignments bind globals.
struct StarlarkFrame {
    var module: StarlarkModule
    var locals: [String: StarlarkValue]?

    func location(_ line: Int) -> StarlarkLocation { StarlarkLocation(file: module.path, line: line) }

    mutating func set(_ name: String, _ value: StarlarkValue) {
        if locals != nil { locals![name] = value } else { module[name] = value }
    }

    func lookup(_ name: String) -> StarlarkValue? {
        locals?[name] ?? module[name]
    }
}

extension StarlarkFrame {
    /// A scope for a comprehension's variables: the function's locals copied, or fresh ones
    /// at the top level (so they do not become globals).
    var comprehensionScope: StarlarkFrame { StarlarkFrame(module: module, locals: locals ?? [:]) }
}
