/// A Ruby expression as podspecs and Podfiles write them, not yet evaluated: evaluation
/// needs to know what `s.name` or a local variable holds at that point of the manifest.
package indirect enum RubyExpression {
    case string([RubyStringPart], line: Int)
    case symbol(String, line: Int)
    case number(String, line: Int)
    case boolean(Bool, line: Int)
    case null(line: Int)
    case array([RubyExpression], line: Int)
    case hash([RubyHashEntry], line: Int)
    /// A bare name: a local variable, or a method called without receiver and arguments.
    case name(String, line: Int)
    /// `Pod::Spec`, `ENV`.
    case constant(String, line: Int)
    case call(RubyCall)
    /// `ENV['CI']`, `list[0]`.
    case index(RubyExpression, [RubyExpression], line: Int)
    /// `a + b`, `a || b`, `a == b`.
    case binary(String, RubyExpression, RubyExpression, line: Int)
    /// `!a`, `not a`, `-a`, `defined?(a)`.
    case unary(String, RubyExpression, line: Int)
    case ternary(RubyExpression, RubyExpression, RubyExpression, line: Int)
    /// A lambda, a regex, a range: parsed past, never evaluated.
    case opaque(String, line: Int)

    package var line: Int {
        switch self {
        case .string(_, let line), .symbol(_, let line), .number(_, let line), .boolean(_, let line), .null(let line),
            .array(_, let line), .hash(_, let line), .name(_, let line), .constant(_, let line), .index(_, _, let line),
            .binary(_, _, _, let line), .unary(_, _, let line), .ternary(_, _, _, let line), .opaque(_, let line):
            line
        case .call(let call): call.line
        }
    }

    /// How the expression reads in a message: `s.version.to_s`, `ENV['CI']`.
    package var description: String {
        switch self {
        case .string(let parts, _): "\"\(RubyLexer.text(of: parts))\""
        case .symbol(let name, _): ":\(name)"
        case .number(let text, _): text
        case .boolean(let value, _): value ? "true" : "false"
        case .null: "nil"
        case .array(let elements, _):
            "[" + elements.prefix(2).map(\.description).joined(separator: ", ") + (elements.count > 2 ? ", ...]" : "]")
        case .hash: "{...}"
        case .name(let name, _), .constant(let name, _): name
        case .call(let call): (call.receiver.map { $0.description + "." } ?? "") + call.name + (call.arguments.isEmpty ? "" : "(...)")
        case .index(let base, let keys, _): base.description + "[" + keys.map(\.description).joined(separator: ", ") + "]"
        case .binary(let op, let lhs, let rhs, _): "\(lhs.description) \(op) \(rhs.description)"
        case .unary(let op, let operand, _): op + operand.description
        case .ternary(let condition, _, _, _): condition.description + " ? ... : ..."
        case .opaque(let text, _): text
        }
    }
}

/// `key => value` or `key: value`; the key of `path: '..'` is the symbol `path`.
package struct RubyHashEntry {
    package var key: RubyExpression
    package var value: RubyExpression
}

/// A method call: `s.dependency 'A', '~> 1.0'`, `pod('A', path: '..')`,
/// `target 'App' do ... end`.
package struct RubyCall {
    package var receiver: RubyExpression?
    package var name: String
    package var arguments: [RubyExpression]
    package var block: RubyBlock?
    package var line: Int

    /// The value of a `key => value` or `key:` argument, wherever the hash is.
    package func option(_ key: String) -> RubyExpression? {
        for case .hash(let entries, _) in arguments {
            for entry in entries {
                switch entry.key {
                case .symbol(let name, _) where name == key: return entry.value
                case .string(let parts, _) where RubyLexer.text(of: parts) == key: return entry.value
                default: continue
                }
            }
        }
        return nil
    }

    /// The arguments that are not `key => value` options.
    package var positional: [RubyExpression] {
        arguments.filter { if case .hash = $0 { return false } else { return true } }
    }
}

/// A `do |a, b| ... end` or `{ |a| ... }` block.
package struct RubyBlock {
    package var parameters: [String]
    package var body: [RubyStatement]
}

/// One statement of a manifest.
package indirect enum RubyStatement {
    case expression(RubyExpression)
    /// `s.name = 'A'`, `version = '1.0'`, `x ||= y`.
    case assignment(target: RubyExpression, value: RubyExpression, operator: String, line: Int)
    /// `def name(a, b) ... end`.
    case method(name: String, parameters: [String], body: [RubyStatement])
    /// `if`/`unless`/`while`/`until`/`case`/`for`/`begin` with their clauses in order
    /// (`elsif`, `else`, `when`, `rescue`); an `else` clause has no condition.
    case conditional(keyword: String, clauses: [RubyClause], line: Int)
    /// A construct the parser could not read, recorded so the reader can name it.
    case unreadable(String, line: Int)

    /// Where it starts; nil for a `def`, which records no line.
    package var line: Int? {
        switch self {
        case .expression(let expression): expression.line
        case .assignment(_, _, _, let line), .conditional(_, _, let line), .unreadable(_, let line): line
        case .method: nil
        }
    }
}

/// One branch of a conditional: `elsif cond` with its statements, or a final `else`.
package struct RubyClause {
    package var condition: RubyExpression?
    package var body: [RubyStatement]
}
