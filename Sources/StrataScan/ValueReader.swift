import StrataModel
@_spi(RawSyntax) import SwiftSyntax

/// Reads the expressions and declarations a DI name may be computed from (`ValueExpression`,
/// `ValueFact`): string literals and interpolations, `+`, member paths, enum cases, the
/// variables of loops over a sequence, and properties defined by a constant or a `switch self`.
/// Everything else is `unknown`; depth and width are bounded.
enum ValueReader {
    /// An expression as a `ValueExpression`; with `binding`, the variables of the loops around
    /// it (and the `let`s before it in its blocks) replaced by what binds them.
    static func expression(_ node: ExprSyntax, binding: Bool = false, depth: Int = 0) -> ValueExpression {
        guard depth < ValueExpression.maximumDepth else { return .unknown }
        if let literal = node.as(StringLiteralExprSyntax.self) {
            var parts: [ValueExpression] = []
            for segment in literal.segments {
                if let text = segment.as(StringSegmentSyntax.self) {
                    parts.append(.string(text.content.text))
                } else if let inner = segment.as(ExpressionSegmentSyntax.self), inner.expressions.count == 1,
                          let only = inner.expressions.first, only.label == nil {
                    parts.append(expression(only.expression, binding: binding, depth: depth + 1))
                } else {
                    return .unknown
                }
            }
            guard parts.count <= ValueExpression.maximumParts else { return .unknown }
            if parts.allSatisfy({ if case .string = $0 { true } else { false } }) {
                return .string(parts.map { if case .string(let text) = $0 { text } else { "" } }.joined())
            }
            return .joined(parts)
        }
        if let reference = node.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            let name = reference.baseName.text
            if binding, reference.baseName.tokenKind != .keyword(.self), let bound = self.binding(of: name, at: Syntax(node), depth: depth) {
                return bound
            }
            return .name(name)
        }
        if let member = node.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil {
            let name = member.declName.baseName.text
            guard let base = member.base else { return .implicitMember(name) }
            return .member(expression(base, binding: binding, depth: depth + 1), name)
        }
        if let sequence = node.as(SequenceExprSyntax.self) {
            // a + b + c, strings joined.
            var parts: [ValueExpression] = []
            for (index, element) in sequence.elements.enumerated() {
                if index % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return .unknown }
                } else {
                    parts.append(expression(element, binding: binding, depth: depth + 1))
                }
            }
            return parts.count <= ValueExpression.maximumParts ? .joined(parts) : .unknown
        }
        if let call = node.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String", call.arguments.count == 1,
           let argument = call.arguments.first, argument.label == nil || argument.label?.text == "describing" {
            return .joined([expression(argument.expression, binding: binding, depth: depth + 1)])
        }
        if let array = node.as(ArrayExprSyntax.self), array.elements.count <= ValueExpression.maximumParts {
            return .array(array.elements.map { expression($0.expression, binding: binding, depth: depth + 1) })
        }
        if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return expression(only.expression, binding: binding, depth: depth + 1)
        }
        return .unknown
    }

    /// Sequence methods whose closure's parameter is each element.
    static let iterations: Set<String> = ["forEach", "map", "compactMap", "flatMap"]

    /// What binds `name` where it is used: a `for name in s` or `s.forEach { name in }` around
    /// it (each element of `s`), or a `let name = value` before it in an enclosing block.
    static func binding(of name: String, at node: Syntax, depth: Int) -> ValueExpression? {
        var child = node
        var steps = 0
        for ancestor in sequence(first: node.parent, next: { $0?.parent }).lazy.compactMap({ $0 }) {
            steps += 1
            guard steps < 200 else { return nil }
            defer { child = ancestor }
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                return parameter(name, of: function.signature.parameterClause, depth: depth)
            }
            if let initializer = ancestor.as(InitializerDeclSyntax.self) {
                return parameter(name, of: initializer.signature.parameterClause, depth: depth)
            }
            if ancestor.is(DeclSyntax.self) && !ancestor.is(VariableDeclSyntax.self) { return nil }
            if let loop = ancestor.as(ForStmtSyntax.self), child.id == loop.body.id {
                guard loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
                return .element(expression(loop.sequence, binding: true, depth: depth + 1))
            }
            if let closure = ancestor.as(ClosureExprSyntax.self) {
                guard parameters(of: closure).contains(name) else { continue }
                // `s.forEach { name in ... }`, as a trailing closure or the only argument.
                var call = closure.parent?.as(FunctionCallExprSyntax.self)
                if call == nil { call = closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) }
                guard let call, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                      iterations.contains(member.declName.baseName.text), let base = member.base else { return nil }
                return .element(expression(base, binding: true, depth: depth + 1))
            }
            if let items = ancestor.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    steps += 1
                    if item.id == child.id || steps >= 200 { break }
                    guard let variable = item.item.as(VariableDeclSyntax.self),
                          variable.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return binding.initializer.map { expression($0.value, binding: true, depth: depth + 1) } ?? .unknown
                    }
                }
            }
        }
        return nil
    }

    /// A parameter typed by a type of the repository's stands for each value of the type: an
    /// enum parameter (`for action: Settings.Action`) is each of its cases.
    static func parameter(_ name: String, of clause: FunctionParameterClauseSyntax, depth: Int) -> ValueExpression? {
        guard let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }),
              parameter.ellipsis == nil, parameter.defaultValue == nil, let type = typeExpression(parameter.type, depth: depth + 1)
        else { return nil }
        return .element(.member(type, "allCases"))
    }

    /// `A.B` as the expression naming the type; nil for any other type (a function, a generic).
    static func typeExpression(_ type: TypeSyntax, depth: Int) -> ValueExpression? {
        guard depth < ValueExpression.maximumDepth else { return nil }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
           identifier.name.text.first?.isUppercase == true {
            return .name(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
           let base = typeExpression(member.baseType, depth: depth + 1) {
            return .member(base, member.name.text)
        }
        return nil
    }

    /// A closure's parameter names; `$0` when it declares none.
    static func parameters(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return ["$0"]
        }
    }

    // MARK: Declarations

    /// An enum's cases, each with its raw value (the case's name for a `String` enum without
    /// one); nil when a case has associated values.
    static func enumeration(_ node: EnumDeclSyntax, owner: String?, line: Int) -> ValueFact? {
        let isString = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedText == "String" } ?? false
        var branches: [ValueFact.Branch] = []
        for member in node.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                // Associated values, or a case the parser had to make up.
                guard element.parameterClause == nil, element.name.presence == .present, !element.name.text.isEmpty else { return nil }
                let name = DeclarationFact.plainName(element.name.text)
                let raw = element.rawValue.map { expression($0.value) } ?? (isString ? .string(name) : nil)
                branches.append(ValueFact.Branch(cases: [name], value: raw))
            }
        }
        guard !branches.isEmpty, branches.count <= 1_000 else { return nil }
        return ValueFact(kind: .enumeration, name: node.name.text, owner: owner, branches: branches, line: line)
    }

    /// A `let` with a value, or a computed property of one expression or one `switch self`,
    /// typed `String` or not at all; nil for anything else.
    static func property(_ binding: PatternBindingSyntax, isLet: Bool, owner: String?, line: Int) -> ValueFact? {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        if let type = binding.typeAnnotation?.type, type.trimmedText != "String" { return nil }
        if let initializer = binding.initializer {
            guard isLet, binding.accessorBlock == nil else { return nil }
            let value = expression(initializer.value)
            guard value != .unknown else { return nil }
            return ValueFact(kind: .property, name: name, owner: owner, value: value, line: line)
        }
        guard binding.typeAnnotation != nil, let accessors = binding.accessorBlock else { return nil }
        let body: CodeBlockItemListSyntax?
        switch accessors.accessors {
        case .getter(let statements): body = statements
        case .accessors(let list): body = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let body, let statement = single(body) else { return nil }
        if let choice = statement.as(SwitchExprSyntax.self) {
            guard choice.subject.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
            var branches: [ValueFact.Branch] = []
            for item in choice.cases {
                guard let branch = item.as(SwitchCaseSyntax.self) else { return nil }
                var cases: [String] = []
                if case .case(let label) = branch.label {
                    for pattern in label.caseItems {
                        guard let member = pattern.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self),
                              member.base == nil, member.declName.baseName.presence == .present else { return nil }
                        cases.append(DeclarationFact.plainName(member.declName.baseName.text))
                    }
                }
                branches.append(ValueFact.Branch(cases: cases, value: single(branch.statements).map { expression($0) }))
            }
            guard branches.count <= 1_000 else { return nil }
            return ValueFact(kind: .property, name: name, owner: owner, branches: branches, line: line)
        }
        let value = expression(statement)
        guard value != .unknown else { return nil }
        return ValueFact(kind: .property, name: name, owner: owner, value: value, line: line)
    }

    /// The expression of a body's only statement (`return x` or `x`).
    static func single(_ body: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard body.count == 1, let item = body.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return item.as(ExprSyntax.self)
    }
}

extension ValueReader {
    /// Whether `property` may find a value in this binding, from what it checks first: most
    /// bindings (a stored property of another type, a `var` with a value) are not read
    /// further through the node API.
    static func mayDefine(_ binding: RawPatternBindingSyntax, isLet: Bool) -> Bool {
        guard binding.pattern.is(RawIdentifierPatternSyntax.self) else { return false }
        if let type = binding.typeAnnotation?.type, type.raw.trimmedText != "String" { return false }
        if binding.initializer != nil { return isLet && binding.accessorBlock == nil }
        return binding.typeAnnotation != nil && binding.accessorBlock != nil
    }
}
