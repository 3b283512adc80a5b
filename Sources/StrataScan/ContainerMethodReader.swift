import StrataModel
import SwiftSyntax

/// Reads the shape of a hand-written container's methods: a method that stores into one of
/// its type's dictionary properties, or reads one back, under a key made from a parameter
/// (`InjectionFact.Shape.store` and `.read`). Whether a type is a container (a store and a read
/// of the same dictionary, the read returning what its metatype names) is decided later, from
/// every file's facts.
enum ContainerMethodReader {
    /// The dictionary properties a type declares: `var factories: [ObjectIdentifier: Any]`,
    /// `var items = [String: Item.Type]()`, `var items: Dictionary<...>`, `= [:]`.
    static func dictionaries(in members: MemberBlockSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                var type = binding.typeAnnotation?.type
                if let optional = type?.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
                let annotated = type?.is(DictionaryTypeSyntax.self) == true
                    || type?.as(IdentifierTypeSyntax.self)?.name.text == "Dictionary"
                let value = binding.initializer?.value
                let initialized = value?.is(DictionaryExprSyntax.self) == true
                    || value?.as(FunctionCallExprSyntax.self)?.calledExpression.is(DictionaryExprSyntax.self) == true
                if annotated || initialized { names.insert(name) }
            }
        }
        return names
    }

    /// The `store` and `read` facts of one method of a type with these dictionary properties.
    /// With `dictionaries` nil (an extension, whose type's properties are declared in another
    /// file), any property of `self` keyed by the type: the analysis checks in the symbol index
    /// that it is a dictionary the type declares.
    static func facts(
        of function: FunctionDeclSyntax, dictionaries: Set<String>?, context: String, line: (Syntax) -> Int
    ) -> [InjectionFact] {
        guard let body = function.body else { return [] }
        // Subscripts of the type's dictionaries (or, in an extension, of any name) first: most
        // methods have none, and need no more reading.
        let finder = SubscriptFinder(dictionaries: dictionaries)
        finder.walk(body)
        guard !finder.found.isEmpty else { return [] }
        let parameters = Array(function.signature.parameterClause.parameters)
        let method = Method(function, parameters: parameters, body: body)
        let arguments = parameters.map {
            InjectionFact.Argument(label: $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text, text: $0.type.trimmedText)
        }
        let returns = function.signature.returnClause.map { Self.baseName($0.type) }

        // The method's parameters and locals are never a property.
        let bound = dictionaries == nil ? Set(method.parameters).union(method.locals.keys) : []
        let found = finder.found.filter { !bound.contains($0.dictionary) }
        var facts: [InjectionFact] = []
        for (index, access) in found.enumerated() {
            guard let argument = access.subscript.arguments.first?.expression, let key = method.key(argument),
                  dictionaries != nil || key.hasPrefix("type") || key.hasPrefix("keyPath:") else { continue }
            // A read by type returns what the type names (`resolve<T>(_: T.Type) -> T?`), not
            // something else it keys (Vapor's `get<Key>(_: Key.Type) -> Key.Value?`); a read by
            // key path returns the value the key path names (`resolve<T>(_: KeyPath<Self, T>) -> T`).
            if !access.stores, key == "type", !(returns.map(method.isType) ?? false) { continue }
            if !access.stores, let path = method.keyPathParameter(key), returns != method.keyPaths[path] { continue }
            // One fact per method, dictionary and direction.
            if found[..<index].contains(where: { $0.dictionary == access.dictionary && $0.stores == access.stores }) { continue }
            // A store keyed by a generic parameter alone names it: the service is then what the
            // argument of that type is (`interface: T`), or what the closure returning it makes.
            // One keyed by a key path names the value type, which its factory must return.
            let keyType = access.stores
                ? (key == "type" ? method.keyGeneric(argument) : method.keyPathParameter(key).flatMap { method.keyPaths[$0] }) : returns
            var fact = InjectionFact(
                shape: access.stores ? .store : .read, name: function.name.text, receiver: access.dictionary,
                arguments: arguments, type: keyType, context: context, key: key,
                line: line(Syntax(function.name)))
            if key == "type" { fact.keyTerm = method.term(argument).map { "\($0.form):\($0.level)" } }
            if !access.stores, let path = method.keyPathParameter(key), finder.ownKeyPaths.contains(path) { fact.keyTerm = "default" }
            facts.append(fact)
        }
        return facts
    }

    /// A function making a key of its one parameter (`static func key(_ type: Any.Type) ->
    /// String { String(describing: type) }`, `func key<T>(for _: T.Type) -> ObjectIdentifier`):
    /// a `keyHelper` fact with the key as a term over the parameter, which a store's or read's
    /// `keyTerm` calling it (`call:key:<level>`) is resolved by, wherever it is declared.
    static func keyHelper(_ function: FunctionDeclSyntax, context: String?, line: (Syntax) -> Int) -> InjectionFact? {
        let parameters = function.signature.parameterClause.parameters
        guard parameters.count == 1, let parameter = parameters.first, function.signature.returnClause != nil,
              let body = function.body, let last = body.statements.last,
              body.statements.dropLast().allSatisfy({ $0.item.is(VariableDeclSyntax.self) })
        else { return nil }
        guard let made = last.item.as(ReturnStmtSyntax.self)?.expression ?? last.item.as(ExprSyntax.self) else { return nil }
        var method = Method(function, parameters: Array(parameters), body: body)
        // The parameter is the value the key is made of, whatever its declared type (`Any`).
        let name = (parameter.secondName ?? parameter.firstName).text
        if method.metatypes[name] == nil { method.metatypes[name] = "" }
        // A parameter typed by a generic parameter (`_ value: S`) is passed the metatype: `S` is
        // then the metatype's type, a level above what `S.self` would say here.
        if let generic = parameter.type.as(IdentifierTypeSyntax.self)?.name.text { method.generics.remove(generic) }
        // A function returning its argument as it is makes no key.
        guard let term = method.term(made), term.form != "value" || term.level > 0 else { return nil }
        var fact = InjectionFact(shape: .keyHelper, name: function.name.text, context: context, line: line(Syntax(function.name)))
        fact.keyTerm = "\(term.form):\(term.level)"
        return fact
    }

    /// The subscripts of a method's body into the type's dictionaries (any of `self`'s with
    /// `dictionaries` nil), and what `self[keyPath: x]` reads.
    private final class SubscriptFinder: SyntaxVisitor {
        var found: [(subscript: SubscriptCallExprSyntax, dictionary: String, stores: Bool)] = []
        /// What `self[keyPath: x]` reads: a container's fallback on its own property.
        var ownKeyPaths: Set<String> = []
        let dictionaries: Set<String>?
        init(dictionaries: Set<String>?) {
            self.dictionaries = dictionaries
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            let called = node.calledExpression
            if called.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                if let argument = node.arguments.first, argument.label?.text == "keyPath",
                   let path = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    ownKeyPaths.insert(path)
                }
                return .visitChildren
            }
            let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? called.as(MemberAccessExprSyntax.self).flatMap { member in
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                        ? member.declName.baseName.text : nil
                }
            if let name, dictionaries?.contains(name) ?? true {
                found.append((node, name, ContainerMethodReader.isAssigned(node)))
            }
            return .visitChildren
        }
    }

    struct Method {
        var generics: Set<String>
        var parameters: [String]
        /// Metatype parameter name → the type it is the metatype of: `type` → `T`.
        var metatypes: [String: String]
        /// Key path parameter name → the type of the value it names: `keyPath` → `T` for
        /// `KeyPath<Self, T>`.
        var keyPaths: [String: String]
        /// `let key = ObjectIdentifier(T.self)` in the body.
        var locals: [String: ExprSyntax]

        /// What a method's generic parameters, parameters and locals are.
        init(_ function: FunctionDeclSyntax, parameters: [FunctionParameterSyntax], body: CodeBlockSyntax) {
            generics = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
            self.parameters = parameters.map { ($0.secondName ?? $0.firstName).text }
            metatypes = Dictionary(parameters.compactMap { parameter in
                parameter.type.as(MetatypeTypeSyntax.self).map {
                    ((parameter.secondName ?? parameter.firstName).text, ContainerMethodReader.baseName($0.baseType))
                }
            }, uniquingKeysWith: { first, _ in first })
            keyPaths = Dictionary(parameters.compactMap { parameter in
                ContainerMethodReader.keyPathValue(parameter.type).map { ((parameter.secondName ?? parameter.firstName).text, $0) }
            }, uniquingKeysWith: { first, _ in first })
            locals = ContainerMethodReader.locals(in: body)
        }

        /// What a dictionary key is made of (see `InjectionFact.key`), or nil when not of a
        /// parameter.
        func key(_ expression: ExprSyntax, depth: Int = 0) -> String? {
            guard depth < 4 else { return nil }
            // ObjectIdentifier(x), String(describing: x), type(of: x), "\(x)": the key of x.
            if let call = expression.as(FunctionCallExprSyntax.self),
               let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
               Self.keyWrappers.contains(callee), call.arguments.count == 1,
               callee != "type" || call.arguments.first?.label?.text == "of",
               let inner = call.arguments.first?.expression {
                return key(inner, depth: depth + 1)
            }
            // A helper of the container making the key of its one argument: `key(for: T.self)`,
            // `Self.key(T.self)`; trusted only with a key made of the type.
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
               let inner = call.arguments.first?.expression, let made = key(inner, depth: depth + 1), made.hasPrefix("type") {
                return made
            }
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                let segments = literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }
                let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
                guard segments.count == 1, text.isEmpty, let inner = segments[0].expressions.first?.expression else { return nil }
                return key(inner, depth: depth + 1)
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if metatypes[name] != nil { return "type" }
                if let local = locals[name] { return key(local, depth: depth + 1) }
                if let index = parameters.firstIndex(of: name) {
                    return keyPaths[name] != nil ? "keyPath:\(index)" : "value:\(index)"
                }
                return nil
            }
            guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
            let name = member.declName.baseName.text
            if name == "self" {
                // T.self, Item.Interface.self
                if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, isType(type) { return "type" }
                if let inner = base.as(MemberAccessExprSyntax.self),
                   let type = inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, isType(type) {
                    return "type.\(inner.declName.baseName.text)"
                }
                return nil
            }
            // type.injectId, Item.injectId
            if let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text, metatypes[owner] != nil || isType(owner) {
                return "type.\(name)"
            }
            return nil
        }

        static let keyWrappers: Set<String> = ["ObjectIdentifier", "String", "AnyHashable", "type"]

        /// The function a key may be made by: `key` for `key`, `Self.key` or `self.key` (the
        /// container's own, or a top-level one), `Keys.key` for `Keys.key` (another type's); not
        /// an initializer (`Key(…)`) nor a method of a value (`registry.key(…)`).
        static func helperName(_ called: ExprSyntax) -> String? {
            let name: String
            var owner = ""
            if let reference = called.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = called.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
                name = member.declName.baseName.text
                let text = base.baseName.text
                if text == "self" || text == "Self" {
                    owner = ""
                } else if text.first?.isUppercase == true {
                    owner = text + "."
                } else {
                    return nil
                }
            } else {
                return nil
            }
            return name.first.map { $0.isLowercase || $0 == "_" } == true ? owner + name : nil
        }

        /// A key made of the type as a term over it (`InjectionFact.keyTerm`): the outermost
        /// wrapper's form (`call:<name>` for a helper's), and the `type(of:)` taken inside it.
        /// A local shadows a parameter of its name, except in its own initializer
        /// (`let key = String(describing: key)`): `outside` holds the locals being read.
        func term(_ expression: ExprSyntax, depth: Int = 0, outside: Set<String> = []) -> (form: String, level: Int)? {
            guard depth < 6 else { return nil }
            func term(_ expression: ExprSyntax) -> (form: String, level: Int)? { self.term(expression, depth: depth + 1, outside: outside) }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                guard call.arguments.count == 1, let argument = call.arguments.first, let inner = term(argument.expression) else { return nil }
                guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                      Self.keyWrappers.contains(callee)
                else {
                    // A helper's key of the type (`Self.key(T.self)`, `key(for: type(of: T.self))`):
                    // its term is the helper's (a `keyHelper` fact) taken of the argument's.
                    guard inner.form == "value", let helper = Self.helperName(call.calledExpression) else { return nil }
                    return ("call:\(helper)", inner.level)
                }
                // A helper's key made into another (`String(describing: key(T.self))`) is not compared.
                if inner.form.hasPrefix("call:") { return callee == "AnyHashable" ? inner : nil }
                switch (callee, argument.label?.text) {
                case ("type", "of"): return (inner.form, inner.level + 1)
                case ("ObjectIdentifier", _): return ("identifier", inner.level)
                case ("String", "reflecting"): return ("reflecting", inner.level)
                case ("String", _): return ("describing", inner.level)
                default: return inner  // AnyHashable
                }
            }
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                // `"\(T.self)"` alone, as `key` reads it: text around it makes another key.
                let segments = literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }
                let text = literal.segments.lazy.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
                guard segments.count == 1, text.isEmpty, let inner = segments[0].expressions.first?.expression,
                      let made = term(inner), !made.form.hasPrefix("call:") else { return nil }
                return ("describing", made.level)
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if !outside.contains(name), let local = locals[name] {
                    return self.term(local, depth: depth + 1, outside: outside.union([name]))
                }
                return metatypes[name] != nil ? ("value", 0) : nil
            }
            if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
               let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, isType(type) {
                return ("value", 0)
            }
            return nil
        }

        /// The generic parameter a key made of the type is made of, when no metatype
        /// parameter names it (`String(describing: T.self)` in `register<T>(_ make: () -> T)`).
        /// A key kept in a local first (`let key = String(describing: T.self)`) is its value's.
        func keyGeneric(_ expression: ExprSyntax, depth: Int = 0) -> String? {
            guard metatypes.isEmpty else { return nil }
            if depth < 4, let reference = expression.as(DeclReferenceExprSyntax.self), let local = locals[reference.baseName.text] {
                return keyGeneric(local, depth: depth + 1)
            }
            return expression.tokens(viewMode: .sourceAccurate).lazy.map(\.text).first { generics.contains($0) }
        }

        /// A generic parameter of the method, or the type a metatype parameter is of.
        func isType(_ name: String) -> Bool {
            generics.contains(name) || metatypes.values.contains(name)
        }

        /// The key path parameter a `keyPath:i` key is made of.
        func keyPathParameter(_ key: String) -> String? {
            guard key.hasPrefix("keyPath:"), let index = Int(key.dropFirst("keyPath:".count)), parameters.indices.contains(index)
            else { return nil }
            return parameters[index]
        }
    }

    /// `T` for a parameter typed `KeyPath<Root, T>` (or `WritableKeyPath`,
    /// `ReferenceWritableKeyPath`): the value a key path names.
    static func keyPathValue(_ type: TypeSyntax) -> String? {
        guard let identifier = type.as(IdentifierTypeSyntax.self), keyPathTypes.contains(identifier.name.text),
              let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 2, let value = arguments.last
        else { return nil }
        return value.argument.trimmedText
    }

    static let keyPathTypes: Set<String> = ["KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath"]

    /// `let key = ...` declarations of a body, by name.
    static func locals(in body: CodeBlockSyntax) -> [String: ExprSyntax] {
        var locals: [String: ExprSyntax] = [:]
        for item in body.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    locals[name] = value
                }
            }
        }
        return locals
    }

    /// Whether `d[k]` is the target of an assignment: `d[k] = v`.
    static func isAssigned(_ node: SubscriptCallExprSyntax) -> Bool {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == node.id }), index + 1 < elements.count else { return false }
        return elements[index + 1].is(AssignmentExprSyntax.self)
    }

    /// `T` from `T`, `T?`, `T!`, `any T`, `(T)`; the text of anything else.
    static func baseName(_ type: TypeSyntax) -> String {
        if let optional = type.as(OptionalTypeSyntax.self) { return baseName(optional.wrappedType) }
        if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseName(forced.wrappedType) }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return baseName(some.constraint) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return baseName(only.type)
        }
        return type.trimmedText
    }
}
