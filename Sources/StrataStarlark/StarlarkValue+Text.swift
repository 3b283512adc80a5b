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

    /// `repr(value)`; a value too deep or too large to print whole ends in `...`.
    package var repr: String {
        var text = ""
        var budget = StarlarkBudget()
        write(to: &text, &budget, depth: 0)
        return text
    }

    /// Appends the value's `repr`, within the budget (and 16 MB of text).
    func write(to text: inout String, _ budget: inout StarlarkBudget, depth: Int) {
        guard budget.enter(depth: depth), text.utf8.count < 1 << 24 else {
            budget.nodes = 0
            text += "..."
            return
        }
        func sequence(_ open: String, _ elements: [StarlarkValue], _ close: String) {
            text += open
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                element.write(to: &text, &budget, depth: depth + 1)
            }
            text += close
        }
        switch self {
        case .list(let list): sequence("[", list.elements, "]")
        case .tuple(let elements): sequence("(", elements, elements.count == 1 ? ",)" : ")")
        case .depset(let elements): sequence("depset([", elements, "])")
        case .dict(let dict):
            text += "{"
            for (index, (key, value)) in dict.entries.enumerated() {
                if index > 0 { text += ", " }
                key.write(to: &text, &budget, depth: depth + 1)
                text += ": "
                value.write(to: &text, &budget, depth: depth + 1)
            }
            text += "}"
        case .structure(let value):
            text += value.typeName + "("
            for (index, field) in value.fields.enumerated() {
                text += (index > 0 ? ", " : "") + field.name + " = "
                field.value.write(to: &text, &budget, depth: depth + 1)
            }
            text += ")"
        case .select(let select):
            for (index, part) in select.parts.enumerated() {
                if index > 0 { text += " + " }
                switch part {
                case .value(let value): value.write(to: &text, &budget, depth: depth + 1)
                case .branches(let branches):
                    text += "select({"
                    for (index, branch) in branches.enumerated() {
                        text += (index > 0 ? ", " : "") + Self.quote(branch.condition) + ": "
                        branch.value.write(to: &text, &budget, depth: depth + 1)
                    }
                    text += "})"
                }
            }
        default: text += scalarRepr
        }
    }

    /// The `repr` of a value that holds no other.
    var scalarRepr: String {
        switch self {
        case .none: "None"
        case .bool(let value): value ? "True" : "False"
        case .int(let value): String(value)
        case .float(let value): Self.format(value)
        case .string(let text): Self.quote(text)
        case .range(let range):
            range.step == 1 ? "range(\(range.start), \(range.stop))" : "range(\(range.start), \(range.stop), \(range.step))"
        case .function(let function): "<function \(function.name)>"
        case .builtin(let builtin): "<built-in function \(builtin.name)>"
        case .rule(let rule): "<rule \(rule.kind)>"
        case .label(let label): "Label(\(Self.quote(label.description)))"
        case .unknown(let reason): "<unknown: \(reason)>"
        default: "<\(typeName)>"
        }
    }

    /// A float as Starlark prints it: `1.0`, `0.5`, `1e+20`.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "+inf" }
        return value.description
    }

    /// A string literal as Starlark's `repr` writes it: control characters as `\x` escapes.
    static func quote(_ text: String) -> String {
        quote(text) { $0.value < 0x20 || $0.value == 0x7F ? "\\x" + hex($0.value, width: 2) : nil }
    }

    /// `text` in double quotes, `"`, `\\` and the usual controls escaped, and each other
    /// character `escape` spells otherwise spelled so (JSON's `\u00XX`, Starlark's `\xXX`).
    static func quote(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// `value` in hexadecimal, zero-padded to `width` digits.
    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Equality and order, as Starlark's `==` and `<` define them.
extension StarlarkValue {
    /// Whether two values are equal; nil when either is unknown (or too deep to compare).
    package func equals(_ other: StarlarkValue) -> Bool? {
        var budget = StarlarkBudget()
        return equals(other, &budget, depth: 0)
    }

    func equals(_ other: StarlarkValue, _ budget: inout StarlarkBudget, depth: Int) -> Bool? {
        guard budget.enter(depth: depth) else { return nil }
        switch (self, other) {
        case (.unknown, _), (_, .unknown): return nil
        case (.list(let a), .list(let b)): return Self.equalElements(a.elements, b.elements, &budget, depth)
        case (.tuple(let a), .tuple(let b)), (.depset(let a), .depset(let b)): return Self.equalElements(a, b, &budget, depth)
        case (.dict(let a), .dict(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a.entries {
                guard let theirs = b[key] else { return false }
                guard let same = value.equals(theirs, &budget, depth: depth + 1) else { return nil }
                if !same { return false }
            }
            return true
        case (.range(let a), .range(let b)): return a.count == b.count && (a.count == 0 || (a.start == b.start && (a.count == 1 || a.step == b.step)))
        case (.int(let a), .float(let b)): return Double(a) == b
        case (.float(let a), .int(let b)): return a == Double(b)
        case (.float(let a), .float(let b)): return a == b
        case (.structure(let a), .structure(let b)):
            guard a.typeName == b.typeName, a.fields.map(\.name) == b.fields.map(\.name) else { return false }
            return Self.equalElements(a.fields.map(\.value), b.fields.map(\.value), &budget, depth)
        // A select is a value of its own type: never equal to a value of another (Bazel's
        // `test_host == True` on a select is False); two selects are equal only when they are one.
        case (.select, .select): return nil
        case (.select, _), (_, .select): return false
        default:
            guard let a = hashKey, let b = other.hashKey else { return false }
            return a == b
        }
    }

    static func equalElements(_ a: [StarlarkValue], _ b: [StarlarkValue], _ budget: inout StarlarkBudget, _ depth: Int) -> Bool? {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard let same = x.equals(y, &budget, depth: depth + 1) else { return nil }
            if !same { return false }
        }
        return true
    }

    /// `self < other`; nil when the two cannot be ordered (different types, or unknown).
    package func less(than other: StarlarkValue) -> Bool? {
        var budget = StarlarkBudget()
        return less(than: other, &budget, depth: 0)
    }

    func less(than other: StarlarkValue, _ budget: inout StarlarkBudget, depth: Int) -> Bool? {
        guard budget.enter(depth: depth) else { return nil }
        switch (self, other) {
        case (.int(let a), .int(let b)): return a < b
        case (.int(let a), .float(let b)): return Double(a) < b
        case (.float(let a), .int(let b)): return a < Double(b)
        case (.float(let a), .float(let b)): return a < b
        case (.string(let a), .string(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.bool(let a), .bool(let b)): return !a && b
        case (.list(let a), .list(let b)): return Self.lessElements(a.elements, b.elements, &budget, depth)
        case (.tuple(let a), .tuple(let b)): return Self.lessElements(a, b, &budget, depth)
        case (.label(let a), .label(let b)): return a.description.utf8.lexicographicallyPrecedes(b.description.utf8)
        default: return nil
        }
    }

    static func lessElements(_ a: [StarlarkValue], _ b: [StarlarkValue], _ budget: inout StarlarkBudget, _ depth: Int) -> Bool? {
        for (x, y) in zip(a, b) {
            guard let same = x.equals(y, &budget, depth: depth + 1) else { return nil }
            if !same { return x.less(than: y, &budget, depth: depth + 1) }
        }
        return a.count < b.count
    }
}
