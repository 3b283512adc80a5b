/// `select({...})`, possibly concatenated with other values (`["a"] + select(...)`): the
/// parts in order, each a plain value or the branches of one `select`.
package struct StarlarkSelect: Sendable {
    package enum Part: Sendable {
        case value(StarlarkValue)
        /// The conditions (labels as written) and their values, in order.
        case branches([(condition: String, value: StarlarkValue)])
    }

    package var parts: [Part]

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// The union of the branches: lists (and tuples) concatenated, part after part and
    /// branch after branch; dicts merged; for other values (a string, a bool), the
    /// `//conditions:default` branch, or the first one.
    package var flattened: StarlarkValue {
        var budget = StarlarkBudget()
        return flattened(&budget, depth: 0)
    }

    func flattened(_ budget: inout StarlarkBudget, depth: Int) -> StarlarkValue {
        var pieces: [StarlarkValue] = []
        for part in parts {
            switch part {
            case .value(let value): pieces.append(value.flattened(&budget, depth: depth + 1))
            case .branches(let branches):
                let values = branches.map { $0.value.flattened(&budget, depth: depth + 1) }
                if values.allSatisfy({ $0.isSequence || $0.isDict }) {
                    pieces += values
                } else {
                    let fallback = branches.firstIndex { $0.condition.hasSuffix("//conditions:default") } ?? values.startIndex
                    pieces.append(values.isEmpty ? StarlarkValue.none : values[fallback])
                }
            }
        }
        return Self.join(pieces)
    }

    static func join(_ pieces: [StarlarkValue]) -> StarlarkValue {
        if pieces.allSatisfy(\.isSequence) {
            return .list(StarlarkList(pieces.flatMap { $0.elements ?? [] }))
        }
        if pieces.allSatisfy(\.isDict) {
            let result = StarlarkDict()
            for case .dict(let dict) in pieces {
                for (key, value) in dict.entries { result[key] = value }
            }
            return .dict(result)
        }
        if pieces.allSatisfy({ $0.string != nil }) {
            return .string(pieces.compactMap(\.string).joined())
        }
        return pieces.first ?? StarlarkValue.none
    }
}

extension StarlarkValue {
    var isSequence: Bool {
        switch self {
        case .list, .tuple: true
        default: false
        }
    }

    var isDict: Bool {
        if case .dict = self { return true }
        return false
    }
}
