/// The evaluated arguments of a call: positional ones, then keyword ones in the order given.
struct StarlarkArguments {
    var positional: [StarlarkValue] = []
    var keywords: [(name: String, value: StarlarkValue)] = []

    /// The argument a builtin's parameter receives: by position, else by keyword.
    func value(_ name: String, at position: Int? = nil) -> StarlarkValue? {
        if let position, position < positional.count { return positional[position] }
        return keywords.last { $0.name == name }?.value
    }

    var count: Int { positional.count + keywords.count }
}
