import SwiftSyntax

/// Methods of values: `map`, `flatMap`, `compactMap`, `filter`,
/// `reduce`, `contains`, `joined` on arrays, common `String` methods, methods of the
/// manifest's own types, closures applied to elements, and `Configurable`-style `with { }`.
extension ManifestEvaluator {
    /// `receiver.name(...)`: methods of arrays and strings, and of the manifest's types.
    mutating func methodCall(
        _ name: String, on base: ExprSyntax, _ call: FunctionCallExprSyntax, _ scope: Scope, expecting type: String?, _ at: Int,
        _ passed: inout Bool
    ) -> ManifestValue {
        let receiver = value(of: base, scope)
        if receiver.unknownReason != nil {
            passed = true
            return receiver
        }
        let function = call.trailingClosure.map(ExprSyntax.init) ?? call.arguments.last?.expression
        if receiver.call?.name == Self.environmentKeys, name == "contains" {
            let key = call.arguments.first.map { value(of: $0.expression, scope) }
            readEnvironment(key?.string ?? "", at: at)
            return .bool(false)
        }
        switch receiver {
        case .null:
            return .null
        case .member where ["getBoolean", "getString", "getInt"].contains(name):
            // Tuist's `Environment.x.getBoolean(default:)`: environment variables read as unset.
            readEnvironment(base.trimmedDescription, at: at)
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
        // `spec.with { $0.sources = .interface }`: a method that hands the closure an `inout`
        // copy of the receiver (`Configurable`, `Then`) returns the copy as the closure left it.
        let methods = instanceMethods(name, of: receiver, hint: hint(for: base, scope))
        if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self), call.arguments.count <= 1,
            let method = methods.first?.function,
            method.signature.parameterClause.parameters.first?.type.trimmedDescription.contains("inout") == true
        {
            var inner = scope
            inner.topLevel = false
            inner.values["$0"] = receiver
            let parameter = Self.parameterNames(of: closure).first ?? "$0"
            inner.values[parameter] = receiver
            _ = execute(closure.statements, &inner)
            return inner.values[parameter] ?? receiver
        }
        if let method = choose(methods.map(\.function), for: call),
            let owner = methods.first(where: { $0.function.id == method.function.id })?.owner
        {
            passed = true
            return invoke(method.function, call, method.match, scope, context: context(selfValue: receiver, selfType: owner), at: at)
        }
        return .unknown(reason: "call `\(Self.abbreviate(ExprSyntax(call)))`", line: at)
    }

    /// `type` is what the result should be (`[TargetDependency]`): what `map`'s closure returns
    /// an element of, and `flatMap`'s a list of.
    mutating func arrayMethod(
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
            return select(name, items, call, function, scope, returning: returns, at)
        case "reduce":
            return reduce(items, call, function, scope, at)
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
            return call.arguments.isEmpty ? Self.enumerated(items) : nil
        default:
            return nil
        }
    }

    /// `filter`, `first`, `contains` and `allSatisfy` with a condition each element is given
    /// (`returning` what it returns), and `contains` of one value.
    mutating func select(
        _ name: String, _ items: [ManifestValue], _ call: FunctionCallExprSyntax, _ function: ExprSyntax?, _ scope: Scope,
        returning returns: String?, _ at: Int
    ) -> ManifestValue {
        if name == "contains", call.trailingClosure == nil, let argument = call.arguments.first, argument.label == nil {
            let wanted = value(of: argument.expression, scope)
            if wanted.unknownReason != nil { return wanted }
            return .bool(items.contains { $0.sameValue(as: wanted) })
        }
        var kept: [ManifestValue] = []
        for item in items {
            guard let keep = truth(transform(function, item, scope, returning: returns, at: at)) else {
                return .unknown(reason: "condition of `\(name)`", line: at)
            }
            if keep { kept.append(item) }
        }
        switch name {
        case "filter": return .array(kept)
        case "first": return kept.first ?? .null
        case "contains": return .bool(!kept.isEmpty)
        default: return .bool(kept.count == items.count)
        }
    }

    /// `reduce(initial, +)` or `reduce(initial) { ... }`; nil for any other function.
    mutating func reduce(_ items: [ManifestValue], _ call: FunctionCallExprSyntax, _ function: ExprSyntax?, _ scope: Scope, _ at: Int) -> ManifestValue? {
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
    }

    mutating func stringMethod(_ name: String, _ text: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> ManifestValue? {
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
    mutating func transform(_ function: ExprSyntax?, _ element: ManifestValue, _ scope: Scope, returning type: String? = nil, at: Int) -> ManifestValue {
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
        if let (chosen, owner) = functionReference(function, scope) {
            var inner = context(selfValue: nil, selfType: owner)
            let name = chosen.name.text
            if let first = chosen.signature.parameterClause.parameters.first {
                let type = qualify(ManifestDeclarations.typeName(first.type), in: owner)
                inner.values[(first.secondName ?? first.firstName).text] = conform(element, to: type)
                inner.types[(first.secondName ?? first.firstName).text] = type
            }
            inner.returnType = chosen.signature.returnClause.map { qualify(ManifestDeclarations.typeName($0.type), in: owner) }
            return chosen.body.map { blockValue($0.statements, &inner, at: at, what: "function `\(name)`") }
                ?? .unknown(reason: "function `\(name)` has no body", line: at)
        }
        return .unknown(reason: "`\(Self.abbreviate(function))` applied to each element", line: at)
    }

    /// The function that `map` and friends are given by name: `makeTarget`, `Target.plugin`,
    /// `Target.plugin(spec:)`, one that takes one argument (a reference drops the labels).
    func functionReference(_ expr: ExprSyntax, _ scope: Scope) -> (function: FunctionDeclSyntax, owner: String?)? {
        func single(_ candidates: [FunctionDeclSyntax]) -> FunctionDeclSyntax? {
            Self.choose(candidates, labels: [nil])?.function ?? candidates.first { $0.signature.parameterClause.parameters.count == 1 }
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return single(scope.functions[name] ?? declarations.functions[name] ?? []).map { ($0, nil) }
        }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let typeName = typePath(base, scope),
            let type = declarations.type(named: typeName)
        else { return nil }
        for declared in declarations.lineage(of: type) {
            if let found = single(declared.staticMethods[member.declName.baseName.text] ?? []) { return (found, type.name) }
        }
        return nil
    }

    /// The names a closure gives its parameters (`{ a, b in ... }`); none for `$0` style.
    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: list.map(\.name.text)
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    mutating func apply(_ closure: ClosureExprSyntax, to arguments: [ManifestValue], _ scope: Scope, returning type: String? = nil) -> ManifestValue {
        var inner = scope
        inner.topLevel = false
        // `{ plugin -> (Target, Product) in ... }`: the closure's own return type first.
        inner.returnType = closure.signature?.returnClause.map { ManifestDeclarations.typeName($0.type) } ?? type
        let at = position(closure)
        for (name, argument) in Self.closureBindings(arguments, closure) {
            inner.values[name] = argument
            inner.origins[name] = at
        }
        return blockValue(closure.statements, &inner, at: at, what: "a closure")
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
}
