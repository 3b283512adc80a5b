import SwiftSyntax

/// `switch`: the case a known subject takes, with the bindings of
/// enum payload patterns (`case let .feature(module as any Convertible)`).
extension ManifestEvaluator {
    /// The statements of the case a `switch` takes, with its pattern's bindings in `scope`.
    mutating func chooseCase(_ node: SwitchExprSyntax, _ scope: inout Scope) -> CodeBlockItemListSyntax? {
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

    mutating func match(
        _ pattern: PatternSyntax, _ subject: ManifestValue, _ bindings: inout [String: ManifestValue], binding: Bool, _ scope: Scope
    ) -> Bool? {
        if let node = pattern.as(ValueBindingPatternSyntax.self) { return match(node.pattern, subject, &bindings, binding: true, scope) }
        if let node = pattern.as(IdentifierPatternSyntax.self) {
            bindings[node.identifier.text] = subject
            return true
        }
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let node = pattern.as(ExpressionPatternSyntax.self) { return match(node.expression, subject, &bindings, binding: binding, scope) }
        if let node = pattern.as(TuplePatternSyntax.self) {
            return matchTuple(node.elements.map { Syntax($0.pattern) }, subject, &bindings, binding: binding, scope)
        }
        return nil
    }

    mutating func match(
        _ expr: ExprSyntax, _ subject: ManifestValue, _ bindings: inout [String: ManifestValue], binding: Bool, _ scope: Scope
    ) -> Bool? {
        if let pattern = expr.as(PatternExprSyntax.self) { return match(pattern.pattern, subject, &bindings, binding: true, scope) }
        if expr.is(DiscardAssignmentExprSyntax.self) { return true }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            return matchTuple(tuple.elements.map { Syntax($0.expression) }, subject, &bindings, binding: binding, scope)
        }
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

    /// A type as a member of `owner` writes it (`Dependency`), qualified when `owner` nests it.
    func qualify(_ type: String, in owner: String?) -> String {
        let element = ManifestDeclarations.elementType(type) ?? type
        guard let nested = nestedType(element, in: owner) else { return type }
        return type.replacingOccurrences(of: element, with: nested)
    }

    /// The type a name written in the members of `owner` means when `owner`, or a type that
    /// encloses it, nests one of that name: `Dependency` in `extension Target` is
    /// `Target.Dependency`, as the compiler resolves it.
    func nestedType(_ name: String, in owner: String?) -> String? {
        var enclosing = owner?.split(separator: ".").map(String.init) ?? []
        while !enclosing.isEmpty {
            let candidate = (enclosing + [name]).joined(separator: ".")
            if declarations.types[candidate] != nil || declarations.typeAliases[candidate] != nil { return candidate }
            enclosing.removeLast()
        }
        return nil
    }
}
