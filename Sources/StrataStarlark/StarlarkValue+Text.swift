/// `str()` and `repr()` as Starlark writes them: strings in double quotes, `True`, `None`,
/// `[1, 2]`, `("a",)`, `{"k": "v"}`.
extension StarlarkValue {
    /// `str(value)`: a string as it is, every other value as `repr` writes it.
    package var str: String {
        switch self {
        case .string(let text): text
        case .label(let label): label.description
        default: repr
        }
    }

    package var repr: String {
        switch self {
        case .none: return "None"
        case .bool(let value): return value ? "True" : "False"
        case .int(let value): return String(value)
        case .float(let value): return Self.format(value)
        case .string(let text): return Self.quote(text)
        case .list(let list): return "[" + list.elements.map(\.repr).joined(separator: ", ") + "]"
        case .tuple(let elements):
            return "(" + elements.map(\.repr).joined(separator: ", ") + (elements.count == 1 ? ",)" : ")")
        case .dict(let dict):
            return "{" + dict.entries.map { "\($0.repr): \($1.repr)" }.joined(separator: ", ") + "}"
        case .range(let range):
            return range.step == 1 ? "range(\(range.start), \(range.stop))" : "range(\(range.start), \(range.stop), \(range.step))"
        case .function(let function): return "<function \(function.name)>"
        case .builtin(let builtin): return "<built-in function \(builtin.name)>"
        case .rule(let rule): return "<rule \(rule.kind)>"
        case .structure(let value): return value.description
        case .label(let label): return "Label(\(Self.quote(label.description)))"
        case .select(let select):
            return select.parts.map { part in
                switch part {
                case .value(let value): value.repr
                case .branches(let branches):
                    "select({" + branches.map { "\(Self.quote($0.condition)): \($0.value.repr)" }.joined(separator: ", ") + "})"
                }
            }.joined(separator: " + ")
        case .depset(let elements): return "depset([" + elements.map(\.repr).joined(separator: ", ") + "])"
        case .unknown(let reason): return "<unknown: \(reason)>"
        }
    }

    /// A float as Starlark prints it: `1.0`, `0.5`, `1e+20`.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "+inf" }
        return value.description
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Equality and order, as Starlark's `==` and `<` define them.
extension StarlarkValue {
    /// Whether two values are equal; nil when either is unknown.
    package func equals(_ other: StarlarkValue) -> Bool? {
        switch (self, other) {
        case (.unknown, _), (_, .unknown): return nil
        case (.list(let a), .list(let b)): return Self.equalElements(a.elements, b.elements)
        case (.tuple(let a), .tuple(let b)), (.depset(let a), .depset(let b)): return Self.equalElements(a, b)
        case (.dict(let a), .dict(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a.entries {
                guard let theirs = b[key] else { return false }
                guard let same = value.equals(theirs) else { return nil }
                if !same { return false }
            }
            return true
        case (.range(let a), .range(let b)): return a.count == b.count && (a.count == 0 || (a.start == b.start && (a.count == 1 || a.step == b.step)))
        case (.int(let a), .float(let b)): return Double(a) == b
        case (.float(let a), .int(let b)): return a == Double(b)
        case (.float(let a), .float(let b)): return a == b
        case (.structure(let a), .structure(let b)):
            guard a.typeName == b.typeName, a.fields.count == b.fields.count else { return false }
            return Self.equalElements(a.fields.map(\.value), b.fields.map(\.value)) == true && a.fields.map(\.name) == b.fields.map(\.name)
        case (.select, _), (_, .select): return nil
        default:
            guard let a = hashKey, let b = other.hashKey else { return false }
            return a == b
        }
    }

    static func equalElements(_ a: [StarlarkValue], _ b: [StarlarkValue]) -> Bool? {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard let same = x.equals(y) else { return nil }
            if !same { return false }
        }
        return true
    }

    /// `self < other`; nil when the two cannot be ordered (different types, or unknown).
    package func less(than other: StarlarkValue) -> Bool? {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a < b
        case (.int(let a), .float(let b)): return Double(a) < b
        case (.float(let a), .int(let b)): return a < Double(b)
        case (.float(let a), .float(let b)): return a < b
        case (.string(let a), .string(let b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        case (.bool(let a), .bool(let b)): return !a && b
        case (.list(let a), .list(let b)): return Self.lessElements(a.elements, b.elements)
        case (.tuple(let a), .tuple(let b)): return Self.lessElements(a, b)
        case (.label(let a), .label(let b)): return a.description < b.description
        default: return nil
        }
    }

    static func lessElements(_ a: [StarlarkValue], _ b: [StarlarkValue]) -> Bool? {
        for (x, y) in zip(a, b) {
            guard let same = x.equals(y) else { return nil }
            if !same { return x.less(than: y) }
        }
        return a.count < b.count
    }
}
