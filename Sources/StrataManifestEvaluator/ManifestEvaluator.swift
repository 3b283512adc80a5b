import StrataParsing
import StrataSourceTree
import SwiftIfConfig
import SwiftSyntax

/// Evaluates a Swift manifest statically: its top level statement by statement, with the
/// declarations of its helper files in scope. Nothing is compiled or run.
///
/// Understood: `let`/`var` bindings; literals, string interpolation, arrays and `+`; calls
/// kept as `ManifestCall` values; `#if` and `if` (environment variables read as unset, as a
/// plain build sees them, and noted in `environmentReads`); ternaries; `x.append(...)`, `x += ...` and `x = ...` on variables
/// and their arguments (`package.targets.append(...)`); enums (cases, raw values, `allCases`,
/// computed properties and methods that `switch self`), structs (memberwise and written
/// initializers, computed properties, methods), protocol extensions, static members and
/// functions of any type, chosen by argument labels and by the type the context expects
/// (`.feature(...)` in `targets:` is `Target.feature`), bodies of several statements (`let`,
/// `var`, `if`/`if let`, `guard`, `switch`, `for`, `return`), closures for `map`, `flatMap`,
/// `compactMap`, `filter`, `reduce`, common `String` methods, `??`, tuples (built, read by label
/// and position, taken apart).
///
/// Everything else becomes `.unknown` with a reason and line, or a skipped statement.
package struct ManifestEvaluator {
    /// Lines in values are positions: `file × fileStride + line`, file 0 being the manifest, so
    /// that a manifest read alone has plain line numbers. `location(of:)` decodes them.
    package static let fileStride = 1 << 24

    /// The manifest's top-level constants and variables, as its statements left them.
    package private(set) var variables: [String: ManifestValue] = [:]
    /// Statements that could not be evaluated and look like they define targets or products.
    package private(set) var skipped: [(line: Int, reason: String)] = []
    /// Conditions that could not be decided and were taken as false.
    package private(set) var assumptions: [(line: Int, reason: String)] = []
    /// What kept the parser from reading all of a file: syntax errors, nesting too deep.
    package private(set) var problems: [(line: Int, reason: String)] = []
    /// Environment variables the manifest read, each taken as unset, with the first line of
    /// the manifest that read it.
    package private(set) var environmentReads: [(line: Int, name: String)] = []

    /// The types arguments of unknown calls have, by label (`product:` is a `Product`): what
    /// implicit members such as `.feature(...)` written there belong to.
    let argumentTypes: [String: String]
    /// What `#if` sees where the manifest is compiled and run (`ManifestHost` in discovery).
    let manifestConfiguration: any BuildConfiguration
    var files: [(path: String, lines: LineTable)] = []
    var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    var declarations = ManifestDeclarations()
    var variableOrigins: [String: Int] = [:]
    var variableTypes: [String: String] = [:]
    var depth = 0
    /// Positions of the manifest's own top-level expressions being evaluated, innermost last:
    /// the lines a helper's result is reported at.
    var sites: [Int] = []
    /// How many function and property bodies are being evaluated: expressions inside them are
    /// not sites, even in the manifest itself.
    var bodies = 0
    /// Functions being evaluated: manifests do not recurse, so a call back into one is a
    /// helper shadowing a built-in of the same name.
    var active: Set<SyntaxIdentifier> = []
    /// Changes made through a variable to a target listed elsewhere, bounded: each walks
    /// every top-level value.
    var sharedUpdates = 0
    /// Names a `for` loop binds, whose changes the loop writes back itself.
    var loopVariables: Set<String> = []
    /// Where the value the last `value(of:)` returned was written.
    var origin = 0
    /// The declared types of what the last `switch` pattern bound from enum payloads.
    var bindingTypes: [String: String] = [:]

    /// Evaluates `sources[0]` with the declarations of the other sources (helper files) in
    /// scope, its `#if` decided as the compiler decides them in `configuration`.
    package init(sources: [(path: String, source: [UInt8])], argumentTypes: [String: String] = [:], configuration: any BuildConfiguration) {
        self.argumentTypes = argumentTypes
        manifestConfiguration = configuration
        var trees: [SourceFileSyntax] = []
        for (index, file) in sources.enumerated() {
            let parsed = BoundedParse(file.source)
            files.append((file.path, parsed.lines))  // offsets in what was parsed
            fileOfRoot[Syntax(parsed.tree).id] = index
            trees.append(parsed.tree)
            for problem in parsed.problems { problems.append((index * Self.fileStride + (problem.line ?? 1), problem.message)) }
        }
        let configuration = manifestConfiguration
        for (index, tree) in trees.enumerated() {
            declarations.collect(tree.statements, helper: index > 0) { Self.chosenClause($0, in: configuration) }
        }
        if let manifest = trees.first {
            var scope = Scope()
            scope.topLevel = true
            _ = execute(manifest.statements, &scope)
        }
    }

    /// The file (as given to `init`) and line of a position.
    package func location(of position: Int) -> (file: String, line: Int) {
        let index = position / Self.fileStride
        return (index < files.count ? files[index].path : "", position % Self.fileStride)
    }

    func position(_ node: some SyntaxProtocol) -> Int {
        let file = fileOfRoot[node.root.id] ?? 0
        return file * Self.fileStride + files[file].lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// What is visible where an expression is evaluated.
    struct Scope {
        var values: [String: ManifestValue] = [:]
        var origins: [String: Int] = [:]
        /// Declared types of parameters and annotated bindings.
        var types: [String: String] = [:]
        /// Local computed variables and functions.
        var computed: [String: ManifestDeclarations.Member] = [:]
        var functions: [String: [FunctionDeclSyntax]] = [:]
        /// Inside a method or property: the instance, and its type (the type alone in a
        /// static member).
        var selfValue: ManifestValue?
        var selfType: String?
        var returnType: String?
        /// The manifest's top level, whose bindings are `variables`.
        var topLevel = false
    }

    enum Flow {
        case normal, returned(ManifestValue), broke, continued
    }

    // MARK: - Statements

    mutating func execute(_ statements: CodeBlockItemListSyntax, _ scope: inout Scope) -> Flow {
        for item in statements {
            let flow = execute(item, &scope)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    mutating func execute(_ item: CodeBlockItemSyntax, _ scope: inout Scope) -> Flow {
        switch item.item {
        case .decl(let decl):
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if destructure(binding, &scope) { continue }
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation.map { qualify(ManifestDeclarations.typeName($0.type), in: scope.selfType) }
                    if let accessor = binding.accessorBlock {
                        if !scope.topLevel, let body = ManifestDeclarations.body(of: accessor) {
                            scope.computed[name] = ManifestDeclarations.Member(body: body, type: type)
                        }
                        continue
                    }
                    if let type { declare(name, type: type, in: &scope) }
                    if let initial = binding.initializer?.value {
                        let value = conform(self.value(of: initial, scope, expecting: type), to: type)
                        bind(name, value, origin: origin, in: &scope)
                    }
                }
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = Self.chosenClause(ifConfig, in: manifestConfiguration)?.elements {
                    return execute(inner, &scope)
                }
            } else if !scope.topLevel, let function = decl.as(FunctionDeclSyntax.self) {
                scope.functions[function.name.text, default: []].append(function)
            }
        case .stmt(let stmt):
            if let expression = stmt.as(ExpressionStmtSyntax.self)?.expression {
                return executeExpression(expression, &scope, statement: Syntax(stmt))
            }
            if let node = stmt.as(ReturnStmtSyntax.self) {
                return .returned(node.expression.map { value(of: $0, scope, expecting: scope.returnType) } ?? .null)
            }
            if let node = stmt.as(GuardStmtSyntax.self) {
                let condition = decide(node.conditions, &scope, at: position(node), what: "guard")
                return condition == true ? .normal : execute(node.body.statements, &scope)
            }
            if let node = stmt.as(ForStmtSyntax.self) { return loop(node, &scope) }
            if let node = stmt.as(DoStmtSyntax.self) { return execute(node.body.statements, &scope) }
            if stmt.is(BreakStmtSyntax.self) { return .broke }
            if stmt.is(ContinueStmtSyntax.self) { return .continued }
            skip(stmt)
        case .expr(let expr):
            return executeExpression(expr, &scope, statement: Syntax(expr))
        }
        return .normal
    }

    mutating func executeExpression(_ expr: ExprSyntax, _ scope: inout Scope, statement: Syntax) -> Flow {
        if let node = expr.as(IfExprSyntax.self) { return executeIf(node, &scope) }
        if let node = expr.as(SwitchExprSyntax.self) {
            guard let statements = chooseCase(node, &scope) else { return .normal }
            let flow = execute(statements, &scope)
            if case .broke = flow { return .normal }
            return flow
        }
        if let call = expr.as(FunctionCallExprSyntax.self), forEach(call, &scope) { return .normal }
        if !mutate(expr, &scope) { skip(statement) }
        return .normal
    }

    mutating func executeIf(_ node: IfExprSyntax, _ scope: inout Scope) -> Flow {
        let condition = decide(node.conditions, &scope, at: position(node), what: "if")
        if condition == true {
            return execute(node.body.statements, &scope)
        } else if let elseBody = node.elseBody {
            switch elseBody {
            case .codeBlock(let block): return execute(block.statements, &scope)
            case .ifExpr(let nested): return executeIf(nested, &scope)
            }
        }
        return .normal
    }

    /// The truth of `if`/`guard` conditions; `if let` binds. Undecidable conditions are
    /// recorded as assumed false.
    mutating func decide(_ conditions: ConditionElementListSyntax, _ scope: inout Scope, at: Int, what: String) -> Bool? {
        var result: Bool? = true
        loop: for element in conditions {
            switch element.condition {
            case .expression(let expr):
                let truth = self.truth(value(of: expr, scope))
                if truth == false { result = false; break loop }
                if truth == nil { result = nil }
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { result = nil; break loop }
                let bound = binding.initializer.map { value(of: $0.value, scope) } ?? lookUp(name, scope)?.value ?? .null
                if case .null = bound { result = false; break loop }
                if bound.unknownReason != nil { result = nil; continue }
                bind(name, bound, origin: origin, in: &scope)
            default:
                result = nil
                break loop
            }
        }
        if result == nil {
            assumptions.append((at, "`\(what) \(conditions.trimmedDescription)` could not be decided statically; assumed false"))
        }
        return result
    }

    mutating func loop(_ node: ForStmtSyntax, _ scope: inout Scope) -> Flow {
        let sequence = value(of: node.sequence, scope)
        guard case .array(let items) = sequence else {
            skip(node)
            return .normal
        }
        let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        if name == nil, !node.pattern.is(WildcardPatternSyntax.self), !node.pattern.is(TuplePatternSyntax.self) {
            skip(node)
            return .normal
        }
        let source = Self.path(node.sequence)
        var changed: [Int: ManifestValue] = [:]
        let outerLoop = name.map { loopVariables.insert($0).inserted } ?? false
        defer {
            if outerLoop, let name { loopVariables.remove(name) }
            if let source { writeBack(changed, to: source, &scope) }
        }
        for (index, item) in items.enumerated() {
            if let name {
                bind(name, item, origin: position(node.pattern), in: &scope)
            } else {
                bindPattern(node.pattern, item, origin: position(node.pattern), in: &scope)
            }
            if let whereClause = node.whereClause, truth(value(of: whereClause.condition, scope)) != true { continue }
            let flow = execute(node.body.statements, &scope)
            if let name, let value = lookUp(name, scope)?.value, case .call = value, value != item { changed[index] = value }
            switch flow {
            case .broke: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continued: continue
            }
        }
        return .normal
    }

    /// `list.forEach { target in target.dependencies += [...] }`, as a statement.
    mutating func forEach(_ call: FunctionCallExprSyntax, _ scope: inout Scope) -> Bool {
        guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "forEach",
            let base = callee.base, let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            case .array(let items) = value(of: base, scope)
        else { return false }
        let name = Self.parameterNames(of: closure).first ?? "$0"
        var changed: [Int: ManifestValue] = [:]
        let added = [name, "$0"].filter { loopVariables.insert($0).inserted }
        defer { loopVariables.subtract(added) }
        for (index, item) in items.enumerated() {
            var inner = scope
            inner.topLevel = false
            let bindings = Self.closureBindings([item], closure)
            for (key, value) in bindings { inner.values[key] = value }
            _ = execute(closure.statements, &inner)
            // Changes to the manifest's own variables made inside the closure stay.
            for (key, value) in inner.values where !bindings.contains(where: { $0.name == key }) && scope.values[key] != nil { scope.values[key] = value }
            // A closure that takes a tuple apart changes no element of the list.
            if !bindings.contains(where: { $0.name == "$1" }), let value = inner.values[name], case .call = value, value != item { changed[index] = value }
        }
        if let source = Self.path(base) { writeBack(changed, to: source, &scope) }
        return true
    }

    /// A loop over `package.targets` that changes its elements changes the targets:
    /// PackageDescription's `Target`, `Product` and `Package.Dependency` are classes, and
    /// Swift lets a loop change its element only when it is one. Written once, after the
    /// loop (once per element made a loop over 12,000 targets quadratic).
    mutating func writeBack(_ changed: [Int: ManifestValue], to source: [String], _ scope: inout Scope) {
        guard !changed.isEmpty else { return }
        update(source, in: &scope) { current in
            guard case .array(var items)? = current else { return current ?? .null }
            for (index, value) in changed where items.indices.contains(index) { items[index] = value }
            return .array(items)
        }
    }

    /// `ProcessInfo.processInfo.environment`, `Context.environment` as a value (`let env = ...`),
    /// and its `keys`: what reads through them read an unset variable.
    static let environment = "#environment", environmentKeys = "#environment.keys"
    /// A dictionary literal with string keys, kept as a call whose labels are the keys.
    package static let dictionary = "#dictionary"

    /// Notes that the manifest read an environment variable, which a plain build sees unset.
    mutating func readEnvironment(_ name: String, at: Int) {
        guard !environmentReads.contains(where: { $0.name == name }) else { return }
        environmentReads.append((sites.first ?? at, name))
    }

    /// One note for the manifest: which variables it read as unset, at the first line that read one.
    package var environmentNote: (line: Int, message: String)? {
        guard let first = environmentReads.first else { return nil }
        let names = environmentReads.map(\.name)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return (first.line, "\(list) read as unset, as a plain build sees \(names.count == 1 ? "it" : "them")")
    }

    /// Records a statement that was not evaluated when it could add targets or products.
    mutating func skip(_ node: some SyntaxProtocol) {
        let text = node.trimmedDescription
        let adds = ["targets.append", "targets +=", "products.append", "products +=", "targets =", "products ="]
        let defines = [".target(", ".executableTarget(", ".testTarget(", ".library(", ".executable(", ".macro(", ".plugin(", "Target("]
        guard adds.contains(where: text.contains) || defines.contains(where: text.contains) else { return }
        let kind = text.split(separator: " ").first.map(String.init) ?? "statement"
        skipped.append((position(node), "`\(kind)` statement not evaluated statically"))
    }

    // MARK: - Bindings and mutation

    mutating func bind(_ name: String, _ value: ManifestValue, origin: Int, in scope: inout Scope) {
        if scope.topLevel {
            variables[name] = value
            variableOrigins[name] = origin
        } else {
            scope.values[name] = value
            scope.origins[name] = origin
        }
    }

    mutating func declare(_ name: String, type: String, in scope: inout Scope) {
        if scope.topLevel { variableTypes[name] = type } else { scope.types[name] = type }
    }

    func lookUp(_ name: String, _ scope: Scope) -> (value: ManifestValue, origin: Int?)? {
        if let value = scope.values[name] { return (value, scope.origins[name]) }
        if let value = variables[name] { return (value, variableOrigins[name]) }
        return nil
    }

    func declaredType(_ name: String, _ scope: Scope) -> String? {
        scope.types[name] ?? variableTypes[name]
    }

    /// The declared type of `x.property` (or `self.property`) when `x` is a manifest struct:
    /// what `x.sources = .interface` assigns a member of.
    func propertyType(_ path: [String], _ scope: Scope) -> String? {
        guard path.count == 2 else { return nil }
        let owner = path[0] == "self" ? scope.selfValue : lookUp(path[0], scope)?.value
        guard case .call(let call)? = owner, let type = declarations.type(named: call.name) else { return nil }
        return type.storedProperties.first { $0.name == path[1] }?.type
    }

    /// `x.append(e)`, `x.append(contentsOf: e)`, `x.insert(e, at:)`, `x += e`, `x = e`, with `x`
    /// a variable, a variable's argument (`package.targets`) or a property of `self`.
    mutating func mutate(_ expr: ExprSyntax, _ scope: inout Scope) -> Bool {
        if let call = expr.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["append", "insert"].contains(callee.declName.baseName.text),
            let base = callee.base, let path = Self.path(base),
            let argument = call.arguments.first
        {
            let element = ManifestDeclarations.elementType(path.count == 1 ? declaredType(path[0], scope) : nil)
            let contents = argument.label?.text == "contentsOf"
            let value = self.value(of: argument.expression, scope, expecting: contents ? nil : element)
            let addition: ManifestValue = contents ? value : .array([value])
            let at = position(expr)
            let prepend = callee.declName.baseName.text == "insert"
            update(path, in: &scope) { prepend ? Self.concatenate(addition, $0 ?? .array([]), line: at) : Self.concatenate($0 ?? .array([]), addition, line: at) }
            return true
        }
        // `x = a + b` is one sequence: the target, the operator, then the value's own elements.
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
            let elements = Array(sequence.elements)
            guard let path = Self.path(elements[0]) else { return false }
            let type = path.count == 1 ? declaredType(path[0], scope) : propertyType(path, scope)
            func rightHandSide() -> ManifestValue {
                if elements.count == 3 { return value(of: elements[2], scope, expecting: type) }
                var passed = false
                return valueOfSequence(Array(elements[2...]), scope, type, &passed)
            }
            if let op = elements[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "+=" {
                let value = rightHandSide()
                let at = position(expr)
                update(path, in: &scope) { Self.concatenate($0 ?? .array([]), value, line: at) }
                return true
            }
            if elements[1].is(AssignmentExprSyntax.self) {
                let value = rightHandSide()
                let at = origin
                update(path, in: &scope, origin: at) { _ in value }
                if path.count == 1, scope.topLevel { variableOrigins[path[0]] = at }
                if path.count == 1, !scope.topLevel, scope.values[path[0]] != nil { scope.origins[path[0]] = at }
                return true
            }
        }
        return false
    }

    mutating func update(_ path: [String], in scope: inout Scope, origin: Int = 0, _ transform: (ManifestValue?) -> ManifestValue) {
        guard let name = path.first else { return }
        if name == "self" {
            guard path.count == 2, case .call(var call)? = scope.selfValue else { return }
            call.set(path[1], transform(call[path[1]]), line: origin)
            scope.selfValue = .call(call)
            return
        }
        let local = scope.values[name] != nil
        let current = local ? scope.values[name] : variables[name]
        // In an initializer, `name = value` sets a property of `self`.
        if current == nil, path.count == 1, case .call(var call)? = scope.selfValue,
            declarations.type(named: scope.selfType)?.storedProperties.contains(where: { $0.name == name }) == true
        {
            call.set(name, transform(call[name]), line: origin)
            scope.selfValue = .call(call)
            return
        }
        let updated: ManifestValue
        if path.count == 1 {
            updated = transform(current)
        } else if path.count == 2, case .call(var call)? = current {
            call.set(path[1], transform(call[path[1]]), line: origin)
            updated = .call(call)
        } else {
            return
        }
        if local || (!scope.topLevel && variables[name] == nil) { scope.values[name] = updated } else { variables[name] = updated }
        // `let cli = Target.executableTarget(...)` listed in `targets:`, then
        // `cli.dependencies.append(...)`: the same object, changed wherever it is listed.
        if path.count == 2, case .call(let old)? = current, Self.sharedKinds.contains(old.name), sharedUpdates < 256,
            !loopVariables.contains(name)
        {
            sharedUpdates += 1
            for (key, value) in variables where key != name { variables[key] = value.replacing(.call(old), with: updated) }
        }
    }

    /// PackageDescription's classes: a variable holding one and a list holding it share it.
    static let sharedKinds: Set<String> = Set(targetTypes.keys).union(["library", "executable", "plugin", "package"])

    /// `a.b.c` as `["a", "b", "c"]`, or with `implicit` the implicit member chain `.a.b.c`;
    /// nil for anything else, or more than 32 names. Iterative and bounded: a fuzzed manifest
    /// of 3,500 `.name` lines in a row, one member chain, took 41 s when each level rebuilt
    /// its base's path recursively (and `.e .e .e …` 5,000 long, 10 s).
    static func path(_ expr: ExprSyntax, implicit: Bool = false) -> [String]? {
        var names: [String] = []
        var expr = expr
        while names.count < 32 {
            if !implicit, let reference = expr.as(DeclReferenceExprSyntax.self) {
                names.append(reference.baseName.text)
                return names.reversed()
            }
            guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
            names.append(member.declName.baseName.text)
            guard let base = member.base else { return implicit ? names.reversed() : nil }
            expr = base
        }
        return nil
    }

    // MARK: - Expressions

    /// The value of an expression, and in `origin` where that value was written.
    mutating func value(of expr: ExprSyntax, _ scope: Scope, expecting type: String? = nil) -> ManifestValue {
        let at = position(expr)
        depth += 1
        defer { depth -= 1 }
        guard depth < 150 else {
            origin = at
            return .unknown(reason: "expression nested too deeply", line: at)
        }
        let inManifest = at < Self.fileStride && bodies == 0
        if inManifest { sites.append(at) }
        defer { if inManifest { sites.removeLast() } }
        var passed = false
        let result = valueInside(expr, scope, type, at, &passed)
        if !passed { origin = at }
        return result
    }

    /// `passed` is set when the value comes from elsewhere (a variable, a parameter, a
    /// function's result), whose `origin` is then already set.
    mutating func valueInside(_ expr: ExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        if let literal = expr.as(StringLiteralExprSyntax.self) { return valueOfString(literal, scope, at) }
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(ManifestValue.int)
                ?? .unknown(reason: "integer", line: at)
        }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .null }
        if let dictionary = expr.as(DictionaryExprSyntax.self) {
            // `["SWIFT_VERSION": "5.0"]`: string keys as labels, read back by subscript.
            guard case .elements(let elements) = dictionary.content else { return .call(ManifestCall(name: Self.dictionary, arguments: [], line: at)) }
            var arguments: [ManifestCall.Argument] = []
            for element in elements {
                guard let key = value(of: element.key, scope).string else { return .unknown(reason: "a dictionary key not known statically", line: at) }
                arguments.append(.init(label: key, value: value(of: element.value, scope), line: position(element.value)))
            }
            return .call(ManifestCall(name: Self.dictionary, arguments: arguments, line: at))
        }
        if let array = expr.as(ArrayExprSyntax.self) {
            let element = ManifestDeclarations.elementType(type)
            return .array(array.elements.map { value(of: $0.expression, scope, expecting: element) })
        }
        if let tuple = expr.as(TupleExprSyntax.self) {
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return valueOfTuple(tuple, scope, type) }
            passed = true
            return value(of: only.expression, scope, expecting: type)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            return valueOfReference(reference.baseName.text, scope, at, &passed)
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return valueOfMember(member, scope, type, at, &passed)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return projectCall(call, scope, type, at, &passed)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return valueOfSequence(Array(sequence.elements), scope, type, &passed)
        }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self), let value = valueOfSubscript(subscriptCall, scope, at, &passed) {
            return value
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            if let value = truth(value(of: prefix.expression, scope)) { return .bool(!value) }
            return .unknown(reason: "`\(expr.trimmedDescription)`", line: at)
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            let condition = truth(value(of: ternary.condition, scope))
            passed = true
            return value(of: condition == true ? ternary.thenExpression : ternary.elseExpression, scope, expecting: type)
        }
        if let inner = expr.as(ForceUnwrapExprSyntax.self)?.expression ?? expr.as(OptionalChainingExprSyntax.self)?.expression
            ?? expr.as(TryExprSyntax.self)?.expression ?? expr.as(AwaitExprSyntax.self)?.expression
            ?? expr.as(AsExprSyntax.self)?.expression
        {
            passed = true
            return value(of: inner, scope, expecting: type)
        }
        if let node = expr.as(SwitchExprSyntax.self) {
            var inner = scope
            guard let statements = chooseCase(node, &inner) else {
                return .unknown(reason: "`switch \(node.subject.trimmedDescription)` with no case taken statically", line: at)
            }
            passed = true
            return blockValue(statements, &inner, at: at, what: "a switch case")
        }
        if let node = expr.as(IfExprSyntax.self) {
            var inner = scope
            let condition = decide(node.conditions, &inner, at: at, what: "if")
            passed = true
            if condition == true { return blockValue(node.body.statements, &inner, at: at, what: "an if branch") }
            switch node.elseBody {
            case .codeBlock(let block)?: return blockValue(block.statements, &inner, at: at, what: "an else branch")
            case .ifExpr(let nested)?: return value(of: ExprSyntax(nested), inner, expecting: type)
            case nil: return .null
            }
        }
        return .unknown(reason: "`\(Self.abbreviate(expr))`", line: at)
    }

    /// A string literal: escapes resolved as the compiler does (`"Q\"uote"` is `Q"uote`); with
    /// interpolation, segments are taken as written.
    mutating func valueOfString(_ literal: StringLiteralExprSyntax, _ scope: Scope, _ at: Int) -> ManifestValue {
        if let plain = literal.representedLiteralValue { return .string(plain, line: at) }
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1, let inner = interpolation.expressions.first
            {
                let value = self.value(of: inner.expression, scope)
                guard let piece = describe(value) else {
                    return .unknown(reason: "string interpolation `\(inner.trimmedDescription)`", line: at)
                }
                text += piece
            }
        }
        return .string(text, line: at)
    }

    /// `environment["KEY"]` (unset), `array[index]` or `dictionary[key]` when known; nil for
    /// any other subscript.
    mutating func valueOfSubscript(_ subscriptCall: SubscriptCallExprSyntax, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue? {
        let base = value(of: subscriptCall.calledExpression, scope)
        if base.call?.name == Self.environment || subscriptCall.calledExpression.trimmedDescription.hasSuffix("environment") {
            // A plain `swift build` sees every variable unset; Strata's own environment is
            // never read into a manifest.
            let key = subscriptCall.arguments.first.map { value(of: $0.expression, scope) }
            readEnvironment(key?.string ?? subscriptCall.arguments.first.map { Self.abbreviate($0.expression) } ?? "", at: at)
            return .null
        }
        guard subscriptCall.arguments.count == 1, let index = subscriptCall.arguments.first?.expression else { return nil }
        if case .array(let items) = base, case .int(let offset) = value(of: index, scope), items.indices.contains(offset) {
            passed = true
            return items[offset]
        }
        if case .call(let call) = base, call.name == Self.dictionary, let key = value(of: index, scope).string {
            passed = true
            return call[key] ?? .null
        }
        return nil
    }

    /// A value as string interpolation writes it, when it is known.
    func describe(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text, _): text
        case .int(let number): String(number)
        case .bool(let truth): String(truth)
        case .member(let name): name
        default: nil
        }
    }

    mutating func valueOfReference(_ name: String, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        if let (value, origin) = lookUp(name, scope) {
            self.origin = origin ?? at
            passed = true
            return value
        }
        if name == "self", let selfValue = scope.selfValue { return selfValue }
        if let member = scope.computed[name] {
            passed = true
            var inner = scope
            inner.returnType = member.type
            return bodyValue(member.body, &inner, type: member.type, at: at)
        }
        if let result = memberOfSelf(name, scope, at, &passed) { return result }
        if let global = declarations.globals[name] {
            passed = true
            var inner = Scope()
            inner.returnType = global.type
            return bodyValue(global.body, &inner, type: global.type, at: at)
        }
        return .unknown(reason: "`\(name)` is not known statically", line: at)
    }

    // MARK: - Operators

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
        let operators = ["||", "&&", "==", "!=", "??", "+"]
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

    // MARK: - #if

    /// The clause the compiler takes when it builds the manifest in `configuration`.
    static func chosenClause(_ node: IfConfigDeclSyntax, in configuration: any BuildConfiguration) -> IfConfigClauseSyntax? {
        node.activeClause(in: configuration).clause
    }

    /// The expression as written, on one line, at most 60 characters: rendered token by token
    /// up to there (a fuzzed 50 KB expression, abbreviated at each of its levels, took 0.8 s
    /// when each rendered it whole).
    static func abbreviate(_ expr: ExprSyntax) -> String {
        var text = ""
        for token in expr.tokens(viewMode: .sourceAccurate) {
            if !text.isEmpty, !(token.leadingTrivia.isEmpty && token.previousToken(viewMode: .sourceAccurate)?.trailingTrivia.isEmpty != false) {
                text += " "
            }
            text += token.text
            if text.count > 60 { break }
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
