/// Calls: arguments evaluated (`*args` and `**kwargs` spread), then a defined function run,
/// a builtin answered, or a rule recorded.
extension StarlarkEvaluator {
    /// A call; `discarded` when it is a statement of its own, whose value nothing uses: only
    /// such a call of a rule is recorded (a rule returns None; a function of another
    /// repository whose value is used, `copts = local_includes("x")`, is a helper).
    func call(
        _ callee: StarlarkExpression, _ arguments: [StarlarkArgument], line: Int, in frame: StarlarkFrame, discarded: Bool = false
    ) throws(StarlarkStop) -> StarlarkValue {
        let function: StarlarkValue
        if case .identifier(let name) = callee.kind, frame.lookup(name) == nil, StarlarkBuiltins.global(name) == nil {
            // A name Bazel provides that this evaluator does not (cc_library, filegroup,
            // config_setting, a rule of a newer Bazel): recorded as a rule call.
            function = .rule(StarlarkRule(kind: name, origin: .native))
        } else {
            function = try evaluate(callee, in: frame)
        }
        let values = try evaluate(arguments, line, frame)
        if case .rule(let rule) = function {
            guard discarded else { return .unknown("\(rule.kind)(...), whose value is used, so not a rule") }
            return record(rule, values, line: line, frame: frame)
        }
        return try call(function, values, line: line, frame: frame)
    }

    func evaluate(_ arguments: [StarlarkArgument], _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkArguments {
        var result = StarlarkArguments()
        for argument in arguments {
            switch argument {
            case .positional(let expression): result.positional.append(try evaluate(expression, in: frame))
            case .keyword(let name, let expression): result.keywords.append((name, try evaluate(expression, in: frame)))
            case .star(let expression):
                let value = try evaluate(expression, in: frame)
                if let elements = value.elements { result.positional += elements } else if !value.isUnknown {
                    warn("*args must be a list or tuple, not a \(value.typeName)", line, frame)
                }
            case .starStar(let expression):
                let value = try evaluate(expression, in: frame)
                guard case .dict(let dict) = value else {
                    if !value.isUnknown { warn("**kwargs must be a dict, not a \(value.typeName)", line, frame) }
                    continue
                }
                for (key, value) in dict.entries {
                    if case .string(let name) = key { result.keywords.append((name, value)) } else { warn("**kwargs keys must be strings", line, frame) }
                }
            }
        }
        return unique(result, line, frame)
    }

    /// The arguments with each keyword once: one given twice (`name = x, **kwargs` holding a
    /// `name` too) is an error in Starlark; here a warning, the last value kept.
    func unique(_ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) -> StarlarkArguments {
        var seen: Set<String> = []
        guard arguments.keywords.contains(where: { !seen.insert($0.name).inserted }) else { return arguments }
        var result = arguments
        result.keywords = []
        for (index, keyword) in arguments.keywords.enumerated() {
            if arguments.keywords[(index + 1)...].contains(where: { $0.name == keyword.name }) {
                warn("argument '\(keyword.name)' given twice; the last value is kept", line, frame)
            } else {
                result.keywords.append(keyword)
            }
        }
        return result
    }

    func call(_ function: StarlarkValue, _ arguments: StarlarkArguments, line: Int, frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        switch function {
        case .function(let defined): return try invoke(defined, arguments, line: line, frame: frame)
        case .builtin(let builtin): return try callBuiltin(builtin, arguments, line, frame)
        case .rule(let rule): return record(rule, arguments, line: line, frame: frame)
        case .unknown: return function
        default: return unknown("a \(function.typeName) is not callable", line, frame)
        }
    }

    func invoke(_ function: StarlarkFunction, _ arguments: StarlarkArguments, line: Int, frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let identity = ObjectIdentifier(function)
        guard !active.contains(identity) else {
            interpreter.report(.error, frame.location(line), "function \(function.name) called recursively (Starlark forbids recursion)")
            return .unknown("recursive call of \(function.name)")
        }
        guard stack.count < limits.maximumCallDepth else {
            throw StarlarkStop(frame.location(line), "calls nested more than \(limits.maximumCallDepth) deep")
        }
        let locals = bind(arguments, to: function, line: line, frame: frame)
        active.insert(identity)
        stack.append(StarlarkCallSite(function: function.name, location: frame.location(line)))
        defer {
            active.remove(identity)
            stack.removeLast()
        }
        var inner = StarlarkFrame(module: function.module, locals: locals)
        if case .returned(let value) = try execute(function.body, in: &inner) { return value }
        return .none
    }

    /// The function's locals once its parameters receive the arguments; a missing or
    /// unexpected argument is a warning (a missing one is unknown).
    func bind(_ arguments: StarlarkArguments, to function: StarlarkFunction, line: Int, frame: StarlarkFrame) -> [String: StarlarkValue] {
        var locals = function.captured
        var next = 0
        var consumed: Set<String> = []
        var starred = false, doubleStarred = false
        for parameter in function.parameters {
            switch parameter {
            case .named(let name, let defaultValue, let keywordOnly):
                if !keywordOnly && next < arguments.positional.count {
                    locals[name] = arguments.positional[next]
                    next += 1
                } else if let keyword = arguments.keywords.last(where: { $0.name == name }) {
                    locals[name] = keyword.value
                } else if let defaultValue {
                    locals[name] = defaultValue
                } else {
                    locals[name] = unknown("\(function.name)() missing argument '\(name)'", line, frame)
                }
                consumed.insert(name)
            case .star(let name):
                starred = true
                locals[name] = .tuple(Array(arguments.positional.dropFirst(next)))
                next = arguments.positional.count
            case .starStar(let name):
                doubleStarred = true
                let extra = StarlarkDict()
                for keyword in arguments.keywords where !consumed.contains(keyword.name) { extra[.string(keyword.name)] = keyword.value }
                locals[name] = .dict(extra)
            }
        }
        if !starred && next < arguments.positional.count {
            warn("\(function.name)() takes \(next) positional arguments but got \(arguments.positional.count)", line, frame)
        }
        if !doubleStarred, let extra = arguments.keywords.first(where: { !consumed.contains($0.name) }) {
            warn("\(function.name)() got an unexpected keyword argument '\(extra.name)'", line, frame)
        }
        return locals
    }

    /// A rule call of the BUILD file being evaluated: its keyword arguments as attributes,
    /// and the calls that led to it.
    func record(_ rule: StarlarkRule, _ arguments: StarlarkArguments, line: Int, frame: StarlarkFrame) -> StarlarkValue {
        let kind = rule.kind.isEmpty ? "rule" : rule.kind
        // While a .bzl file loads there is no package to record into: what it calls at its
        // top level is a Bazel function this evaluator does not know (`use_cpp_toolchain()`)
        // or a helper of another repository (`analysistest.make`). Its value is unknown.
        guard build != nil else { return .unknown("\(kind)(), called while loading a .bzl file") }
        if !arguments.positional.isEmpty { warn("\(kind)() takes keyword arguments only; positional ones are ignored", line, frame) }
        let site = StarlarkCallSite(function: kind, location: frame.location(line))
        build?.rules.append(StarlarkRuleCall(kind: kind, origin: rule.origin, attributes: arguments.keywords, stack: stack + [site]))
        return .none
    }
}
