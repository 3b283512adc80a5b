/// Evaluates manifest expressions: literals, interpolation, local variables, `+`, `||`,
/// comparisons, ternaries and the harmless methods manifests chain (`.to_s`, `.freeze`).
/// What the manifest's DSL answers (`s.version`) comes from `resolve`; everything else
/// (`ENV`, `File.read`, unknown methods) is `.unknown`, naming the construct.
package struct RubyEvaluator {
    package var locals: [String: RubyValue]
    /// Answers calls the DSL defines, such as `s.name`; nil for the others.
    package var resolve: (RubyCall) -> RubyValue?

    package init(locals: [String: RubyValue] = [:], resolve: @escaping (RubyCall) -> RubyValue? = { _ in nil }) {
        self.locals = locals
        self.resolve = resolve
    }

    package func evaluate(_ expression: RubyExpression) -> RubyValue {
        switch expression {
        case .string(let parts, _): return interpolate(parts)
        case .symbol(let name, _): return .symbol(name)
        case .number(let text, _): return .number(text)
        case .boolean(let value, _): return .bool(value)
        case .null: return .null
        case .array(let elements, _):
            return .array(elements.flatMap { element -> [RubyValue] in
                if case .unary("*", let splat, _) = element, case .array(let inner) = evaluate(splat) { return inner }
                return [evaluate(element)]
            })
        case .hash(let entries, _):
            return .hash(entries.map { RubyPair(key: evaluate($0.key), value: evaluate($0.value)) })
        case .name(let name, let line):
            if let value = locals[name] { return value }
            if name == "null" { return .null }  // JSON podspecs
            if let value = resolve(RubyCall(receiver: nil, name: name, arguments: [], block: nil, line: line)) { return value }
            return .unknown("`\(name)`", line: line)
        case .constant(let name, let line):
            return locals[name] ?? .unknown("`\(name)`", line: line)
        case .call(let call):
            if let value = resolve(call) { return value }
            return method(call)
        case .index(let base, let keys, let line):
            let receiver = evaluate(base)
            guard keys.count == 1 else { return .unknown("`\(expression.description)`", line: line) }
            let key = evaluate(keys[0])
            switch (receiver, key) {
            case (.array(let elements), .number(let text)):
                guard let position = Int(text) else { break }
                let index = position < 0 ? elements.count + position : position
                return elements.indices.contains(index) ? elements[index] : .null
            case (.hash, _):
                if let text = key.text { return receiver[text] ?? .null }
            default: break
            }
            return .unknown("`\(expression.description)`", line: line)
        case .binary(let op, let lhs, let rhs, let line):
            return binary(op, evaluate(lhs), rhs, line: line, description: expression.description)
        case .unary(let op, let operand, let line):
            let value = evaluate(operand)
            if op == "!", let truthy = value.truthy { return .bool(!truthy) }
            if op == "-", case .number(let text) = value { return .number(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text) }
            if case .unknown = value { return value }
            return .unknown("`\(expression.description)`", line: line)
        case .ternary(let condition, let whenTrue, let whenFalse, let line):
            switch evaluate(condition).truthy {
            case true?: return evaluate(whenTrue)
            case false?: return evaluate(whenFalse)
            case nil: return .unknown("`\(expression.description)`", line: line)
            }
        case .opaque(let text, let line):
            return .unknown(text, line: line)
        }
    }

    /// `"#{s.name}/Core"`: each `#{}` evaluated and turned into text.
    private func interpolate(_ parts: [RubyStringPart]) -> RubyValue {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .code(let code, let codeLine):
                guard let expression = RubyParser.expression(code, line: codeLine) else {
                    return .unknown("`#{\(code)}`", line: codeLine)
                }
                let value = evaluate(expression)
                switch value {
                case .null: continue
                case .bool(let flag): result += flag ? "true" : "false"
                case .unknown: return value
                default:
                    guard let text = value.text else { return .unknown("`#{\(code)}`", line: codeLine) }
                    result += text
                }
            }
        }
        return .string(result)
    }

    private func binary(_ op: String, _ lhs: RubyValue, _ rhsExpression: RubyExpression, line: Int, description: String) -> RubyValue {
        // `||` and `&&` short-circuit: `ENV['X'] || 'default'` is unknown, `'a' || x` is 'a'.
        if op == "||" || op == "&&" {
            guard let truthy = lhs.truthy else { return lhs }
            if op == "||" { return truthy ? lhs : evaluate(rhsExpression) }
            return truthy ? evaluate(rhsExpression) : lhs
        }
        let rhs = evaluate(rhsExpression)
        if case .unknown = lhs { return lhs }
        if case .unknown = rhs { return rhs }
        switch (op, lhs, rhs) {
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .array(let a), .array(let b)): return .array(a + b)
        case ("-", .array(let a), .array(let b)): return .array(a.filter { !b.contains($0) })
        case ("==", _, _), ("===", _, _): return .bool(lhs == rhs)
        case ("!=", _, _): return .bool(lhs != rhs)
        default: return .unknown("`\(description)`", line: line)
        }
    }

    /// The methods manifests chain on values, which change nothing Strata reads.
    private func method(_ call: RubyCall) -> RubyValue {
        let unknown = RubyValue.unknown("`\(RubyExpression.call(call).description)`", line: call.line)
        guard call.block == nil else { return unknown }
        if call.receiver == nil {
            if call.name == "Array", call.arguments.count == 1 {
                let value = evaluate(call.arguments[0])
                if case .array = value { return value }
                if case .null = value { return .array([]) }
                if case .unknown = value { return value }
                return .array([value])
            }
            return unknown
        }
        let receiver = evaluate(call.receiver!)
        if case .unknown = receiver {
            // `File.read(...)` is the construct to name, not `File`.
            if case .constant? = call.receiver { return unknown }
            return receiver
        }
        switch (call.name, receiver) {
        case ("to_s", _), ("to_str", _):
            if let text = receiver.text { return .string(text) }
            if case .null = receiver { return .string("") }
        case ("freeze", _), ("dup", _), ("clone", _), ("itself", _):
            return receiver
        case ("to_sym", _):
            if let text = receiver.text { return .symbol(text) }
        case ("strip", .string(let text)):
            return .string(String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
        case ("downcase", .string(let text)): return .string(text.lowercased())
        case ("upcase", .string(let text)): return .string(text.uppercased())
        case ("to_a", .array), ("uniq", .array), ("compact", .array), ("flatten", .array):
            guard case .array(let elements) = receiver else { break }
            switch call.name {
            case "uniq": return .array(elements.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
            case "compact": return .array(elements.filter { $0 != .null })
            case "flatten": return .array(elements.flatMap { if case .array(let inner) = $0 { inner } else { [$0] } })
            default: return receiver
            }
        case ("join", .array(let elements)):
            let separator = call.arguments.first.map(evaluate)?.text ?? ""
            let texts = elements.compactMap(\.text)
            if texts.count == elements.count { return .string(texts.joined(separator: separator)) }
        default:
            break
        }
        return unknown
    }
}
