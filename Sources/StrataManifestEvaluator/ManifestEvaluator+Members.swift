import SwiftSyntax

/// Members: `self` and its properties, enum cases and their raw
/// values and computed properties, static properties reached through a type or an implicit
/// `.member`, struct properties, and the bodies that compute them.
extension ManifestEvaluator {
    /// A property of `self` named without `self.` inside a method, or a static property of
    /// the type in a static member.
    mutating func memberOfSelf(_ name: String, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue? {
        if let selfValue = scope.selfValue {
            if case .member(let caseName) = selfValue, name == "rawValue" { return rawValue(of: caseName, hint: scope.selfType) }
            if let found = instanceMember(name, of: selfValue, hint: scope.selfType) {
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

    mutating func valueOfMember(_ member: MemberAccessExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { return implicitMember(name, expecting: type, at, &passed) }
        if name == "environment", ["ProcessInfo.processInfo", "Context"].contains(base.trimmedDescription) {
            return .call(ManifestCall(name: Self.environment, arguments: [], line: at))
        }
        // `ModulePath.Feature.home.rawValue`: the base is a value reached through a type.
        let throughType = valueThroughType(base, scope)
        if let typeName = typePath(base, scope) ?? implicitTypePath(base, expecting: type), throughType == nil {
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
    func valueThroughType(_ expr: ExprSyntax, _ scope: Scope) -> (type: String, member: String)? {
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let typeName = typePath(base, scope),
            let declared = declarations.type(named: typeName)
        else { return nil }
        let name = member.declName.baseName.text
        guard name == "allCases" || declared.enumCase(name) != nil || staticProperty(name, of: declared) != nil else { return nil }
        return (declared.name, name)
    }

    /// A dotted path of names that starts with a type (`Layer`, `ModulePaths.Feature`,
    /// `Self`), or `self` in a static member.
    func typePath(_ expr: ExprSyntax, _ scope: Scope) -> String? {
        guard let path = Self.path(expr), let first = path.first else { return nil }
        if first == "Self" || (first == "self" && scope.selfValue == nil && scope.selfType != nil) {
            return ([scope.selfType ?? first] + path.dropFirst()).joined(separator: ".")
        }
        guard first.first?.isUppercase == true, scope.values[first] == nil, variables[first] == nil else { return nil }
        return ((nestedType(first, in: scope.selfType).map { [$0] } ?? [first]) + path.dropFirst()).joined(separator: ".")
    }

    /// A type nested in the expected one, named by an implicit member chain: `.SPM` in
    /// `.SPM.snapKit` where a `TargetDependency` is expected is `TargetDependency.SPM`
    /// (declared in `extension TargetDependency { enum SPM {} }`). Without an expected type, or
    /// when it has no such nested type, the one declared type whose name ends so.
    func implicitTypePath(_ expr: ExprSyntax, expecting type: String?) -> String? {
        guard let path = Self.path(expr, implicit: true)?.joined(separator: ".") else { return nil }
        if let element = ManifestDeclarations.elementType(type) {
            let nested = element + "." + path
            if declarations.type(named: nested) != nil { return nested }
        }
        let matches = declarations.types.keys.filter { $0 == path || $0.hasSuffix("." + path) }
        return matches.count == 1 ? matches.first : nil
    }

    /// The declared type of what an expression names, for the members of enum cases.
    func hint(for expr: ExprSyntax, _ scope: Scope) -> String? {
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if name == "self" { return scope.selfType }
        return declaredType(name, scope)
    }

    /// `.name` where a type is expected: a case or static property of that type when the
    /// manifest declares it, else a member of a built-in type (`.framework`).
    mutating func implicitMember(_ name: String, expecting type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
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

    func staticProperty(_ name: String, of type: ManifestDeclarations.TypeDeclaration) -> (owner: String, member: ManifestDeclarations.Member)? {
        for declared in declarations.lineage(of: type) {
            if let member = declared.staticProperties[name] { return (type.name, member) }
        }
        return nil
    }

    /// A property of a value: of strings and arrays, of the manifest's enums and structs, or
    /// an argument of a call.
    mutating func propertyValue(_ name: String, of receiver: ManifestValue, hint: String?, at: Int, _ passed: inout Bool) -> ManifestValue {
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
        case .tuple(let items, let labels):
            if let element = Self.element(name, of: items, labels: labels) {
                passed = true
                return element
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
        if case .call(let call) = receiver, call.name == Self.environment, name == "keys" {
            return .call(ManifestCall(name: Self.environmentKeys, arguments: [], line: at))
        }
        // `$0.type == .test` over `package.targets`: the kind a target's factory gives it.
        if case .call(let call) = receiver, name == "type", let type = Self.targetTypes[call.name] { return .member(type) }
        if let found = instanceMember(name, of: receiver, hint: hint) {
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

    /// `Target.TargetType` of each of PackageDescription's target factories.
    static let targetTypes = [
        "target": "regular", "executableTarget": "executable", "testTarget": "test", "macro": "macro", "plugin": "plugin",
        "systemLibrary": "system", "binaryTarget": "binary",
    ]

    mutating func rawValue(of caseName: String, hint: String?) -> ManifestValue {
        let owner = declarations.type(named: hint).flatMap { $0.enumCase(caseName) != nil ? $0 : nil }
            ?? declarations.enums(withCase: caseName).first
        if let raw = owner?.enumCase(caseName)?.rawValue { return value(of: raw, Scope()) }
        return .string(caseName)
    }

    /// The types whose members apply to a value: a struct's own, an enum case's enums (the
    /// hinted one first), `String` extensions for strings.
    func owners(of value: ManifestValue, hint: String?) -> [ManifestDeclarations.TypeDeclaration] {
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

    func instanceMember(_ name: String, of value: ManifestValue, hint: String?) -> (owner: String, member: ManifestDeclarations.Member)? {
        for owner in owners(of: value, hint: hint) {
            for declared in declarations.lineage(of: owner) {
                if let member = declared.properties[name] { return (owner.name, member) }
            }
        }
        return nil
    }

    func instanceMethods(_ name: String, of value: ManifestValue, hint: String?) -> [(owner: String, function: FunctionDeclSyntax)] {
        var result: [(String, FunctionDeclSyntax)] = []
        for owner in owners(of: value, hint: hint) {
            for declared in declarations.lineage(of: owner) {
                result += (declared.methods[name] ?? []).map { (owner.name, $0) }
            }
        }
        return result
    }

    mutating func evaluate(_ member: ManifestDeclarations.Member, selfValue: ManifestValue?, selfType: String?, at: Int) -> ManifestValue {
        bodies += 1
        defer { bodies -= 1 }
        var scope = Scope()
        scope.selfValue = selfValue
        scope.selfType = selfType
        scope.returnType = member.type.map { qualify($0, in: selfType) }
        return bodyValue(member.body, &scope, type: scope.returnType, at: at)
    }

    mutating func bodyValue(_ body: ManifestDeclarations.Body, _ scope: inout Scope, type: String?, at: Int) -> ManifestValue {
        switch body {
        case .expression(let expr): return value(of: expr, scope, expecting: type)
        case .statements(let statements): return blockValue(statements, &scope, at: at, what: "a computed property")
        }
    }

    /// The value of a body: its only expression, else what its `return` gives.
    mutating func blockValue(_ statements: CodeBlockItemListSyntax, _ scope: inout Scope, at: Int, what: String) -> ManifestValue {
        if let single = ManifestDeclarations.singleExpression(of: statements) {
            return value(of: single, scope, expecting: scope.returnType)
        }
        if case .returned(let value) = execute(statements, &scope) { return value }
        return .unknown(reason: "\(what) returns no value statically", line: at)
    }
}
