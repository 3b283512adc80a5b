/// What a Starlark expression evaluates to. Lists and dicts are shared references, as in
/// Starlark (`b = a; b.append(1)` changes `a`); everything else is a value. What cannot be
/// evaluated statically is `unknown`, with the reason, so one unsupported construct
/// degrades a value instead of stopping the file.
package enum StarlarkValue: @unchecked Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list(StarlarkList)
    case tuple([StarlarkValue])
    case dict(StarlarkDict)
    /// `range(start, stop, step)`, never materialized unless a list is asked for.
    case range(StarlarkRange)
    case function(StarlarkFunction)
    case builtin(StarlarkBuiltin)
    /// A rule, native or loaded from elsewhere: calling it records a rule call.
    case rule(StarlarkRule)
    /// `struct(...)`, a provider's instance, `native`, an `attr.*` descriptor.
    case structure(StarlarkStruct)
    case label(StarlarkLabel)
    /// `select({...})`, alone or concatenated with other values.
    case select(StarlarkSelect)
    /// `depset(...)`: its elements, in order.
    case depset([StarlarkValue])
    /// Not known statically: why, as a message names it.
    case unknown(String)

    /// The type name Starlark's `type()` answers.
    package var typeName: String {
        switch self {
        case .none: "NoneType"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .list: "list"
        case .tuple: "tuple"
        case .dict: "dict"
        case .range: "range"
        case .function: "function"
        case .builtin: "builtin_function_or_method"
        case .rule: "rule"
        case .structure(let value): value.typeName
        case .label: "Label"
        case .select: "select"
        case .depset: "depset"
        case .unknown: "unknown"
        }
    }

    /// Starlark truthiness; nil when the value is unknown.
    package var truth: Bool? {
        switch self {
        case .none: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .float(let value): value != 0
        case .string(let value): !value.isEmpty
        case .list(let list): !list.elements.isEmpty
        case .tuple(let elements), .depset(let elements): !elements.isEmpty
        case .dict(let dict): dict.count > 0
        case .range(let range): range.count > 0
        case .unknown: nil
        default: true
        }
    }

    package var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// The value as a string, when it is one.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of a list, tuple, range or depset (nil for other values).
    package var elements: [StarlarkValue]? {
        switch self {
        case .list(let list): list.elements
        case .tuple(let elements), .depset(let elements): elements
        case .range(let range): range.count <= 1 << 20 ? range.values.map { .int($0) } : nil
        default: nil
        }
    }

    /// The value a consumer reads for an attribute: a `select` becomes the union of its
    /// branches (see `StarlarkSelect.flattened`), within lists, tuples and dicts too. A value
    /// too deep or too large to copy (a list that holds itself) is unknown.
    package var flattened: StarlarkValue {
        var budget = StarlarkBudget()
        return flattened(&budget, depth: 0)
    }

    func flattened(_ budget: inout StarlarkBudget, depth: Int) -> StarlarkValue {
        guard budget.enter(depth: depth) else { return .unknown("a value too deep or too large to read") }
        switch self {
        case .select(let select): return select.flattened(&budget, depth: depth + 1)
        case .list(let list): return .list(StarlarkList(list.elements.map { $0.flattened(&budget, depth: depth + 1) }))
        case .tuple(let elements): return .tuple(elements.map { $0.flattened(&budget, depth: depth + 1) })
        case .dict(let dict):
            let result = StarlarkDict()
            for (key, value) in dict.entries { result[key] = value.flattened(&budget, depth: depth + 1) }
            return .dict(result)
        default: return self
        }
    }
}
