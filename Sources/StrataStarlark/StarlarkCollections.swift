/// A Starlark list: shared, so that every name bound to it sees an `append`.
package final class StarlarkList: @unchecked Sendable {
    package var elements: [StarlarkValue]

    package init(_ elements: [StarlarkValue] = []) {
        self.elements = elements
    }
}

/// A Starlark dict: insertion-ordered (never hash-ordered), shared like a list.
package final class StarlarkDict: @unchecked Sendable {
    package private(set) var keys: [StarlarkValue] = []
    package private(set) var values: [StarlarkValue] = []
    private var positions: [StarlarkKey: Int] = [:]

    package init() {}

    package var count: Int { keys.count }

    package var entries: Zip2Sequence<[StarlarkValue], [StarlarkValue]> { zip(keys, values) }

    /// The value for `key`; setting nil removes it. Unhashable keys (lists) are never found.
    package subscript(key: StarlarkValue) -> StarlarkValue? {
        get {
            guard let hashKey = key.hashKey, let position = positions[hashKey] else { return nil }
            return values[position]
        }
        set {
            guard let hashKey = key.hashKey else { return }
            if let value = newValue {
                if let position = positions[hashKey] {
                    values[position] = value
                } else {
                    positions[hashKey] = keys.count
                    keys.append(key)
                    values.append(value)
                }
            } else if let position = positions.removeValue(forKey: hashKey) {
                keys.remove(at: position)
                values.remove(at: position)
                for index in position..<keys.count { positions[keys[index].hashKey!] = index }
            }
        }
    }

    package subscript(string key: String) -> StarlarkValue? { self[.string(key)] }

    package func copy() -> StarlarkDict {
        let result = StarlarkDict()
        result.keys = keys
        result.values = values
        result.positions = positions
        return result
    }

    package func removeAll() {
        keys = []
        values = []
        positions = [:]
    }
}

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
    /// The value as a dict key; nil for the unhashable (lists, dicts).
    package var hashKey: StarlarkKey? {
        switch self {
        case .none: return StarlarkKey.none
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .float(let value): return value == value.rounded() && abs(value) < 1e18 ? .int(Int(value)) : .number(value)
        case .string(let value): return .string(value)
        case .tuple(let elements):
            var keys: [StarlarkKey] = []
            for element in elements {
                guard let key = element.hashKey else { return nil }
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
