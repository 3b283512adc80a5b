import SwiftSyntax

/// Calls: which function a call means (a local or global function,
/// a static function of the expected or named type, a method of `self`, an initializer),
/// chosen by argument labels and the written arguments' kinds, then invoked with its
/// parameters bound; what the manifest does not define stays a `ManifestCall` value.
extension ManifestEvaluator {
    /// The value of a call: a closure called in place, a call through a member (`memberCall`),
    /// or a function named alone, chosen from the manifest's own (local, of `self`, of its type,
    /// global) before the types it declares and the built-ins.
    mutating func projectCall(_ call: FunctionCallExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let callee = call.calledExpression
        if let closure = callee.as(ClosureExprSyntax.self), call.arguments.isEmpty {
            passed = true
            return apply(closure, to: [], scope, returning: type)
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            return memberCall(member, call, scope, type, at, &passed)
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
        if name == "String", let label = call.arguments.first?.label?.text, label.hasPrefix("contentsOf") {
            // Reads the file system: what it returns is unknown without running the manifest.
            return .unknown(reason: "`String(\(label):)` reads a file", line: at)
        }
        if name == "String", call.arguments.count == 1, let argument = call.arguments.first {
            let value = self.value(of: argument.expression, scope)
            return describe(value).map { .string($0) } ?? value
        }
        if name == "Array" || name == "Set", call.arguments.count == 1, let argument = call.arguments.first {
            passed = true
            return value(of: argument.expression, scope)
        }
        if name == "zip", let pairs = zipValue(call, scope, at: at) { return pairs }
        return builtinCall(name, call, scope, at: at)
    }

    /// `base.name(...)`: an environment variable read through Tuist or a plugin's context, a
    /// static function of a type, or a method of a value; `.name(...)` an implicit member.
    mutating func memberCall(
        _ member: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax, _ scope: Scope, _ type: String?, _ at: Int,
        _ passed: inout Bool
    ) -> ManifestValue {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            return implicitCall(name, call, scope, expecting: type, at, &passed)
        }
        // Tuist's `Environment.isCI.getBoolean(default: false)`: the default, as unset.
        if ["getBoolean", "getString", "getInt"].contains(name), base.trimmedDescription.hasPrefix("Environment.") {
            readEnvironment(base.trimmedDescription, at: at)
            guard let fallback = call.arguments.first(where: { $0.label?.text == "default" }) else { return .null }
            passed = true
            return value(of: fallback.expression, scope)
        }
        // `Context.environment.keys.contains("X")`: a plain build sets no variable.
        if name == "contains", base.trimmedDescription.hasSuffix("environment.keys") {
            let key = call.arguments.first.map { value(of: $0.expression, scope) }
            readEnvironment(key?.string ?? "", at: at)
            return .bool(false)
        }
        if valueThroughType(base, scope) == nil, let typeName = typePath(base, scope) ?? implicitTypePath(base, expecting: type) {
            return typeCall(typeName, name, call, scope, at, &passed)
        }
        return methodCall(name, on: base, call, scope, expecting: type, at, &passed)
    }

    func context(selfValue: ManifestValue?, selfType: String?) -> Scope {
        var scope = Scope()
        scope.selfValue = selfValue
        scope.selfType = selfType
        return scope
    }

    /// `.name(...)` where a type is expected: a static function or enum case of that type when
    /// the manifest declares one, else a built-in (`.target(name:)`).
    mutating func implicitCall(
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

    mutating func typeCall(
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

    func staticMethod(_ name: String, of type: ManifestDeclarations.TypeDeclaration, for call: FunctionCallExprSyntax) -> (function: FunctionDeclSyntax, match: [[Int]])? {
        for declared in declarations.lineage(of: type) {
            let candidates = (declared.staticMethods[name] ?? []).filter { !active.contains($0.id) }
            if let chosen = choose(candidates, for: call) { return chosen }
        }
        return nil
    }

    /// A call the manifest does not define, kept as a value (`Target(...)`, `.project(...)`).
    mutating func builtinCall(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope, at: Int) -> ManifestValue {
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
    mutating func construct(_ type: ManifestDeclarations.TypeDeclaration, _ call: FunctionCallExprSyntax, _ scope: Scope, at: Int) -> ManifestValue {
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


    /// Calls a manifest-defined function, its arguments evaluated where it is called and its
    /// defaults in its own context.
    mutating func invoke(
        _ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax, _ match: [[Int]], _ scope: Scope, context: Scope, at: Int
    ) -> ManifestValue {
        guard let body = function.body else { return .unknown(reason: "function `\(function.name.text)` has no body", line: at) }
        guard !active.contains(function.id) else {
            return .unknown(reason: "recursive call of `\(function.name.text)`", line: at)
        }
        var inner = context
        bindArguments(Array(function.signature.parameterClause.parameters), match, call, scope, into: &inner)
        inner.returnType = function.signature.returnClause.map { qualify(ManifestDeclarations.typeName($0.type), in: context.selfType) }
        if inner.returnType == "Self" { inner.returnType = context.selfType }
        active.insert(function.id)
        bodies += 1
        defer {
            active.remove(function.id)
            bodies -= 1
        }
        return blockValue(body.statements, &inner, at: at, what: "function `\(function.name.text)`")
    }

    mutating func bindArguments(
        _ parameters: [FunctionParameterSyntax], _ match: [[Int]], _ call: FunctionCallExprSyntax, _ scope: Scope, into inner: inout Scope
    ) {
        let arguments = Array(call.arguments.map(\.expression)) + (call.trailingClosure.map { [ExprSyntax($0)] } ?? [])
        for (parameter, taken) in zip(parameters, match) {
            let local = (parameter.secondName ?? parameter.firstName).text
            var type = ManifestDeclarations.typeName(parameter.type)
            if type == "Self" { type = inner.selfType ?? type }
            type = qualify(type, in: inner.selfType)
            inner.types[local] = type
            if parameter.ellipsis != nil {
                inner.values[local] = .array(taken.map { value(of: arguments[$0], scope, expecting: type) })
                inner.origins[local] = taken.first.map { position(arguments[$0]) } ?? position(parameter)
            } else if let index = taken.first {
                inner.values[local] = conform(value(of: arguments[index], scope, expecting: type), to: type)
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
    static func labels(_ call: FunctionCallExprSyntax) -> [String?] {
        call.arguments.map { $0.label?.text } + (call.trailingClosure == nil ? [] : [nil])
    }

    /// The function whose parameters take these labels, and which argument goes to which
    /// parameter. Among overloads that differ by type only, the first whose parameters can
    /// take the written arguments: `.character` is no `String`, `"name"` no manifest enum.
    func choose(_ functions: [FunctionDeclSyntax], for call: FunctionCallExprSyntax) -> (function: FunctionDeclSyntax, match: [[Int]])? {
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
    static func choose(_ functions: [FunctionDeclSyntax], labels: [String?]) -> (function: FunctionDeclSyntax, match: [[Int]])? {
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
}
