import StrataSourceTree
import SwiftParser
import SwiftSyntax

/// Evaluates the top level of a Swift manifest statically, statement by statement.
///
/// Understood: `let`/`var` bindings; literals, string interpolation, arrays and `+`;
/// calls like `.target(...)` and `Package(...)` kept as `ManifestCall` values; static
/// members from extensions (`extension Target.Dependency { static let x = ... }`); global
/// functions and computed variables whose body is one expression, with their parameters
/// substituted; `#if` and `if` (conditions on environment variables read as "unset");
/// ternaries; `x.append(...)`, `x.append(contentsOf:)`, `x += ...` and `x = ...` on
/// variables and on their arguments (`package.targets.append(...)`).
/// Everything else becomes `.unknown` with a reason, or a skipped statement in `skipped`.
public struct ManifestEvaluator {
    public private(set) var variables: [String: ManifestValue] = [:]
    /// Statements that could not be evaluated and look like they define targets or products.
    public private(set) var skipped: [(line: Int, reason: String)] = []
    /// Conditions that could not be decided and were taken as false.
    public private(set) var assumptions: [(line: Int, reason: String)] = []

    private var functions: [String: FunctionDeclSyntax] = [:]
    private var computed: [String: ExprSyntax] = [:]
    private var staticMembers: [String: ExprSyntax] = [:]
    private var depth = 0
    private let lines: LineTable

    public init(source: [UInt8]) {
        lines = LineTable(source)
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
        collectDeclarations(tree.statements)
        run(tree.statements)
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    // MARK: - Declarations usable before their line (functions, computed vars, extensions)

    private mutating func collectDeclarations(_ statements: CodeBlockItemListSyntax) {
        for item in statements {
            if let function = item.item.as(FunctionDeclSyntax.self) {
                functions[function.name.text] = function
            } else if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let body = Self.singleExpression(of: binding.accessorBlock)
                    else { continue }
                    computed[name] = body
                }
            } else if let ext = item.item.as(ExtensionDeclSyntax.self) {
                for member in ext.memberBlock.members {
                    if let variable = member.decl.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings {
                            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                            else { continue }
                            if let value = binding.initializer?.value {
                                staticMembers[name] = value
                            } else if let body = Self.singleExpression(of: binding.accessorBlock) {
                                staticMembers[name] = body
                            }
                        }
                    } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                        functions[function.name.text] = function
                    }
                }
            } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self),
                case .statements(let inner)? = chosenClause(ifConfig)?.elements
            {
                collectDeclarations(inner)
            }
        }
    }

    static func singleExpression(of accessor: AccessorBlockSyntax?) -> ExprSyntax? {
        guard let accessor else { return nil }
        switch accessor.accessors {
        case .getter(let body):
            return singleExpression(of: body)
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.text == "get" }?.body.flatMap { singleExpression(of: $0.statements) }
        }
    }

    static func singleExpression(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expr = item.as(ExprSyntax.self) { return expr }
        if let ret = item.as(ReturnStmtSyntax.self) { return ret.expression }
        return nil
    }

    // MARK: - Statements

    private mutating func run(_ statements: CodeBlockItemListSyntax) {
        for item in statements { run(item) }
    }

    private mutating func run(_ item: CodeBlockItemSyntax) {
        switch item.item {
        case .decl(let decl):
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let value = binding.initializer?.value {
                        variables[name] = evaluate(value)
                    }
                }
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = chosenClause(ifConfig)?.elements { run(inner) }
            }
        case .stmt(let stmt):
            if let expression = stmt.as(ExpressionStmtSyntax.self)?.expression, let ifExpr = expression.as(IfExprSyntax.self) {
                runIf(ifExpr)
            } else {
                skip(stmt)
            }
        case .expr(let expr):
            if let ifExpr = expr.as(IfExprSyntax.self) {
                runIf(ifExpr)
            } else if !runMutation(expr) {
                skip(expr)
            }
        }
    }

    private mutating func runIf(_ node: IfExprSyntax) {
        var condition: Bool? = true
        for element in node.conditions {
            guard case .expression(let expr) = element.condition else { condition = nil; break }
            let value = truth(evaluate(expr))
            if value == false { condition = false; break }
            if value == nil { condition = nil }
        }
        if condition == nil {
            assumptions.append((line(node), "`if \(node.conditions.trimmedDescription)` could not be decided statically; assumed false"))
        }
        if condition == true {
            run(node.body.statements)
        } else if let elseBody = node.elseBody {
            switch elseBody {
            case .codeBlock(let block): run(block.statements)
            case .ifExpr(let nested): runIf(nested)
            }
        }
    }

    /// Records a statement that was not evaluated when it could add targets or products.
    private mutating func skip(_ node: some SyntaxProtocol) {
        let text = node.trimmedDescription
        let adds = ["targets.append", "targets +=", "products.append", "products +=", "targets =", "products ="]
        let defines = [".target(", ".executableTarget(", ".testTarget(", ".library(", ".executable(", ".macro(", ".plugin("]
        guard adds.contains(where: text.contains) || defines.contains(where: text.contains) else { return }
        let kind = text.split(separator: " ").first.map(String.init) ?? "statement"
        skipped.append((line(node), "`\(kind)` statement not evaluated statically"))
    }

    /// `x.append(e)`, `x.append(contentsOf: e)`, `x += e`, `x = e`, with `x` a variable or a
    /// variable's argument (`package.targets`).
    private mutating func runMutation(_ expr: ExprSyntax) -> Bool {
        if let call = expr.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            callee.declName.baseName.text == "append", let base = callee.base, let path = Self.path(base),
            let argument = call.arguments.first
        {
            let value = evaluate(argument.expression)
            let addition: ManifestValue = argument.label?.text == "contentsOf" ? value : .array([value])
            let at = line(expr)
            update(path) { Self.concatenate($0 ?? .array([]), addition, line: at) }
            return true
        }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard let path = Self.path(elements[0]) else { return false }
            let value = evaluate(elements[2])
            if let op = elements[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "+=" {
                let at = line(expr)
                update(path) { Self.concatenate($0 ?? .array([]), value, line: at) }
                return true
            }
            if elements[1].is(AssignmentExprSyntax.self) {
                update(path) { _ in value }
                return true
            }
        }
        return false
    }

    private static func path(_ expr: ExprSyntax) -> [String]? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = path(base) {
            return prefix + [member.declName.baseName.text]
        }
        return nil
    }

    private mutating func update(_ path: [String], _ transform: (ManifestValue?) -> ManifestValue) {
        guard let name = path.first else { return }
        if path.count == 1 {
            variables[name] = transform(variables[name])
        } else if path.count == 2, case .call(var call)? = variables[name] {
            call[path[1]] = transform(call[path[1]])
            variables[name] = .call(call)
        }
    }

    // MARK: - Expressions

    public mutating func evaluate(_ expr: ExprSyntax, parameters: [String: ManifestValue] = [:]) -> ManifestValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { return .unknown(reason: "expression nested too deeply", line: line(expr)) }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in literal.segments {
                if let plain = segment.as(StringSegmentSyntax.self) {
                    text += plain.content.text
                } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    interpolation.expressions.count == 1, let inner = interpolation.expressions.first
                {
                    switch evaluate(inner.expression, parameters: parameters) {
                    case .string(let value, _): text += value
                    case .int(let value): text += String(value)
                    default: return .unknown(reason: "string interpolation `\(inner.trimmedDescription)`", line: line(expr))
                    }
                }
            }
            return .string(text, line: line(expr))
        }
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(ManifestValue.int)
                ?? .unknown(reason: "integer", line: line(expr))
        }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .null }
        if let array = expr.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { evaluate($0.expression, parameters: parameters) })
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression, parameters: parameters)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let value = parameters[name] ?? variables[name] { return value }
            if let body = computed[name] { return evaluate(body) }
            return .unknown(reason: "`\(name)` is not known statically", line: line(expr))
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return evaluateMember(member, parameters: parameters)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return evaluateCall(call, parameters: parameters)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return evaluateSequence(Array(sequence.elements), parameters: parameters)
        }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self),
            subscriptCall.calledExpression.trimmedDescription.hasSuffix("environment")
        {
            // Environment variables are taken as unset: the manifest as a plain `swift build` sees it.
            return .null
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            if let value = truth(evaluate(prefix.expression, parameters: parameters)) { return .bool(!value) }
            return .unknown(reason: "`\(expr.trimmedDescription)`", line: line(expr))
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            let condition = truth(evaluate(ternary.condition, parameters: parameters))
            return evaluate(condition == true ? ternary.thenExpression : ternary.elseExpression, parameters: parameters)
        }
        return .unknown(reason: "`\(Self.abbreviate(expr))`", line: line(expr))
    }

    private mutating func evaluateMember(_ member: MemberAccessExprSyntax, parameters: [String: ManifestValue]) -> ManifestValue {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            if let body = staticMembers[name] { return evaluate(body) }
            return .member(name)
        }
        // `Target.Dependency.x`, `PackageDescription.Product.x`: a type path, not a value.
        if base.trimmedDescription.first?.isUppercase == true, Self.path(base) != nil,
            variables[base.trimmedDescription] == nil
        {
            if let body = staticMembers[name] { return evaluate(body) }
            return .member(name)
        }
        if case .call(let call) = evaluate(base, parameters: parameters) {
            return call[name] ?? .array([])
        }
        return .unknown(reason: "`\(Self.abbreviate(ExprSyntax(member)))`", line: line(member))
    }

    private mutating func evaluateCall(_ call: FunctionCallExprSyntax, parameters: [String: ManifestValue]) -> ManifestValue {
        let arguments = call.arguments.map {
            ManifestCall.Argument(label: $0.label?.text, value: evaluate($0.expression, parameters: parameters))
        }
        let callee = call.calledExpression
        let name: String
        if let member = callee.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            if let base = member.base, base.trimmedDescription.first?.isUppercase != true {
                return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: line(call))
            }
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: line(call))
        }
        if call.trailingClosure != nil {
            return .unknown(reason: "closure in `\(Self.abbreviate(ExprSyntax(call)))`", line: line(call))
        }
        if let function = functions[name] {
            return substitute(function, arguments, at: line(call))
        }
        return .call(ManifestCall(name: name, arguments: arguments, line: line(call)))
    }

    /// Calls a manifest-defined function whose body is one expression.
    private mutating func substitute(_ function: FunctionDeclSyntax, _ arguments: [ManifestCall.Argument], at callLine: Int) -> ManifestValue {
        guard let body = function.body.flatMap({ Self.singleExpression(of: $0.statements) }) else {
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
                bound[local] = evaluate(defaultValue)
            }
        }
        return evaluate(body, parameters: bound)
    }

    /// Unfolded operator sequences: `a + b + c`, `a == b`, `a != b`, `a && b`, `a || b`, `c ? x : y`.
    private mutating func evaluateSequence(_ elements: [ExprSyntax], parameters: [String: ManifestValue]) -> ManifestValue {
        guard let first = elements.first else { return .null }
        if elements.count == 1 { return evaluate(first, parameters: parameters) }
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            let condition = truth(evaluateSequence(Array(elements[..<index]), parameters: parameters))
            if condition == true { return evaluate(ternary.thenExpression, parameters: parameters) }
            return evaluateSequence(Array(elements[(index + 1)...]), parameters: parameters)
        }
        for op in ["||", "&&", "==", "!=", "+"] {
            guard let index = elements.lastIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == op }) else { continue }
            let lhs = evaluateSequence(Array(elements[..<index]), parameters: parameters)
            let rhs = evaluateSequence(Array(elements[(index + 1)...]), parameters: parameters)
            switch op {
            case "+": return Self.concatenate(lhs, rhs, line: line(first))
            case "==", "!=":
                if lhs.unknownReason != nil || rhs.unknownReason != nil { return .unknown(reason: "comparison", line: line(first)) }
                return .bool(lhs.sameValue(as: rhs) == (op == "=="))
            case "&&":
                if truth(lhs) == false || truth(rhs) == false { return .bool(false) }
                if let l = truth(lhs), let r = truth(rhs) { return .bool(l && r) }
                return .unknown(reason: "condition", line: line(first))
            default:
                if truth(lhs) == true || truth(rhs) == true { return .bool(true) }
                if let l = truth(lhs), let r = truth(rhs) { return .bool(l || r) }
                return .unknown(reason: "condition", line: line(first))
            }
        }
        return .unknown(reason: "`\(elements.map(\.trimmedDescription).joined(separator: " "))`", line: line(first))
    }

    private static func concatenate(_ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
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

    // MARK: - #if

    /// The clause a compiler on this machine would take; unknown conditions count as false.
    private func chosenClause(_ node: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
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
