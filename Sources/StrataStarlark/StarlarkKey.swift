/// What a hashable value is as a dict key: `1` and `1.0` are the same key, as in Starlark.
package indirect enum StarlarkKey: Hashable, Sendable {
    case none
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case tuple([StarlarkKey])
    case label(StarlarkLabel)
    case object(ObjectIdentifier)
    case name(String)
}

extension StarlarkValue {
    /// The value as a dict key; nil for the unhashable (lists, dicts, and tuples nested past
    /// the walking budget).
    package var hashKey: StarlarkKey? {
        var budget = StarlarkBudget()
        return hashKey(&budget, depth: 0)
    }

    func hashKey(_ budget: inout StarlarkBudget, depth: Int) -> StarlarkKey? {
        guard budget.enter(depth: depth) else { return nil }
        switch self {
        case .none: return StarlarkKey.none
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .float(let value): return value == value.rounded() && abs(value) < 1e18 ? .int(Int(value)) : .number(value)
        case .string(let value): return .string(value)
        case .tuple(let elements):
            var keys: [StarlarkKey] = []
            for element in elements {
                guard let key = element.hashKey(&budget, depth: depth + 1) else { return nil }
                keys.append(key)
            }
            return .tuple(keys)
        case .label(let label): return .label(label)
        case .function(let function): return .object(ObjectIdentifier(function))
        case .builtin(let builtin): return .name("builtin " + builtin.name)
        case .rule(let rule): return .name("rule " + rule.kind)
        case .structure(let value): return .name("struct " + value.description)
        case .unknown(let reason): return .name("unknown " + reason)
        default: return nil
        }
    }
}
