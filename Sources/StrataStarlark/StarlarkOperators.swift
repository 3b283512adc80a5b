/// Starlark's operators on values. A type error is a warning and an unknown value; an
/// unknown operand gives an unknown result silently (its cause was reported already).
/// Every result that grows is checked against the size limits first.
extension StarlarkEvaluator {
    func unary(_ op: String, _ value: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        switch (op, value) {
        case (_, .unknown): return value
        case ("not", _): return .bool(!(value.truth ?? false))
        case ("-", .int(let number)): return number == .min ? unknown("integer overflow", line, frame) : .int(-number)
        case ("-", .float(let number)): return .float(-number)
        case ("+", .int), ("+", .float): return value
        case ("~", .int(let number)): return .int(~number)
        default: return unknown("unary \(op) on a \(value.typeName)", line, frame)
        }
    }

    func binary(_ op: String, _ lhs: StarlarkValue, _ rhs: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        switch op {
        case "==": return lhs.equals(rhs).map(StarlarkValue.bool) ?? .unknown("comparison with an unknown value")
        case "!=": return lhs.equals(rhs).map { .bool(!$0) } ?? .unknown("comparison with an unknown value")
        case "<", ">", "<=", ">=": return compare(op, lhs, rhs, line, frame)
        case "in", "not in":
            guard let found = contains(rhs, lhs, line, frame) else { return .unknown("membership in an unknown value") }
            return .bool(op == "in" ? found : !found)
        default: break
        }
        if case .unknown = lhs { return lhs }
        if case .unknown = rhs { return rhs }
        switch (op, lhs, rhs) {
        case ("+", .select, _), ("+", _, .select): return concatenateSelect(lhs, rhs)
        case ("|", .select, _), ("|", _, .select): return concatenateSelect(lhs, rhs)
        case ("+", .string(let a), .string(let b)):
            try checkString(a.utf8.count + b.utf8.count, line, frame)
            return .string(a + b)
        case ("+", .list(let a), .list(let b)):
            try checkLength(a.elements.count + b.elements.count, line, frame)
            return .list(StarlarkList(a.elements + b.elements))
        case ("+", .tuple(let a), .tuple(let b)):
            try checkLength(a.count + b.count, line, frame)
            return .tuple(a + b)
        case ("+", .dict(let a), .dict(let b)), ("|", .dict(let a), .dict(let b)):
            let result = a.copy()
            for (key, value) in b.entries { result[key] = value }
            return .dict(result)
        case ("*", .string, .int), ("*", .list, .int), ("*", .tuple, .int): return try repeated(lhs, rhs, line, frame)
        case ("*", .int, .string), ("*", .int, .list), ("*", .int, .tuple): return try repeated(rhs, lhs, line, frame)
        case ("%", .string(let format), _): return try percentFormat(format, rhs, line, frame)
        case (_, .int(let a), .int(let b)): return integer(op, a, b, line, frame)
        case (_, .int, .float), (_, .float, .int), (_, .float, .float): return floating(op, lhs.number!, rhs.number!, line, frame)
        default: return unknown("unsupported operation: \(lhs.typeName) \(op) \(rhs.typeName)", line, frame)
        }
    }

    func compare(_ op: String, _ lhs: StarlarkValue, _ rhs: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        if lhs.isUnknown || rhs.isUnknown { return .unknown("comparison with an unknown value") }
        let result: Bool?
        switch op {
        case "<": result = lhs.less(than: rhs)
        case ">": result = rhs.less(than: lhs)
        case "<=": result = rhs.less(than: lhs).map { !$0 }
        default: result = lhs.less(than: rhs).map { !$0 }
        }
        return result.map(StarlarkValue.bool) ?? unknown("cannot compare a \(lhs.typeName) with a \(rhs.typeName)", line, frame)
    }

    /// Whether `container` holds `element`; nil when that cannot be known.
    func contains(_ container: StarlarkValue, _ element: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) -> Bool? {
        switch container {
        case .string(let text):
            guard case .string(let part) = element else {
                if !element.isUnknown { warn("'in <string>' needs a string on its left, not a \(element.typeName)", line, frame) }
                return nil
            }
            return Self.find(Array(part.utf8), in: Array(text.utf8)) != nil
        case .dict(let dict): return dict[element] != nil
        case .range(let range):
            guard case .int(let number) = element else { return false }
            return range.contains(number)
        case .unknown: return nil
        case .select(let select): return contains(select.flattened, element, line, frame)
        default:
            guard let elements = container.elements else {
                warn("'in' on a \(container.typeName)", line, frame)
                return nil
            }
            var unknown = false
            for candidate in elements {
                switch candidate.equals(element) {
                case true?: return true
                case nil: unknown = true
                case false?: continue
                }
            }
            return unknown ? nil : false
        }
    }

    func integer(_ op: String, _ a: Int, _ b: Int, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        let result: (Int, Bool)
        switch op {
        case "+": result = a.addingReportingOverflow(b)
        case "-": result = a.subtractingReportingOverflow(b)
        case "*": result = a.multipliedReportingOverflow(by: b)
        case "/": return b == 0 ? unknown("division by zero", line, frame) : .float(Double(a) / Double(b))
        case "//", "%":
            guard b != 0 else { return unknown("division by zero", line, frame) }
            guard !(a == .min && b == -1) else { return unknown("integer overflow", line, frame) }
            // Starlark floors, as Python does: -7 // 2 == -4 and -7 % 2 == 1.
            var quotient = a / b, remainder = a % b
            if remainder != 0 && ((remainder < 0) != (b < 0)) {
                quotient -= 1
                remainder += b
            }
            return .int(op == "//" ? quotient : remainder)
        case "&": return .int(a & b)
        case "|": return .int(a | b)
        case "^": return .int(a ^ b)
        case "<<": return b < 0 || b >= 63 || (a << b) >> b != a ? unknown("shift out of range", line, frame) : .int(a << b)
        case ">>": return b < 0 ? unknown("negative shift", line, frame) : .int(a >> min(b, 63))
        case "**": return power(a, b, line, frame)
        default: return unknown("unsupported operation: int \(op) int", line, frame)
        }
        return result.1 ? unknown("integer overflow in \(op)", line, frame) : .int(result.0)
    }

    func power(_ base: Int, _ exponent: Int, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        guard exponent >= 0 else { return .float(pow(Double(base), Double(exponent))) }
        var result = 1
        for _ in 0..<min(exponent, 64) {
            let (product, overflow) = result.multipliedReportingOverflow(by: base)
            if overflow { return unknown("integer overflow in **", line, frame) }
            result = product
        }
        return exponent > 64 && abs(base) > 1 ? unknown("integer overflow in **", line, frame) : .int(result)
    }

    func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(-exponent) { result /= base }
        return result
    }

    func floating(_ op: String, _ a: Double, _ b: Double, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        switch op {
        case "+": return .float(a + b)
        case "-": return .float(a - b)
        case "*": return .float(a * b)
        case "/": return b == 0 ? unknown("division by zero", line, frame) : .float(a / b)
        case "//": return b == 0 ? unknown("division by zero", line, frame) : .float((a / b).rounded(.down))
        case "%":
            guard b != 0 else { return unknown("division by zero", line, frame) }
            let remainder = a.truncatingRemainder(dividingBy: b)
            return .float(remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder)
        default: return unknown("unsupported operation: float \(op) float", line, frame)
        }
    }

    /// `"ab" * 3`, `[1] * n`: refused past the size limits before anything is built.
    func repeated(_ sequence: StarlarkValue, _ times: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        guard case .int(let count) = times else { return .unknown("repetition") }
        let n = max(count, 0)
        switch sequence {
        case .string(let text):
            let (size, overflow) = text.utf8.count.multipliedReportingOverflow(by: n)
            try checkString(overflow ? .max : size, line, frame)
            return .string(String(repeating: text, count: n))
        case .list(let list):
            let (size, overflow) = list.elements.count.multipliedReportingOverflow(by: n)
            try checkLength(overflow ? .max : size, line, frame)
            return .list(StarlarkList(Array([[StarlarkValue]](repeating: list.elements, count: n).joined())))
        case .tuple(let elements):
            let (size, overflow) = elements.count.multipliedReportingOverflow(by: n)
            try checkLength(overflow ? .max : size, line, frame)
            return .tuple(Array([[StarlarkValue]](repeating: elements, count: n).joined()))
        default: return .unknown("repetition")
        }
    }

    func checkString(_ size: Int, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) {
        if size > limits.maximumStringLength {
            throw StarlarkStop(frame.location(line), "a string of more than \(limits.maximumStringLength) bytes is refused")
        }
    }

    /// `["a"] + select({...})`: a select with the operand as one more part.
    func concatenateSelect(_ lhs: StarlarkValue, _ rhs: StarlarkValue) -> StarlarkValue {
        let parts = { (value: StarlarkValue) -> [StarlarkSelect.Part] in
            if case .select(let select) = value { return select.parts }
            return [.value(value)]
        }
        return .select(StarlarkSelect(parts: parts(lhs) + parts(rhs)))
    }
}

extension StarlarkValue {
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}
