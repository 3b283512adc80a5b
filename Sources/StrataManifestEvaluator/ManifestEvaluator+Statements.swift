import SwiftSyntax

/// Statements: `let` and `var` bindings, `if`, `guard`, `switch`, `for` and `forEach` loops
/// (whose changes to the elements of `package.targets` are written back), `do`, `return`,
/// `break` and `continue`; a statement not evaluated is recorded when it could add targets or
/// products.
extension ManifestEvaluator {
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
    /// Records a statement that was not evaluated when it could add targets or products.
    mutating func skip(_ node: some SyntaxProtocol) {
        let text = node.trimmedDescription
        let adds = ["targets.append", "targets +=", "products.append", "products +=", "targets =", "products ="]
        let defines = [".target(", ".executableTarget(", ".testTarget(", ".library(", ".executable(", ".macro(", ".plugin(", "Target("]
        guard adds.contains(where: text.contains) || defines.contains(where: text.contains) else { return }
        let kind = text.split(separator: " ").first.map(String.init) ?? "statement"
        skipped.append((position(node), "`\(kind)` statement not evaluated statically"))
    }
}
