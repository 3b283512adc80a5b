import SwiftSyntax

/// Operators: unfolded sequences of `+`, `..<`, `...`, `??`, `==`, `!=`, `&&`, `||` and
/// ternaries, lists and strings joined by `+`, ranges, and the truth of a condition.
extension ManifestEvaluator {
    /// Unfolded operator sequences: `a + b`, `a ?? b`, `a == b`, `a != b`, `a && b`, `a || b`,
    /// `c ? x : y`, and `as` casts (ignored).
    mutating func valueOfSequence(_ written: [ExprSyntax], _ scope: Scope, _ type: String?, _ passed: inout Bool) -> ManifestValue {
        var elements = written
        while let index = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }) {
            elements.removeSubrange(index...min(index + 1, elements.count - 1))
        }
        guard let first = elements.first else { return .null }
        if elements.count == 1 {
            passed = true
            return value(of: first, scope, expecting: type)
        }
        let at = position(first)
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            let condition = truth(valueOfSequence(Array(elements[..<index]), scope, nil, &passed))
            passed = true
            if condition == true { return value(of: ternary.thenExpression, scope, expecting: type) }
            return valueOfSequence(Array(elements[(index + 1)...]), scope, type, &passed)
        }
        // Lowest precedence first: the last of them splits the sequence.
        let operators = ["||", "&&", "==", "!=", "??", "..<", "...", "+"]
        for op in operators {
            guard let index = elements.lastIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == op }) else { continue }
            var ignored = false
            let operandType = op == "+" || op == "??" ? type : nil
            let lhs = valueOfSequence(Array(elements[..<index]), scope, operandType, &ignored)
            if op == "??", lhs != .null, lhs.unknownReason == nil {
                passed = true
                return lhs
            }
            let rhs = valueOfSequence(Array(elements[(index + 1)...]), scope, operandType, &ignored)
            switch op {
            case "??":
                if lhs == .null { passed = true; return rhs }
                return lhs
            case "+": return Self.concatenate(lhs, rhs, line: at)
            case "..<", "...":
                // A range (a package's version requirement): its bounds, as a call of the operator.
                return .call(ManifestCall(name: op, arguments: [.init(label: nil, value: lhs, line: at), .init(label: nil, value: rhs, line: at)], line: at))
            case "==", "!=":
                if lhs.unknownReason != nil || rhs.unknownReason != nil { return .unknown(reason: "comparison", line: at) }
                return .bool(lhs.sameValue(as: rhs) == (op == "=="))
            case "&&":
                if truth(lhs) == false || truth(rhs) == false { return .bool(false) }
                if let l = truth(lhs), let r = truth(rhs) { return .bool(l && r) }
                return .unknown(reason: "condition", line: at)
            default:
                if truth(lhs) == true || truth(rhs) == true { return .bool(true) }
                if let l = truth(lhs), let r = truth(rhs) { return .bool(l || r) }
                return .unknown(reason: "condition", line: at)
            }
        }
        return .unknown(reason: "`\(elements.map(\.trimmedDescription).joined(separator: " "))`", line: at)
    }

    private static func unknownList(_ call: ManifestCall) -> ManifestValue {
        .unknown(reason: "`\(call.name)(...)` is not known statically", line: call.line)
    }

    static func concatenate(_ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.string(let a, let line), .string(let b, _)): return .string(a + b, line: line)
        case (.array(let a), .unknown): return .array(a + [rhs])
        case (.unknown, .array(let b)): return .array([lhs] + b)
        // A call added to a list is a function Strata does not know that returns a list:
        // keep the list, and the call as what could not be evaluated.
        case (.array(let a), .call(let call)): return .array(a + [unknownList(call)])
        case (.call(let call), .array(let b)): return .array([unknownList(call)] + b)
        default: return .unknown(reason: "`+` of values not known statically", line: line)
        }
    }

    func truth(_ value: ManifestValue) -> Bool? {
        switch value {
        case .bool(let value): value
        default: nil
        }
    }
}
