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
