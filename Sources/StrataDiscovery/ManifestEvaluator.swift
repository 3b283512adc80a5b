import StrataSourceTree
import SwiftParser
import SwiftSyntax

/// Evaluates a Swift manifest statically: its top level statement by statement, with the
/// declarations of its helper files in scope. Nothing is compiled or run.
///
/// Two subsets of Swift. `.package` is what `Package.swift` manifests use: `let`/`var`
/// bindings; literals, string interpolation, arrays and `+`; calls kept as `ManifestCall`
/// values; static members from extensions (`extension Target.Dependency { static let x = ... }`);
/// global functions and computed variables whose body is one expression, with their
/// parameters substituted; `#if` and `if` (conditions on environment variables read as
/// "unset"); ternaries; `x.append(...)`, `x.append(contentsOf:)`, `x += ...` and `x = ...` on
/// variables and on their arguments (`package.targets.append(...)`).
///
/// `.project` adds what Tuist manifests and their helpers are written with: enums (cases, raw
/// values, `allCases`, computed properties and methods that `switch self`), structs (memberwise
/// and written initializers, computed properties, methods), protocol extensions, static
/// members and functions of any type, chosen by argument labels and by the type the context
/// expects (`.feature(...)` in `targets:` is `Target.feature`), bodies of several statements
/// (`let`, `var`, `if`/`if let`, `guard`, `switch`, `for`, `return`), closures for `map`,
/// `flatMap`, `compactMap`, `filter`, `reduce`, common `String` methods, `??`.
///
/// Everything else becomes `.unknown` with a reason and line, or a skipped statement.
public struct ManifestEvaluator {
    /// How much of Swift the evaluator understands.
    public enum Subset: Sendable {
        /// `Package.swift`: closures, loops and functions of several statements stay unknown,
        /// so that what SwiftPM's reader warns about is stable.
        case package
        /// Tuist manifests and their `ProjectDescriptionHelpers`.
        case project
    }

    /// Lines in values are positions: `file × fileStride + line`, file 0 being the manifest, so
    /// that a manifest read alone has plain line numbers. `location(of:)` decodes them.
    public static let fileStride = 1 << 24

    public private(set) var variables: [String: ManifestValue] = [:]
    /// Statements that could not be evaluated and look like they define targets or products.
    public private(set) var skipped: [(line: Int, reason: String)] = []
    /// Conditions that could not be decided and were taken as false.
    public private(set) var assumptions: [(line: Int, reason: String)] = []

    let subset: Subset
    /// The types arguments of unknown calls have, by label (`product:` is a `Product`): what
    /// implicit members such as `.feature(...)` written there belong to.
    private let argumentTypes: [String: String]
    private var files: [(path: String, lines: LineTable)] = []
    private var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    var declarations = ManifestDeclarations()
    private var variableOrigins: [String: Int] = [:]
    private var variableTypes: [String: String] = [:]
    private var depth = 0
    /// Positions of the manifest's own top-level expressions being evaluated, innermost last:
    /// the lines a helper's result is reported at.
    private var sites: [Int] = []
    /// How many function and property bodies are being evaluated: expressions inside them are
    /// not sites, even in the manifest itself.
    private var bodies = 0
    /// Functions being evaluated: manifests do not recurse, so a call back into one is a
    /// helper shadowing a built-in of the same name.
    private var active: Set<SyntaxIdentifier> = []
    /// Where the value the last `value(of:)` returned was written.
    private var origin = 0
    /// The declared types of what the last `switch` pattern bound from enum payloads.
    private var bindingTypes: [String: String] = [:]

    /// Evaluates a `Package.swift`.
    public init(source: [UInt8]) {
        self.init(sources: [(path: "", source: source)], subset: .package)
    }

    /// Evaluates `sources[0]` with the declarations of the other sources (helper files) in scope.
    public init(sources: [(path: String, source: [UInt8])], subset: Subset, argumentTypes: [String: String] = [:]) {
        self.subset = subset
        self.argumentTypes = argumentTypes
        var trees: [SourceFileSyntax] = []
        for (index, file) in sources.enumerated() {
            let tree = file.source.withUnsafeBufferPointer { Parser.parse(source: $0) }
            files.append((file.path, LineTable(file.source)))
            fileOfRoot[Syntax(tree).id] = index
            trees.append(tree)
        }
        for (index, tree) in trees.enumerated() {
            declarations.collect(tree.statements, helper: index > 0, packageStatics: subset == .package, choose: Self.chosenClause)
        }
        if let manifest = trees.first {
            var scope = Scope()
            scope.topLevel = true
            _ = execute(manifest.statements, &scope)
        }
    }

    /// The file (as given to `init`) and line of a position.
    public func location(of position: Int) -> (file: String, line: Int) {
        let index = position / Self.fileStride
        return (index < files.count ? files[index].path : "", position % Self.fileStride)
    }

    private func position(_ node: some SyntaxProtocol) -> Int {
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

    public mutating func evaluate(_ expr: ExprSyntax, parameters: [String: ManifestValue] = [:]) -> ManifestValue {
        var scope = Scope()
        scope.values = parameters
        return value(of: expr, scope)
    }

    // MARK: - Statements

    private mutating func execute(_ statements: CodeBlockItemListSyntax, _ scope: inout Scope) -> Flow {
        for item in statements {
            let flow = execute(item, &scope)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    private mutating func execute(_ item: CodeBlockItemSyntax, _ scope: inout Scope) -> Flow {
        switch item.item {
        case .decl(let decl):
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation.map { ManifestDeclarations.typeName($0.type) }
                    if let accessor = binding.accessorBlock {
                        if subset == .project, !scope.topLevel, let body = ManifestDeclarations.body(of: accessor) {
                            scope.computed[name] = ManifestDeclarations.Member(body: body, type: type)
                        }
                        continue
                    }
                    if let type, subset == .project { declare(name, type: type, in: &scope) }
                    if let initial = binding.initializer?.value {
                        let value = self.value(of: initial, scope, expecting: type)
                        bind(name, value, origin: origin, in: &scope)
                    }
                }
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = Self.chosenClause(ifConfig)?.elements { return execute(inner, &scope) }
            } else if subset == .project, !scope.topLevel, let function = decl.as(FunctionDeclSyntax.self) {
                scope.functions[function.name.text, default: []].append(function)
            }
        case .stmt(let stmt):
            if let expression = stmt.as(ExpressionStmtSyntax.self)?.expression {
                return executeExpression(expression, &scope, statement: Syntax(stmt))
            }
            guard subset == .project else {
                skip(stmt)
                return .normal
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

    private mutating func executeExpression(_ expr: ExprSyntax, _ scope: inout Scope, statement: Syntax) -> Flow {
        if let node = expr.as(IfExprSyntax.self) { return executeIf(node, &scope) }
        if subset == .project, let node = expr.as(SwitchExprSyntax.self) {
            guard let statements = chooseCase(node, &scope) else { return .normal }
            let flow = execute(statements, &scope)
            if case .broke = flow { return .normal }
            return flow
        }
        if !mutate(expr, &scope) { skip(statement) }
        return .normal
    }

    private mutating func executeIf(_ node: IfExprSyntax, _ scope: inout Scope) -> Flow {
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
    private mutating func decide(_ conditions: ConditionElementListSyntax, _ scope: inout Scope, at: Int, what: String) -> Bool? {
        var result: Bool? = true
        loop: for element in conditions {
            switch element.condition {
            case .expression(let expr):
                let truth = self.truth(value(of: expr, scope))
                if truth == false { result = false; break loop }
                if truth == nil { result = nil }
            case .optionalBinding(let binding) where subset == .project:
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

    private mutating func loop(_ node: ForStmtSyntax, _ scope: inout Scope) -> Flow {
        let sequence = value(of: node.sequence, scope)
        guard case .array(let items) = sequence else {
            skip(node)
            return .normal
        }
        let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        if name == nil, !node.pattern.is(WildcardPatternSyntax.self) {
            skip(node)
            return .normal
        }
        for item in items {
            if let name { bind(name, item, origin: position(node.pattern), in: &scope) }
            if let whereClause = node.whereClause, truth(value(of: whereClause.condition, scope)) != true { continue }
            switch execute(node.body.statements, &scope) {
            case .broke: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continued: continue
            }
        }
        return .normal
    }

    /// Records a statement that was not evaluated when it could add targets or products.
    private mutating func skip(_ node: some SyntaxProtocol) {
        let text = node.trimmedDescription
        let adds = ["targets.append", "targets +=", "products.append", "products +=", "targets =", "products ="]
        let defines = [".target(", ".executableTarget(", ".testTarget(", ".library(", ".executable(", ".macro(", ".plugin(", "Target("]
        guard adds.contains(where: text.contains) || defines.contains(where: text.contains) else { return }
        let kind = text.split(separator: " ").first.map(String.init) ?? "statement"
        skipped.append((position(node), "`\(kind)` statement not evaluated statically"))
    }

    // MARK: - Bindings and mutation

    private mutating func bind(_ name: String, _ value: ManifestValue, origin: Int, in scope: inout Scope) {
        if scope.topLevel {
            variables[name] = value
            variableOrigins[name] = origin
        } else {
            scope.values[name] = value
            scope.origins[name] = origin
        }
    }

    private mutating func declare(_ name: String, type: String, in scope: inout Scope) {
        if scope.topLevel { variableTypes[name] = type } else { scope.types[name] = type }
    }

    private func lookUp(_ name: String, _ scope: Scope) -> (value: ManifestValue, origin: Int?)? {
        if let value = scope.values[name] { return (value, scope.origins[name]) }
        if let value = variables[name] { return (value, variableOrigins[name]) }
        return nil
    }

    private func declaredType(_ name: String, _ scope: Scope) -> String? {
        scope.types[name] ?? variableTypes[name]
    }

    /// `x.append(e)`, `x.append(contentsOf: e)`, `x.insert(e, at:)`, `x += e`, `x = e`, with `x`
    /// a variable, a variable's argument (`package.targets`) or a property of `self`.
    private mutating func mutate(_ expr: ExprSyntax, _ scope: inout Scope) -> Bool {
        if let call = expr.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            callee.declName.baseName.text == "append" || (subset == .project && callee.declName.baseName.text == "insert"),
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
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 || (subset == .project && sequence.elements.count > 3) {
            let elements = Array(sequence.elements)
            guard let path = Self.path(elements[0]) else { return false }
            let type = path.count == 1 ? declaredType(path[0], scope) : nil
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

    private mutating func update(_ path: [String], in scope: inout Scope, origin: Int = 0, _ transform: (ManifestValue?) -> ManifestValue) {
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
        if subset == .project, current == nil, path.count == 1, case .call(var call)? = scope.selfValue,
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
    }

    static func path(_ expr: ExprSyntax) -> [String]? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = path(base) {
            return prefix + [member.declName.baseName.text]
        }
        return nil
    }

    // MARK: - Expressions

    /// The value of an expression, and in `origin` where that value was written.
    mutating func value(of expr: ExprSyntax, _ scope: Scope, expecting type: String? = nil) -> ManifestValue {
        let at = position(expr)
        depth += 1
        defer { depth -= 1 }
        guard depth < (subset == .package ? 64 : 150) else {
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
    private mutating func valueInside(_ expr: ExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        if let literal = expr.as(StringLiteralExprSyntax.self) {
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
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(ManifestValue.int)
                ?? .unknown(reason: "integer", line: at)
        }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .null }
        if let array = expr.as(ArrayExprSyntax.self) {
            let element = ManifestDeclarations.elementType(type)
            return .array(array.elements.map { value(of: $0.expression, scope, expecting: element) })
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
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
            return subset == .package ? packageCall(call, scope, at, &passed) : projectCall(call, scope, type, at, &passed)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return valueOfSequence(Array(sequence.elements), scope, type, &passed)
        }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) {
            if subscriptCall.calledExpression.trimmedDescription.hasSuffix("environment") {
                // Environment variables are taken as unset: the manifest as a plain build sees it.
                return .null
            }
            if subset == .project, subscriptCall.arguments.count == 1, let index = subscriptCall.arguments.first?.expression,
                case .array(let items) = value(of: subscriptCall.calledExpression, scope), case .int(let offset) = value(of: index, scope),
                items.indices.contains(offset)
            {
                passed = true
                return items[offset]
            }
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
        if subset == .project {
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
        }
        return .unknown(reason: "`\(Self.abbreviate(expr))`", line: at)
    }

    /// A value as string interpolation writes it, when it is known.
    private func describe(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text, _): text
        case .int(let number): String(number)
        case .bool(let truth) where subset == .project: String(truth)
        case .member(let name) where subset == .project: name
        default: nil
        }
    }

    private mutating func valueOfReference(_ name: String, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        if let (value, origin) = lookUp(name, scope) {
            self.origin = origin ?? at
            passed = true
            return value
        }
        if subset == .project {
            if name == "self", let selfValue = scope.selfValue { return selfValue }
            if let member = scope.computed[name] {
                passed = true
                var inner = scope
                inner.returnType = member.type
                return bodyValue(member.body, &inner, type: member.type, at: at)
            }
            if let result = memberOfSelf(name, scope, at, &passed) { return result }
        }
        if let global = declarations.globals[name] {
            passed = true
            var inner = Scope()
            inner.returnType = global.type
            if subset == .package {
                guard case .statements(let statements) = global.body, let single = ManifestDeclarations.singleExpression(of: statements) else {
                    return .unknown(reason: "`\(name)` is not known statically", line: at)
                }
                return value(of: single, inner)
            }
            return bodyValue(global.body, &inner, type: global.type, at: at)
        }
        return .unknown(reason: "`\(name)` is not known statically", line: at)
    }

    /// A property of `self` named without `self.` inside a method, or a static property of
    /// the type in a static member.
    private mutating func memberOfSelf(_ name: String, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue? {
        if let selfValue = scope.selfValue {
            if case .member(let caseName) = selfValue, name == "rawValue" { return rawValue(of: caseName, hint: scope.selfType) }
            if let found = instanceMember(name, of: selfValue, hint: scope.selfType, methods: false) {
                passed = true
                return evaluate(found.member, selfValue: selfValue, selfType: found.owner, at: at)
            }
            if case .call(let call) = selfValue, let stored = call.arguments.first(where: { $0.label == name }) {
                origin = stored.line > 0 ? stored.line : call.line
                passed = true
                return stored.value
            }
        }
        if let type = declarations.type(named: scope.selfType) {
            if type.enumCase(name) != nil { return .member(name) }
            if let (owner, member) = staticProperty(name, of: type) {
                passed = true
                return evaluate(member, selfValue: nil, selfType: owner, at: at)
            }
        }
        return nil
    }

    private mutating func valueOfMember(_ member: MemberAccessExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let name = member.declName.baseName.text
        guard subset == .project else {
            guard let base = member.base else {
                if let body = declarations.staticMembers[name] {
                    passed = true
                    return value(of: body, Scope())
                }
                return .member(name)
            }
            // `Target.Dependency.x`, `PackageDescription.Product.x`: a type path, not a value.
            if base.trimmedDescription.first?.isUppercase == true, Self.path(base) != nil, variables[base.trimmedDescription] == nil {
                if let body = declarations.staticMembers[name] {
                    passed = true
                    return value(of: body, Scope())
                }
                return .member(name)
            }
            if case .call(let call) = value(of: base, scope) { return call[name] ?? .array([]) }
            return .unknown(reason: "`\(Self.abbreviate(ExprSyntax(member)))`", line: at)
        }
        guard let base = member.base else { return implicitMember(name, expecting: type, at, &passed) }
        // `ModulePath.Feature.home.rawValue`: the base is a value reached through a type.
        let throughType = valueThroughType(base, scope)
        if let typeName = typePath(base, scope), throughType == nil {
            let declared = declarations.type(named: typeName)
            if let declared {
                if name == "allCases", declared.isEnum {
                    return .array(declared.cases.filter { !$0.hasPayload }.map { .member($0.name) })
                }
                if declared.enumCase(name) != nil { return .member(name) }
                if let (owner, property) = staticProperty(name, of: declared) {
                    passed = true
                    return evaluate(property, selfValue: nil, selfType: owner, at: at)
                }
            }
            if name == "self" { return .member(typeName) }
            return .member(name)
        }
        let receiver = value(of: base, scope)
        return propertyValue(name, of: receiver, hint: throughType?.type ?? hint(for: base, scope), at: at, &passed)
    }

    /// The declared type and member when `expr` names a value through a declared type:
    /// `Layer.allCases`, `Layer.core`, `Environment.shared`.
    private func valueThroughType(_ expr: ExprSyntax, _ scope: Scope) -> (type: String, member: String)? {
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let typeName = typePath(base, scope),
            let declared = declarations.type(named: typeName)
        else { return nil }
        let name = member.declName.baseName.text
        guard name == "allCases" || declared.enumCase(name) != nil || staticProperty(name, of: declared) != nil else { return nil }
        return (declared.name, name)
    }

    /// A dotted path of names that starts with a type (`Layer`, `ModulePaths.Feature`,
    /// `Self`), or `self` in a static member.
    private func typePath(_ expr: ExprSyntax, _ scope: Scope) -> String? {
        guard let path = Self.path(expr), let first = path.first else { return nil }
        if first == "Self" || (first == "self" && scope.selfValue == nil && scope.selfType != nil) {
            return ([scope.selfType ?? first] + path.dropFirst()).joined(separator: ".")
        }
        guard first.first?.isUppercase == true, scope.values[first] == nil, variables[first] == nil else { return nil }
        return path.joined(separator: ".")
    }

    /// The declared type of what an expression names, for the members of enum cases.
    private func hint(for expr: ExprSyntax, _ scope: Scope) -> String? {
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if name == "self" { return scope.selfType }
        return declaredType(name, scope)
    }

    /// `.name` where a type is expected: a case or static property of that type when the
    /// manifest declares it, else a member of a built-in type (`.framework`).
    private mutating func implicitMember(_ name: String, expecting type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let candidates: [ManifestDeclarations.TypeDeclaration]
        if let type {
            candidates = declarations.type(named: ManifestDeclarations.elementType(type)).map { [$0] } ?? []
        } else {
            // Without an expected type (`targets.contains(.interface)`), a case of a manifest
            // enum is likelier than a static property of the same name.
            if !declarations.enums(withCase: name).isEmpty { return .member(name) }
            candidates = declarations.types.values.filter { staticProperty(name, of: $0) != nil }.sorted { $0.name < $1.name }
            if candidates.count > 1 { return .member(name) }
        }
        for candidate in candidates {
            if candidate.enumCase(name) != nil { return .member(name) }
            if let (owner, property) = staticProperty(name, of: candidate) {
                passed = true
                return evaluate(property, selfValue: nil, selfType: owner, at: at)
            }
        }
        return .member(name)
    }

    private func staticProperty(_ name: String, of type: ManifestDeclarations.TypeDeclaration) -> (owner: String, member: ManifestDeclarations.Member)? {
        for declared in declarations.lineage(of: type) {
            if let member = declared.staticProperties[name] { return (type.name, member) }
        }
        return nil
    }

    /// A property of a value: of strings and arrays, of the manifest's enums and structs, or
    /// an argument of a call.
    private mutating func propertyValue(_ name: String, of receiver: ManifestValue, hint: String?, at: Int, _ passed: inout Bool) -> ManifestValue {
        switch receiver {
        case .unknown, .null:
            passed = true
            return receiver
        case .string(let text, _):
            switch name {
            case "capitalized", "localizedCapitalized": return .string(Self.capitalized(text))
            case "isEmpty": return .bool(text.isEmpty)
            case "count": return .int(text.count)
            case "description": return .string(text)
            default: break
            }
        case .array(let items):
            switch name {
            case "isEmpty": return .bool(items.isEmpty)
            case "count": return .int(items.count)
            case "first": passed = true; return items.first ?? .null
            case "last": passed = true; return items.last ?? .null
            default: break
            }
        default:
            break
        }
        if case .call(let call) = receiver, let stored = call.arguments.first(where: { $0.label == name }) {
            if stored.line > 0 { origin = stored.line } else { origin = call.line }
            passed = true
            return stored.value
        }
        if let found = instanceMember(name, of: receiver, hint: hint, methods: false) {
            passed = true
            return evaluate(found.member, selfValue: receiver, selfType: found.owner, at: at)
        }
        if case .member(let caseName) = receiver, name == "rawValue" { return rawValue(of: caseName, hint: hint) }
        if case .call(let call) = receiver {
            if let type = declarations.type(named: call.name),
                let stored = type.storedProperties.first(where: { $0.name == name })
            {
                guard let initial = stored.initial else { return .null }
                var inner = Scope()
                inner.selfType = type.name
                passed = true
                return value(of: initial, inner, expecting: stored.type)
            }
            // An argument the call left out: Tuist's lists default to empty.
            return ["dependencies", "targets", "sources", "resources", "packages", "schemes"].contains(name) ? .array([]) : .null
        }
        return .unknown(reason: "`.\(name)` of a value not known statically", line: at)
    }

    private mutating func rawValue(of caseName: String, hint: String?) -> ManifestValue {
        let owner = declarations.type(named: hint).flatMap { $0.enumCase(caseName) != nil ? $0 : nil }
            ?? declarations.enums(withCase: caseName).first
        if let raw = owner?.enumCase(caseName)?.rawValue { return value(of: raw, Scope()) }
        return .string(caseName)
    }

    /// The types whose members apply to a value: a struct's own, an enum case's enums (the
    /// hinted one first), `String` extensions for strings.
    private func owners(of value: ManifestValue, hint: String?) -> [ManifestDeclarations.TypeDeclaration] {
        func enums(_ caseName: String) -> [ManifestDeclarations.TypeDeclaration] {
            if let hinted = declarations.type(named: hint), hinted.enumCase(caseName) != nil { return [hinted] }
            return declarations.enums(withCase: caseName)
        }
        switch value {
        case .member(let caseName): return enums(caseName)
        case .call(let call):
            if let type = declarations.type(named: call.name), !type.isEnum { return [type] }
            return enums(call.name)
        case .string: return declarations.type(named: "String").map { [$0] } ?? []
        case .array: return declarations.type(named: "Array").map { [$0] } ?? []
        default: return []
        }
    }

    private func instanceMember(_ name: String, of value: ManifestValue, hint: String?, methods: Bool) -> (owner: String, member: ManifestDeclarations.Member)? {
        for owner in owners(of: value, hint: hint) {
            for declared in declarations.lineage(of: owner) {
                if let member = declared.properties[name] { return (owner.name, member) }
            }
        }
        return nil
    }

    private func instanceMethods(_ name: String, of value: ManifestValue, hint: String?) -> [(owner: String, function: FunctionDeclSyntax)] {
        var result: [(String, FunctionDeclSyntax)] = []
        for owner in owners(of: value, hint: hint) {
            for declared in declarations.lineage(of: owner) {
                result += (declared.methods[name] ?? []).map { (owner.name, $0) }
            }
        }
        return result
    }

    private mutating func evaluate(_ member: ManifestDeclarations.Member, selfValue: ManifestValue?, selfType: String?, at: Int) -> ManifestValue {
        bodies += 1
        defer { bodies -= 1 }
        var scope = Scope()
        scope.selfValue = selfValue
        scope.selfType = selfType
        scope.returnType = member.type
        return bodyValue(member.body, &scope, type: member.type, at: at)
    }

    private mutating func bodyValue(_ body: ManifestDeclarations.Body, _ scope: inout Scope, type: String?, at: Int) -> ManifestValue {
        switch body {
        case .expression(let expr): return value(of: expr, scope, expecting: type)
        case .statements(let statements): return blockValue(statements, &scope, at: at, what: "a computed property")
        }
    }

    /// The value of a body: its only expression, else what its `return` gives.
    private mutating func blockValue(_ statements: CodeBlockItemListSyntax, _ scope: inout Scope, at: Int, what: String) -> ManifestValue {
        if let single = ManifestDeclarations.singleExpression(of: statements) {
            return value(of: single, scope, expecting: scope.returnType)
        }
        if case .returned(let value) = execute(statements, &scope) { return value }
        return .unknown(reason: "\(what) returns no value statically", line: at)
    }

    // MARK: - Switch

    /// The statements of the case a `switch` takes, with its pattern's bindings in `scope`.
    private mutating func chooseCase(_ node: SwitchExprSyntax, _ scope: inout Scope) -> CodeBlockItemListSyntax? {
        let subject = value(of: node.subject, scope)
        if subject.unknownReason != nil { return nil }
        var fallback: CodeBlockItemListSyntax?
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            switch switchCase.label {
            case .default:
                fallback = switchCase.statements
            case .case(let label):
                for item in label.caseItems {
                    var bindings: [String: ManifestValue] = [:]
                    bindingTypes = [:]
                    guard match(item.pattern, subject, &bindings, binding: false, scope) == true else { continue }
                    var candidate = scope
                    for (name, value) in bindings {
                        bind(name, value, origin: position(item), in: &candidate)
                        if let type = bindingTypes[name] { declare(name, type: type, in: &candidate) }
                    }
                    if let whereClause = item.whereClause, truth(value(of: whereClause.condition, candidate)) != true { continue }
                    scope = candidate
                    return switchCase.statements
                }
            }
        }
        return fallback
    }

    private mutating func match(
        _ pattern: PatternSyntax, _ subject: ManifestValue, _ bindings: inout [String: ManifestValue], binding: Bool, _ scope: Scope
    ) -> Bool? {
        if let node = pattern.as(ValueBindingPatternSyntax.self) { return match(node.pattern, subject, &bindings, binding: true, scope) }
        if let node = pattern.as(IdentifierPatternSyntax.self) {
            bindings[node.identifier.text] = subject
            return true
        }
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let node = pattern.as(ExpressionPatternSyntax.self) { return match(node.expression, subject, &bindings, binding: binding, scope) }
        return nil
    }

    private mutating func match(
        _ expr: ExprSyntax, _ subject: ManifestValue, _ bindings: inout [String: ManifestValue], binding: Bool, _ scope: Scope
    ) -> Bool? {
        if let pattern = expr.as(PatternExprSyntax.self) { return match(pattern.pattern, subject, &bindings, binding: true, scope) }
        if expr.is(DiscardAssignmentExprSyntax.self) { return true }
        if binding, let reference = expr.as(DeclReferenceExprSyntax.self) {
            bindings[reference.baseName.text] = subject
            return true
        }
        // `module as any Convertible` binds `module`.
        if let sequence = expr.as(SequenceExprSyntax.self), let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return match(first, subject, &bindings, binding: binding, scope)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base.flatMap({ typePath($0, scope) }) != nil {
            let name = member.declName.baseName.text
            switch subject {
            case .member(let caseName): return caseName == name
            case .call(let call): return call.name == name
            case .unknown: return nil
            default: break
            }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            guard case .call(let payload) = subject else {
                if case .member = subject { return false }
                return nil
            }
            guard payload.name == member.declName.baseName.text else { return false }
            let types = declarations.enums(withCase: payload.name).first { $0.enumCase(payload.name)?.hasPayload == true }
                .flatMap { owner in owner.enumCase(payload.name).map { ($0.payload, owner.name) } }
            for (index, argument) in call.arguments.enumerated() {
                guard index < payload.arguments.count else { return false }
                var inner: [String: ManifestValue] = [:]
                if match(argument.expression, payload.arguments[index].value, &inner, binding: binding, scope) != true { return false }
                for (name, value) in inner {
                    bindings[name] = value
                    if let (payload, owner) = types, index < payload.count { bindingTypes[name] = qualify(payload[index], in: owner) }
                }
            }
            return true
        }
        let candidate = value(of: expr, scope)
        if candidate.unknownReason != nil || subject.unknownReason != nil { return nil }
        return candidate.sameValue(as: subject)
    }

    /// A payload type as its enum writes it (`ModuleName`), qualified when the enum nests it.
    private func qualify(_ type: String, in owner: String) -> String {
        declarations.types["\(owner).\(type)"] == nil ? type : "\(owner).\(type)"
    }

    // MARK: - Calls, `.package`

    private mutating func packageCall(_ call: FunctionCallExprSyntax, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let arguments = call.arguments.map { argument -> ManifestCall.Argument in
            let value = self.value(of: argument.expression, scope)
            return ManifestCall.Argument(label: argument.label?.text, value: value, line: origin)
        }
        let callee = call.calledExpression
        let name: String
        if let member = callee.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            if let base = member.base, base.trimmedDescription.first?.isUppercase != true {
                return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
            }
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
        }
        if call.trailingClosure != nil {
            return .unknown(reason: "closure in `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
        }
        if let function = declarations.functions[name]?.last {
            passed = true
            return substitute(function, arguments, at: at)
        }
        return .call(ManifestCall(name: name, arguments: arguments, line: at, site: sites.last))
    }

    /// Calls a manifest-defined function whose body is one expression.
    private mutating func substitute(_ function: FunctionDeclSyntax, _ arguments: [ManifestCall.Argument], at callLine: Int) -> ManifestValue {
        guard let body = function.body.flatMap({ ManifestDeclarations.singleExpression(of: $0.statements) }) else {
            origin = callLine
            return .unknown(reason: "function `\(function.name.text)` has more than one statement", line: callLine)
        }
        var bound: [String: ManifestValue] = [:]
        var remaining = arguments
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let local = (parameter.secondName ?? parameter.firstName).text
            if let index = remaining.firstIndex(where: { $0.label == label }) {
                bound[local] = remaining.remove(at: index).value
            } else if let defaultValue = parameter.defaultValue?.value {
                bound[local] = value(of: defaultValue, Scope())
            }
        }
        var scope = Scope()
        scope.values = bound
        return value(of: body, scope)
    }

    // MARK: - Calls, `.project`

    private mutating func projectCall(_ call: FunctionCallExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let callee = call.calledExpression
        if let closure = callee.as(ClosureExprSyntax.self), call.arguments.isEmpty {
            passed = true
            return apply(closure, to: [], scope, returning: type)
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else {
                return implicitCall(name, call, scope, expecting: type, at, &passed)
            }
            if valueThroughType(base, scope) == nil, let typeName = typePath(base, scope) {
                return typeCall(typeName, name, call, scope, at, &passed)
            }
            return methodCall(name, on: base, call, scope, expecting: type, at, &passed)
        }
        guard let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text else {
            return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
        }
        if name == "Self", let selfType = scope.selfType { return typeCall(selfType, "init", call, scope, at, &passed) }
        if let function = choose(scope.functions[name] ?? [], for: call) {
            passed = true
            return invoke(function.function, call, function.match, scope, context: scope, at: at)
        }
        if let selfValue = scope.selfValue,
            let method = choose(instanceMethods(name, of: selfValue, hint: scope.selfType).map(\.function), for: call)
        {
            passed = true
            return invoke(method.function, call, method.match, scope, context: context(selfValue: selfValue, selfType: scope.selfType), at: at)
        }
        if let selfType = declarations.type(named: scope.selfType), let method = staticMethod(name, of: selfType, for: call) {
            passed = true
            return invoke(method.function, call, method.match, scope, context: context(selfValue: nil, selfType: selfType.name), at: at)
        }
        if let function = choose(declarations.functions[name] ?? [], for: call) {
            passed = true
            return invoke(function.function, call, function.match, scope, context: Scope(), at: at)
        }
        if let declared = declarations.type(named: name), declared.isEnum || declared.isStruct {
            return construct(declared, call, scope, at: at)
        }
        if name == "String", call.arguments.count == 1, let argument = call.arguments.first {
            let value = self.value(of: argument.expression, scope)
            return describe(value).map { .string($0) } ?? value
        }
        if name == "Array" || name == "Set", call.arguments.count == 1, let argument = call.arguments.first {
            passed = true
            return value(of: argument.expression, scope)
        }
        return builtinCall(name, call, scope, at: at)
    }

    private func context(selfValue: ManifestValue?, selfType: String?) -> Scope {
        var scope = Scope()
        scope.selfValue = selfValue
        scope.selfType = selfType
        return scope
    }

    /// `.name(...)` where a type is expected: a static function or enum case of that type when
    /// the manifest declares one, else a built-in (`.target(name:)`).
    private mutating func implicitCall(
        _ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope, expecting type: String?, _ at: Int, _ passed: inout Bool
    ) -> ManifestValue {
        let candidates: [ManifestDeclarations.TypeDeclaration]
        if let type {
            candidates = declarations.type(named: ManifestDeclarations.elementType(type)).map { [$0] } ?? []
        } else {
            candidates = declarations.types.values.sorted { $0.name < $1.name }
        }
        for candidate in candidates {
            if name == "init", candidate.isStruct || candidate.isEnum { return construct(candidate, call, scope, at: at) }
            if let method = staticMethod(name, of: candidate, for: call) {
                passed = true
                return invoke(method.function, call, method.match, scope, context: context(selfValue: nil, selfType: candidate.name), at: at)
            }
            if candidate.enumCase(name)?.hasPayload == true { return builtinCall(name, call, scope, at: at) }
        }
        // `.init(...)` where a built-in type is expected: that type's initializer.
        let builtin = name == "init" ? ManifestDeclarations.elementType(type) ?? name : name
        return builtinCall(builtin, call, scope, at: at)
    }

    private mutating func typeCall(
        _ typeName: String, _ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope, _ at: Int, _ passed: inout Bool
    ) -> ManifestValue {
        if let declared = declarations.type(named: typeName) {
            if name == "init", declared.isStruct || declared.isEnum { return construct(declared, call, scope, at: at) }
            if let method = staticMethod(name, of: declared, for: call) {
                passed = true
                return invoke(method.function, call, method.match, scope, context: context(selfValue: nil, selfType: declared.name), at: at)
            }
        }
        return builtinCall(name == "init" ? typeName : name, call, scope, at: at)
    }

    private func staticMethod(_ name: String, of type: ManifestDeclarations.TypeDeclaration, for call: FunctionCallExprSyntax) -> (function: FunctionDeclSyntax, match: [[Int]])? {
        for declared in declarations.lineage(of: type) {
            let candidates = (declared.staticMethods[name] ?? []).filter { !active.contains($0.id) }
            if let chosen = choose(candidates, for: call) { return chosen }
        }
        return nil
    }

    /// A call the manifest does not define, kept as a value (`Target(...)`, `.project(...)`).
    private mutating func builtinCall(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope, at: Int) -> ManifestValue {
        let arguments = call.arguments.map { argument -> ManifestCall.Argument in
            let type = argument.label.flatMap { argumentTypes[$0.text] }
            let value = self.value(of: argument.expression, scope, expecting: type)
            return ManifestCall.Argument(label: argument.label?.text, value: value, line: origin)
        }
        if call.trailingClosure != nil {
            return .unknown(reason: "closure in `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
        }
        return .call(ManifestCall(name: name, arguments: arguments, line: at, site: sites.last))
    }

    /// An instance of a manifest-declared struct (through a written initializer, or memberwise)
    /// or an enum case from its raw value.
    private mutating func construct(_ type: ManifestDeclarations.TypeDeclaration, _ call: FunctionCallExprSyntax, _ scope: Scope, at: Int) -> ManifestValue {
        let labels = Self.labels(call)
        if type.isEnum {
            guard labels == ["rawValue"], let argument = call.arguments.first else {
                return .unknown(reason: "`\(Self.abbreviate(ExprSyntax(call)))`", line: at)
            }
            let raw = value(of: argument.expression, scope)
            for enumCase in type.cases where rawValue(of: enumCase.name, hint: type.name).sameValue(as: raw) { return .member(enumCase.name) }
            return .null
        }
        var instance = ManifestCall(name: type.name, arguments: [], line: at, site: sites.last)
        var inner = context(selfValue: nil, selfType: type.name)
        if !type.initializers.isEmpty {
            let parameters = type.initializers.map { Array($0.signature.parameterClause.parameters) }
            guard let index = parameters.firstIndex(where: { Self.match($0, labels: labels) != nil }),
                let match = Self.match(parameters[index], labels: labels), let body = type.initializers[index].body
            else {
                return .unknown(reason: "no initializer of \(type.name) takes `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
            }
            for stored in type.storedProperties {
                if let initial = stored.initial { instance.set(stored.name, value(of: initial, inner, expecting: stored.type), line: origin) }
            }
            bindArguments(parameters[index], match, call, scope, into: &inner)
            inner.selfValue = .call(instance)
            _ = execute(body.statements, &inner)
            return inner.selfValue ?? .call(instance)
        }
        for argument in call.arguments {
            guard let label = argument.label?.text else {
                return .unknown(reason: "unlabelled argument to \(type.name)'s memberwise initializer", line: at)
            }
            let stored = type.storedProperties.first { $0.name == label }
            instance.set(label, value(of: argument.expression, scope, expecting: stored?.type), line: origin)
        }
        for stored in type.storedProperties where instance[stored.name] == nil {
            if let initial = stored.initial { instance.set(stored.name, value(of: initial, inner, expecting: stored.type), line: origin) }
        }
        return .call(instance)
    }

    /// `receiver.name(...)`: methods of arrays and strings, and of the manifest's types.
    private mutating func methodCall(
        _ name: String, on base: ExprSyntax, _ call: FunctionCallExprSyntax, _ scope: Scope, expecting type: String?, _ at: Int,
        _ passed: inout Bool
    ) -> ManifestValue {
        let receiver = value(of: base, scope)
        if receiver.unknownReason != nil {
            passed = true
            return receiver
        }
        let function = call.trailingClosure.map(ExprSyntax.init) ?? call.arguments.last?.expression
        switch receiver {
        case .null:
            return .null
        case .member where ["getBoolean", "getString", "getInt"].contains(name):
            // Tuist's `Environment.x.getBoolean(default:)`: environment variables read as unset.
            if let fallback = call.arguments.first(where: { $0.label?.text == "default" }) {
                passed = true
                return value(of: fallback.expression, scope)
            }
            return .null
        case .array(let items):
            if let result = arrayMethod(name, items, call, function, scope, expecting: type, at) { return result }
        case .string(let text, _):
            if let result = stringMethod(name, text, call, scope) { return result }
        default:
            break
        }
        if let method = choose(instanceMethods(name, of: receiver, hint: hint(for: base, scope)).map(\.function), for: call),
            let owner = instanceMethods(name, of: receiver, hint: hint(for: base, scope)).first(where: { $0.function.id == method.function.id })?.owner
        {
            passed = true
            return invoke(method.function, call, method.match, scope, context: context(selfValue: receiver, selfType: owner), at: at)
        }
        return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
    }

    /// `type` is what the result should be (`[TargetDependency]`): what `map`'s closure returns
    /// an element of, and `flatMap`'s a list of.
    private mutating func arrayMethod(
        _ name: String, _ items: [ManifestValue], _ call: FunctionCallExprSyntax, _ function: ExprSyntax?, _ scope: Scope,
        expecting type: String?, _ at: Int
    ) -> ManifestValue? {
        let returns = name == "flatMap" ? type : ManifestDeclarations.elementType(type)
        func each(_ item: ManifestValue) -> ManifestValue { transform(function, item, scope, returning: returns, at: at) }
        switch name {
        case "map":
            return .array(items.map(each))
        case "compactMap":
            return .array(items.map(each).filter { $0 != .null })
        case "flatMap":
            var result: [ManifestValue] = []
            for item in items {
                switch each(item) {
                case .array(let inner): result += inner
                case .null: continue
                case let other: result.append(other)
                }
            }
            return .array(result)
        case "filter", "first", "contains", "allSatisfy":
            if name == "contains", call.trailingClosure == nil, let argument = call.arguments.first, argument.label == nil {
                let wanted = value(of: argument.expression, scope)
                if wanted.unknownReason != nil { return wanted }
                return .bool(items.contains { $0.sameValue(as: wanted) })
            }
            var kept: [ManifestValue] = []
            for item in items {
                guard let keep = truth(each(item)) else { return .unknown(reason: "condition of `\(name)`", line: at) }
                if keep { kept.append(item) }
            }
            switch name {
            case "filter": return .array(kept)
            case "first": return kept.first ?? .null
            case "contains": return .bool(!kept.isEmpty)
            default: return .bool(kept.count == items.count)
            }
        case "reduce":
            guard call.arguments.count >= 1, let initial = call.arguments.first?.expression else { return nil }
            var result = value(of: initial, scope)
            for item in items {
                if let function, function.as(DeclReferenceExprSyntax.self)?.baseName.text == "+" {
                    result = Self.concatenate(result, item, line: at)
                } else if let closure = function?.as(ClosureExprSyntax.self) {
                    result = apply(closure, to: [result, item], scope)
                } else {
                    return nil
                }
            }
            return result
        case "joined":
            if items.allSatisfy({ $0.string != nil }) {
                let separator = call.arguments.first.map { value(of: $0.expression, scope).string ?? "" } ?? ""
                return .string(items.compactMap(\.string).joined(separator: separator))
            }
            return .array(items.flatMap { $0.array ?? [$0] })
        case "sorted":
            guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
            if items.allSatisfy({ $0.string != nil }) { return .array(items.sorted { $0.string! < $1.string! }) }
            return .array(items)
        case "reversed":
            return .array(items.reversed())
        case "enumerated":
            return nil
        default:
            return nil
        }
    }

    private mutating func stringMethod(_ name: String, _ text: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> ManifestValue? {
        let arguments = call.arguments.map { value(of: $0.expression, scope) }
        let strings = arguments.map(\.string)
        switch (name, arguments.count) {
        case ("lowercased", 0): return .string(text.lowercased())
        case ("uppercased", 0): return .string(text.uppercased())
        case ("capitalized", 0): return .string(Self.capitalized(text))
        case ("replacingOccurrences", 2):
            guard let of = strings[0], let with = strings[1] else { return nil }
            return .string(text.replacingOccurrences(of: of, with: with))
        case ("appending", 1):
            return strings[0].map { .string(text + $0) }
        case ("hasPrefix", 1): return strings[0].map { .bool(text.hasPrefix($0)) }
        case ("hasSuffix", 1): return strings[0].map { .bool(text.hasSuffix($0)) }
        case ("contains", 1): return strings[0].map { .bool(text.contains($0)) }
        case ("dropFirst", _), ("dropLast", _), ("prefix", 1), ("suffix", 1):
            let count: Int
            if case .int(let value)? = arguments.first { count = value } else if arguments.isEmpty { count = 1 } else { return nil }
            switch name {
            case "dropFirst": return .string(String(text.dropFirst(count)))
            case "dropLast": return .string(String(text.dropLast(count)))
            case "prefix": return .string(String(text.prefix(count)))
            default: return .string(String(text.suffix(count)))
            }
        case ("components", 1), ("split", 1):
            guard let separator = strings[0] else { return nil }
            return .array(text.components(separatedBy: separator).filter { name == "components" || !$0.isEmpty }.map { .string($0) })
        default:
            return nil
        }
    }

    /// Applies what `map` and friends were given (a closure, `\.keyPath`, a function name) to
    /// one element.
    private mutating func transform(_ function: ExprSyntax?, _ element: ManifestValue, _ scope: Scope, returning type: String? = nil, at: Int) -> ManifestValue {
        guard let function else { return .unknown(reason: "no closure given", line: at) }
        if let closure = function.as(ClosureExprSyntax.self) { return apply(closure, to: [element], scope, returning: type) }
        if let keyPath = function.as(KeyPathExprSyntax.self) {
            var result = element
            for component in keyPath.components {
                guard case .property(let property) = component.component else { return .unknown(reason: "key path", line: at) }
                var passed = false
                result = propertyValue(property.declName.baseName.text, of: result, hint: nil, at: at, &passed)
            }
            return result
        }
        if let name = function.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let chosen = Self.choose(scope.functions[name] ?? declarations.functions[name] ?? [], labels: [nil])
        {
            var inner = Scope()
            let parameters = Array(chosen.function.signature.parameterClause.parameters)
            if let first = parameters.first { inner.values[(first.secondName ?? first.firstName).text] = element }
            inner.returnType = chosen.function.signature.returnClause.map { ManifestDeclarations.typeName($0.type) }
            return chosen.function.body.map { blockValue($0.statements, &inner, at: at, what: "function `\(name)`") }
                ?? .unknown(reason: "function `\(name)` has no body", line: at)
        }
        return .unknown(reason: "`\(Self.abbreviate(function))` applied to each element", line: at)
    }

    private mutating func apply(_ closure: ClosureExprSyntax, to arguments: [ManifestValue], _ scope: Scope, returning type: String? = nil) -> ManifestValue {
        var inner = scope
        inner.topLevel = false
        inner.returnType = type
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        let at = position(closure)
        for (index, argument) in arguments.enumerated() {
            inner.values["$\(index)"] = argument
            inner.origins["$\(index)"] = at
            if index < names.count {
                inner.values[names[index]] = argument
                inner.origins[names[index]] = at
            }
        }
        return blockValue(closure.statements, &inner, at: at, what: "a closure")
    }

    /// Calls a manifest-defined function, its arguments evaluated where it is called and its
    /// defaults in its own context.
    private mutating func invoke(
        _ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax, _ match: [[Int]], _ scope: Scope, context: Scope, at: Int
    ) -> ManifestValue {
        guard let body = function.body else { return .unknown(reason: "function `\(function.name.text)` has no body", line: at) }
        guard !active.contains(function.id) else {
            return .unknown(reason: "recursive call of `\(function.name.text)`", line: at)
        }
        var inner = context
        bindArguments(Array(function.signature.parameterClause.parameters), match, call, scope, into: &inner)
        inner.returnType = function.signature.returnClause.map { ManifestDeclarations.typeName($0.type) }
        if inner.returnType == "Self" { inner.returnType = context.selfType }
        active.insert(function.id)
        bodies += 1
        defer {
            active.remove(function.id)
            bodies -= 1
        }
        return blockValue(body.statements, &inner, at: at, what: "function `\(function.name.text)`")
    }

    private mutating func bindArguments(
        _ parameters: [FunctionParameterSyntax], _ match: [[Int]], _ call: FunctionCallExprSyntax, _ scope: Scope, into inner: inout Scope
    ) {
        let arguments = Array(call.arguments.map(\.expression)) + (call.trailingClosure.map { [ExprSyntax($0)] } ?? [])
        for (parameter, taken) in zip(parameters, match) {
            let local = (parameter.secondName ?? parameter.firstName).text
            var type = ManifestDeclarations.typeName(parameter.type)
            if type == "Self" { type = inner.selfType ?? type }
            inner.types[local] = type
            if parameter.ellipsis != nil {
                inner.values[local] = .array(taken.map { value(of: arguments[$0], scope, expecting: type) })
                inner.origins[local] = taken.first.map { position(arguments[$0]) } ?? position(parameter)
            } else if let index = taken.first {
                inner.values[local] = value(of: arguments[index], scope, expecting: type)
                inner.origins[local] = origin
            } else if let defaultValue = parameter.defaultValue?.value {
                inner.values[local] = value(of: defaultValue, inner, expecting: type)
                inner.origins[local] = origin
            } else if parameter.ellipsis == nil {
                let at = position(call)
                inner.values[local] = .unknown(reason: "`\(parameter.firstName.text):` left out of `\(Self.abbreviate(call.calledExpression))(...)`", line: at)
                inner.origins[local] = at
            }
        }
    }

    /// The labels of a call's arguments, a trailing closure last.
    private static func labels(_ call: FunctionCallExprSyntax) -> [String?] {
        call.arguments.map { $0.label?.text } + (call.trailingClosure == nil ? [] : [nil])
    }

    /// The function whose parameters take these labels, and which argument goes to which
    /// parameter. Among overloads that differ by type only, the first whose parameters can
    /// take the written arguments: `.character` is no `String`, `"name"` no manifest enum.
    private func choose(_ functions: [FunctionDeclSyntax], for call: FunctionCallExprSyntax) -> (function: FunctionDeclSyntax, match: [[Int]])? {
        let arguments = Array(call.arguments.map(\.expression))
        var best: (function: FunctionDeclSyntax, match: [[Int]], misfits: Int)?
        for function in functions {
            let parameters = Array(function.signature.parameterClause.parameters)
            guard let match = Self.match(parameters, labels: Self.labels(call)) else { continue }
            var misfits = 0
            for (parameter, taken) in zip(parameters, match) {
                let type = ManifestDeclarations.typeName(parameter.type)
                for index in taken where index < arguments.count {
                    let argument = arguments[index]
                    let implicit = argument.as(MemberAccessExprSyntax.self)?.base == nil && argument.is(MemberAccessExprSyntax.self)
                        || argument.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } == true
                    if implicit, !ManifestDeclarations.takesImplicitMembers(type) { misfits += 1 }
                    if argument.is(StringLiteralExprSyntax.self), let declared = declarations.type(named: type), declared.isEnum || declared.isStruct {
                        misfits += 1
                    }
                }
            }
            if best == nil || misfits < best!.misfits { best = (function, match, misfits) }
            if misfits == 0 { break }
        }
        if let best { return (best.function, best.match) }
        // A call that leaves out required arguments (a manifest older than its helpers) still
        // reaches the one function it names; what it leaves out is unknown.
        let lenient = functions.compactMap { function in
            Self.match(Array(function.signature.parameterClause.parameters), labels: Self.labels(call), lenient: true).map { (function, $0) }
        }
        return lenient.count == 1 ? lenient[0] : nil
    }

    /// The first function whose parameters take these labels.
    private static func choose(_ functions: [FunctionDeclSyntax], labels: [String?]) -> (function: FunctionDeclSyntax, match: [[Int]])? {
        for function in functions {
            if let match = match(Array(function.signature.parameterClause.parameters), labels: labels) { return (function, match) }
        }
        return nil
    }

    /// Swift's rule: arguments in parameter order, a parameter with a default may be left
    /// out, a variadic one takes the unlabelled arguments that follow.
    static func match(_ parameters: [FunctionParameterSyntax], labels: [String?], lenient: Bool = false) -> [[Int]]? {
        var result: [[Int]] = []
        var next = 0
        for parameter in parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            var taken: [Int] = []
            if next < labels.count, labels[next] == label {
                taken.append(next)
                next += 1
                if parameter.ellipsis != nil {
                    while next < labels.count, labels[next] == nil {
                        taken.append(next)
                        next += 1
                    }
                }
            } else if parameter.defaultValue == nil, parameter.ellipsis == nil, !lenient {
                return nil
            }
            result.append(taken)
        }
        return next == labels.count ? result : nil
    }

    // MARK: - Operators

    /// Unfolded operator sequences: `a + b`, `a ?? b`, `a == b`, `a != b`, `a && b`, `a || b`,
    /// `c ? x : y`, and `as` casts (ignored).
    private mutating func valueOfSequence(_ written: [ExprSyntax], _ scope: Scope, _ type: String?, _ passed: inout Bool) -> ManifestValue {
        var elements = written
        if subset == .project {
            while let index = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }) {
                elements.removeSubrange(index...min(index + 1, elements.count - 1))
            }
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
        let operators = subset == .project ? ["||", "&&", "==", "!=", "??", "+"] : ["||", "&&", "==", "!=", "+"]
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

    static func concatenate(_ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.string(let a, let line), .string(let b, _)): return .string(a + b, line: line)
        case (.array(let a), .unknown): return .array(a + [rhs])
        case (.unknown, .array(let b)): return .array([lhs] + b)
        default: return .unknown(reason: "`+` of values not known statically", line: line)
        }
    }

    private func truth(_ value: ManifestValue) -> Bool? {
        switch value {
        case .bool(let value): value
        default: nil
        }
    }

    /// Foundation's `capitalized`: each word's first letter upper case, the rest lower case.
    static func capitalized(_ text: String) -> String {
        var result = ""
        var startOfWord = true
        for character in text {
            result += startOfWord ? character.uppercased() : character.lowercased()
            startOfWord = character == " " || character == "-" || character == "_"
        }
        return result
    }

    // MARK: - #if

    /// The clause a compiler on this machine would take; unknown conditions count as false.
    static func chosenClause(_ node: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        for clause in node.clauses {
            guard let condition = clause.condition else { return clause }
            if Self.compilationCondition(condition) == true { return clause }
        }
        return nil
    }

    static func compilationCondition(_ expr: ExprSyntax) -> Bool? {
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return compilationCondition(prefix.expression).map { !$0 }
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return compilationCondition(only.expression)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
            let l = compilationCondition(elements[0]), r = compilationCondition(elements[2])
            if op == "&&" { return l == false || r == false ? false : (l == true && r == true ? true : nil) }
            if op == "||" { return l == true || r == true ? true : (l == false && r == false ? false : nil) }
            return nil
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch name {
            case "compiler", "swift": return true
            case "canImport": return ["Foundation", "PackageDescription", "Dispatch", "CompilerPluginSupport"].contains(argument) || argument == hostSystemModule
            case "os": return argument == hostOS
            default: return nil
            }
        }
        return nil
    }

    #if os(Linux)
    static let hostOS = "Linux", hostSystemModule = "Glibc"
    #else
    static let hostOS = "macOS", hostSystemModule = "Darwin"
    #endif

    static func abbreviate(_ expr: ExprSyntax) -> String {
        let text = expr.trimmedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
