/// Runs one file's statements (a BUILD file, or a .bzl file being loaded) and every
/// function they call, counting steps against the file's budget and time against its
/// deadline. Errors of the file's own making are warnings with an unknown value; running
/// out of budget, `fail()`, or a limit stops the file with an error.
final class StarlarkEvaluator {
    unowned let interpreter: StarlarkInterpreter
    let file: String
    let limits: StarlarkLimits
    var build: StarlarkBuild?
    var steps = 0
    let deadline: ContinuousClock.Instant
    /// The calls in progress, outermost first.
    var stack: [StarlarkCallSite] = []
    /// The functions in progress: calling one again is recursion, which Starlark forbids.
    var active: Set<ObjectIdentifier> = []
    /// How deep expression evaluation and calls are nested right now.
    var depth = 0

    init(interpreter: StarlarkInterpreter, file: String, build: StarlarkBuild?) {
        self.interpreter = interpreter
        self.file = file
        self.limits = interpreter.limits
        self.build = build
        self.deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(interpreter.limits.maximumSeconds * 1000)))
    }

    /// Runs the file's statements at the module's top level; a stop is reported and ends it.
    func run(_ file: StarlarkFile, in module: StarlarkModule) {
        var frame = StarlarkFrame(module: module, locals: nil)
        do {
            for statement in file.statements {
                _ = try execute(statement, in: &frame)
            }
        } catch {
            interpreter.report(error.severity, error.location, error.message)
        }
    }

    /// One more step; past the budget or the deadline, the file stops.
    func step(_ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) {
        steps += 1
        if steps > limits.maximumSteps {
            throw StarlarkStop(frame.location(line), "evaluation of \(file) stopped: more than \(limits.maximumSteps) steps")
        }
        if steps & 1023 == 0, ContinuousClock.now > deadline {
            throw StarlarkStop(frame.location(line), "evaluation of \(file) stopped: more than \(limits.maximumSeconds) s")
        }
    }

    /// A warning about what could not be evaluated, and the unknown value it leaves.
    func unknown(_ message: String, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        warn(message, line, frame)
        return .unknown(message)
    }

    func warn(_ message: String, _ line: Int, _ frame: StarlarkFrame) {
        interpreter.report(.warning, frame.location(line), message)
    }

    func execute(_ statements: [StarlarkStatement], in frame: inout StarlarkFrame) throws(StarlarkStop) -> StarlarkFlow {
        for statement in statements {
            let flow = try execute(statement, in: &frame)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func execute(_ statement: StarlarkStatement, in frame: inout StarlarkFrame) throws(StarlarkStop) -> StarlarkFlow {
        try step(statement.line, frame)
        switch statement {
        case .expression(let expression):
            try discard(expression, in: frame)
        case .assignment(let target, let op, let value, let line):
            try assign(target, operator: op, value: value, line: line, in: &frame)
        case .definition(let definition):
            let function = try define(definition.name, definition.parameters, body: definition.body, line: definition.line, in: frame)
            frame.set(definition.name, .function(function))
        case .return(let value, _):
            return .returned(try value.map { (value) throws(StarlarkStop) in try evaluate(value, in: frame) } ?? StarlarkValue.none)
        case .if(let branches, let otherwise, let line):
            for (condition, body) in branches {
                switch try evaluate(condition, in: frame).truth {
                case true?: return try execute(body, in: &frame)
                case false?: continue
                case nil:
                    warn("condition `\(condition.description)` cannot be evaluated; neither branch is run", line, frame)
                    return .normal
                }
            }
            return try execute(otherwise, in: &frame)
        case .for(let target, let iterable, let body, let line):
            return try loop(target, over: iterable, body: body, line: line, in: &frame)
        case .break: return .breakLoop
        case .continue: return .continueLoop
        case .pass: break
        case .load(let load): try self.load(load, in: &frame)
        }
        return .normal
    }

    /// An expression statement: a call, or a comprehension of calls
    /// (`[cc_library(name = n) for n in names]`), whose value nothing uses.
    func discard(_ expression: StarlarkExpression, in frame: StarlarkFrame) throws(StarlarkStop) {
        switch expression.kind {
        case .call(let callee, let arguments):
            try step(expression.line, frame)
            _ = try call(callee, arguments, line: expression.line, in: frame, discarded: true)
        case .listComprehension(let body, let clauses):
            try step(expression.line, frame)
            var scope = frame.comprehensionScope
            try comprehend(clauses[...], in: &scope, line: expression.line) { (scope) throws(StarlarkStop) in try self.discard(body, in: scope) }
        default:
            _ = try evaluate(expression, in: frame)
        }
    }

    func loop(
        _ target: StarlarkExpression, over iterable: StarlarkExpression, body: [StarlarkStatement], line: Int,
        in frame: inout StarlarkFrame
    ) throws(StarlarkStop) -> StarlarkFlow {
        let sequence = try evaluate(iterable, in: frame)
        guard let elements = try iterate(sequence, line, frame) else { return .normal }
        for element in elements {
            try step(line, frame)
            try bind(target, to: element, line: line, in: &frame)
            switch try execute(body, in: &frame) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: continue
            }
        }
        return .normal
    }

    /// The elements to loop over: a range is walked lazily, never built. Nil (with a
    /// warning) when the value cannot be iterated; nil silently when it is unknown.
    func iterate(_ value: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> AnySequence<StarlarkValue>? {
        switch value {
        case .range(let range): return AnySequence(range.values.lazy.map { StarlarkValue.int($0) })
        case .dict(let dict): return AnySequence(dict.keys)
        case .string:
            warn("a string is not iterable; use .elems()", line, frame)
            return nil
        case .unknown: return nil
        case .select(let select): return AnySequence(select.flattened.elements ?? [])
        default:
            if let elements = value.elements { return AnySequence(elements) }
            warn("cannot iterate over a \(value.typeName)", line, frame)
            return nil
        }
    }

    func define(
        _ name: String, _ parameters: [StarlarkParameter], body: [StarlarkStatement], line: Int, in frame: StarlarkFrame
    ) throws(StarlarkStop) -> StarlarkFunction {
        var bound: [StarlarkBoundParameter] = []
        var keywordOnly = false
        for parameter in parameters {
            switch parameter {
            case .named(let name, let value):
                let defaultValue = try value.map { (value) throws(StarlarkStop) in try evaluate(value, in: frame) }
                bound.append(.named(name, default: defaultValue, keywordOnly: keywordOnly))
            case .star(let name):
                keywordOnly = true
                if let name { bound.append(.star(name)) }
            case .starStar(let name): bound.append(.starStar(name))
            }
        }
        return StarlarkFunction(
            name: name, parameters: bound, body: body, module: frame.module, captured: frame.locals ?? [:],
            location: frame.location(line))
    }

    func load(_ load: StarlarkLoad, in frame: inout StarlarkFrame) throws(StarlarkStop) {
        let location = frame.location(load.line)
        let symbols = resolveLoad(load.module, into: frame.module, location: location)
        for (local, exported) in load.symbols {
            if let symbols {
                if let value = symbols[exported] {
                    frame.set(local, value)
                } else {
                    interpreter.report(.error, location, "load: \(load.module) has no symbol '\(exported)'")
                    frame.set(local, .unknown("'\(exported)' of \(load.module)"))
                }
            } else {
                // Not available here: calling it records a rule under its exported name.
                frame.set(local, .rule(StarlarkRule(kind: exported, origin: .external(load.module))))
            }
        }
    }

    /// The globals of the module a `load()` names (relative to the loading file's repository);
    /// nil for a module of another repository whose files are not at hand, or one not found
    /// (with a warning): its symbols are then stubs.
    func resolveLoad(_ text: String, into loader: StarlarkModule, location: StarlarkLocation) -> [String: StarlarkValue]? {
        guard let label = StarlarkLabel(parsing: text, package: loader.package, repository: loader.repository) else {
            interpreter.report(.error, location, "load: '\(text)' is not a label")
            return nil
        }
        let repository = interpreter.mainRepositoryNames.contains(label.repository) ? "" : label.repository
        guard repository.isEmpty || interpreter.host(ofRepository: repository) != nil else { return nil }
        guard let module = interpreter.module(at: label.path, package: label.package, repository: repository, loadedFrom: location) else {
            let name = StarlarkInterpreter.fileName(label.path, repository: repository)
            if !interpreter.loading.contains(name) {
                interpreter.report(.warning, location, "load: \(name) not found; its symbols record rule calls")
            }
            return nil
        }
        loader.depend(on: module)
        return Dictionary(module.globals.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
