/// What a BUILD file's evaluation records: its package, the rule calls so far, and the
/// arguments of its `package()` call.
struct StarlarkBuild {
    var package: String
    var rules: [StarlarkRuleCall] = []
    var packageAttributes: [(name: String, value: StarlarkValue)] = []
}
