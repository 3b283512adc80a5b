import SwiftSyntax

/// Bindings and mutation: names bound in the manifest's top level or a scope, their declared
/// types, and `append`, `insert`, `+=` and `=` on a variable, a variable's argument
/// (`package.targets`) or a property of `self`, seen wherever the object is listed.
extension ManifestEvaluator {
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
}
