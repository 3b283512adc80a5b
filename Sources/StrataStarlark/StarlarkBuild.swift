/// What a BUILD file's evaluation records: its package and the rule calls so far.
struct StarlarkBuild {
    var package: String
    var rules: [StarlarkRuleCall] = []
}
