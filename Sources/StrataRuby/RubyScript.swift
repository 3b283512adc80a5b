import StrataModel

/// A helper method a manifest defines with `def`, called later like a DSL word
/// (a Podfile's `def shared_pods ... end`).
package struct RubyMethod {
    package var parameters: [String]
    package var body: [RubyStatement]
}

/// The Ruby that surrounds a DSL (a podspec's or a Podfile's) without being part of it:
/// local variables, `def` helpers, `if`/`unless`/`case`, `each` loops over literal lists.
/// A DSL reader conforms by answering `perform` for its own words; everything else runs
/// here, and what cannot be decided statically becomes a warning naming the line.
package enum RubyScriptLimits {
    /// Statements one podspec or Podfile may run, loops and helpers included.
    package static let statements = 100_000
}

package protocol RubyScript {
    var path: String { get }
    var locals: [String: RubyValue] { get set }
    var methods: [String: RubyMethod] { get set }
    var diagnostics: [Diagnostic] { get set }
    /// How deep helper methods call each other, to stop runaway recursion.
    var callDepth: Int { get set }
    /// The `def` helpers being run: one that calls itself, directly or not, is stopped (in
    /// Ruby it would recurse until the stack overflows; a body calling itself several times
    /// would otherwise take exponential time within any depth bound).
    var calling: Set<String> { get set }
    /// Statements run so far: past `RubyScriptLimits.statements`, the rest is not run.
    var statementsRun: Int { get set }
    /// Handles a call of the DSL (`pod 'A'`, `s.dependency 'A'`, `s.name = 'A'` with the
    /// assigned value); returns false when the call is not part of the DSL.
    mutating func perform(_ call: RubyCall, assigning value: RubyExpression?) -> Bool
    /// Evaluates expressions with the locals and the DSL's own values (`s.version`).
    func evaluator() -> RubyEvaluator
}

extension RubyScript {
    package mutating func warn(_ line: Int?, _ message: String) {
        diagnostics.append(Diagnostic(file: path, line: line.flatMap { $0 > 0 ? $0 : nil }, message: message))
    }

    package func evaluate(_ expression: RubyExpression) -> RubyValue {
        evaluator().evaluate(expression)
    }

    /// Calls that change nothing a manifest declares. (`load` and `eval` do, and are warned
    /// about; what a `require_relative` file defines is warned about where it is used.)
    private static var harmless: Set<String> {
        ["require", "require_relative", "puts", "print", "p", "pp", "warn", "raise", "fail", "abort", "exit", "sleep"]
    }

    package mutating func run(_ statements: [RubyStatement]) {
        for statement in statements { run(statement) }
    }

    package mutating func run(_ statement: RubyStatement) {
        // A bound on the work, whatever the shape: a fuzzed Podfile whose helper called
        // itself on each of 4,000 lines took 1 s, and 7 s at four times the size.
        statementsRun += 1
        guard statementsRun <= RubyScriptLimits.statements else {
            if statementsRun == RubyScriptLimits.statements + 1 {
                warn(statement.line, "more than \(RubyScriptLimits.statements) statements run; the rest was not read")
            }
            return
        }
        switch statement {
        case .unreadable(let construct, let line):
            warn(line, "not understood (\(construct)); skipped")
        case .method(let name, let parameters, let body):
            methods[name] = RubyMethod(parameters: parameters, body: body)
        case .assignment(let target, let value, let op, let line):
            assign(target, value, op: op, line: line)
        case .expression(let expression):
            switch expression {
            case .call(let call):
                self.call(call)
            case .name(let name, let line) where locals[name] == nil:
                self.call(RubyCall(receiver: nil, name: name, arguments: [], block: nil, line: line))
            default:
                break  // a literal or a variable on its own does nothing
            }
        case .conditional(let keyword, let clauses, let line):
            conditional(keyword, clauses, line: line)
        }
    }

    private mutating func assign(_ target: RubyExpression, _ value: RubyExpression, op: String, line: Int) {
        switch target {
        case .name(let name, _), .constant(let name, _):
            let old = locals[name]
            switch op {
            case "=": locals[name] = evaluate(value)
            case "||=": if old?.truthy != true { locals[name] = evaluate(value) }
            case "+=":
                locals[name] = evaluate(.binary("+", old == nil ? .null(line: line) : target, value, line: line))
            default: locals[name] = .unknown("`\(name) \(op) ...`", line: line)
            }
        case .index(.constant("ENV", _), _, _):
            break  // `ENV['COCOAPODS_DISABLE_STATS'] = 'true'`: settings of the pod command
        case .index(.name(let name, _), let keys, _) where locals[name] != nil:
            // `source[:tag] = ...` on a local hash.
            let key = keys.count == 1 ? evaluate(keys[0]).text : nil
            if op == "=", case .hash(var pairs)? = locals[name], let key {
                let assigned = evaluate(value)
                if let index = pairs.firstIndex(where: { $0.key.text == key }) {
                    pairs[index].value = assigned
                } else {
                    pairs.append(RubyPair(key: .symbol(key), value: assigned))
                }
                locals[name] = .hash(pairs)
            } else if case .unknown? = locals[name] {
                return  // stays unknown
            } else {
                locals[name] = .unknown("`\(target.description) \(op) ...`", line: line)
            }
        case .call(let call):
            if op == "=", perform(call, assigning: value) { return }
            if op != "=" {
                warn(line, "`\(target.description) \(op) ...` not understood; skipped")
            } else {
                warn(line, "assignment to `\(target.description)` not understood; skipped")
            }
        default:
            warn(line, "assignment to `\(target.description)` not understood; skipped")
        }
    }

    private mutating func call(_ call: RubyCall) {
        if call.receiver == nil, let method = methods[call.name] {
            invoke(method, call)
            return
        }
        if perform(call, assigning: nil) { return }
        if ["each", "each_with_index", "each_pair"].contains(call.name), let block = call.block, let receiver = call.receiver {
            loop(over: evaluate(receiver), block: block, withIndex: call.name == "each_with_index", line: call.line)
            return
        }
        if call.receiver == nil, Self.harmless.contains(call.name) { return }
        warn(call.line, "`\(RubyExpression.call(call).description)` not understood; skipped")
    }

    /// A `def` helper: its parameters bound to the call's arguments, in a scope of its own.
    private mutating func invoke(_ method: RubyMethod, _ call: RubyCall) {
        guard callDepth < 32, !calling.contains(call.name) else {
            warn(call.line, "`\(call.name)` calls itself; stopped")
            return
        }
        let outer = locals
        var scope: [String: RubyValue] = [:]
        for (index, parameter) in method.parameters.enumerated() {
            scope[parameter] = index < call.arguments.count
                ? evaluate(call.arguments[index]) : .unknown("parameter `\(parameter)` of `\(call.name)`", line: call.line)
        }
        locals = scope
        callDepth += 1
        calling.insert(call.name)
        run(method.body)
        calling.remove(call.name)
        callDepth -= 1
        locals = outer
    }

    /// `%w[A B].each do |name| ... end`: the body once per element of a known list.
    private mutating func loop(over collection: RubyValue, block: RubyBlock, withIndex: Bool, line: Int) {
        var rows: [[RubyValue]]
        switch collection {
        case .array(let elements):
            rows = elements.enumerated().map { index, element in
                if withIndex { return [element, .number(String(index))] }
                if case .array(let parts) = element, block.parameters.count > 1 { return parts }
                return [element]
            }
        case .hash(let pairs):
            rows = pairs.map { [$0.key, $0.value] }
        default:
            let construct = collection.firstUnknown?.construct ?? "the collection"
            warn(line, "loop over \(construct) not evaluated; what it declares is missing")
            return
        }
        let outer = locals
        for row in rows {
            for (index, parameter) in block.parameters.enumerated() {
                locals[parameter] = index < row.count ? row[index] : .null
            }
            run(block.body)
        }
        for parameter in block.parameters { locals[parameter] = outer[parameter] }
    }

    /// `if`/`unless`/`case` run the first clause whose condition holds; a condition that
    /// cannot be evaluated (`ENV['CI']`) is taken as false, with a warning.
    private mutating func conditional(_ keyword: String, _ clauses: [RubyClause], line: Int) {
        switch keyword {
        case "if", "unless", "case":
            for clause in clauses {
                guard let condition = clause.condition else {
                    run(clause.body)
                    return
                }
                let value = evaluate(condition)
                var holds = value.truthy
                if holds == nil {
                    warn(condition.line, "condition \(RubyValue.unevaluated(condition, value)); taken as false")
                    holds = false
                }
                if keyword == "unless" { holds = !holds! }
                if holds! {
                    run(clause.body)
                    return
                }
            }
        case "begin", "rescue":
            if let first = clauses.first { run(first.body) }
        default:
            warn(line, "`\(keyword)` loop not evaluated; what it declares is missing")
        }
    }
}
