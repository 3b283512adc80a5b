import SwiftSyntax

/// Tuples: literals, whose labels come from the literal or the tuple type they are given as;
/// elements by label and position (`plugin.name`, `pair.1`, `\.0`); destructuring in `let`,
/// `for`, closure parameters and `switch`; `zip` and `enumerated()`.
extension ManifestEvaluator {
    /// `(name: "A", "Sources/A")`: with `type` a tuple type (or an alias of one), each element
    /// is evaluated as its element type, which tells implicit members such as `.target(...)`
    /// what they belong to, and takes its label where the literal has none.
    mutating func valueOfTuple(_ tuple: TupleExprSyntax, _ scope: Scope, _ type: String?) -> ManifestValue {
        let declared = declarations.tupleElements(type)
        var values: [ManifestValue] = [], labels: [String?] = []
        for (index, element) in tuple.elements.enumerated() {
            let expected = declared.flatMap { index < $0.count ? $0[index] : nil }
            values.append(value(of: element.expression, scope, expecting: expected?.type))
            labels.append(element.label?.text ?? expected?.label)
        }
        return .tuple(values, labels: labels)
    }

    /// A value given as a declared type: a tuple, or a list of tuples, takes the labels of the
    /// tuple type where it has none (Swift converts `("A", "B")` to `(name: String, path: String)`).
    func conform(_ value: ManifestValue, to type: String?) -> ManifestValue {
        guard let type else { return value }
        switch value {
        case .tuple(let items, let labels):
            guard let declared = declarations.tupleElements(type), declared.count == items.count else { return value }
            return .tuple(items, labels: zip(labels, declared).map { $0 ?? $1.label })
        case .array(let items):
            guard let element = ManifestDeclarations.elementType(type), element != ManifestDeclarations.stripped(type),
                declarations.tupleElements(element) != nil
            else { return value }
            return .array(items.map { conform($0, to: element) })
        default:
            return value
        }
    }

    /// A tuple's element named by position (`0`) or by label (`name`).
    static func element(_ name: String, of items: [ManifestValue], labels: [String?]) -> ManifestValue? {
        if let index = Int(name) { return items.indices.contains(index) ? items[index] : nil }
        return labels.firstIndex(of: name).map { items[$0] }
    }

    // MARK: - Destructuring

    /// Binds the names of a pattern to the parts of `value`: `name`, `_`, `(target, product)`,
    /// `(name: n, _)`, nested. Labels of a tuple pattern must be the tuple's in Swift, so
    /// elements are taken by position. A value that is not a tuple of the pattern's size
    /// leaves each name unknown, with the reason.
    mutating func bindPattern(_ pattern: PatternSyntax, _ value: ManifestValue, origin: Int, in scope: inout Scope) {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            bind(identifier.identifier.text, value, origin: origin, in: &scope)
        } else if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            bindPattern(binding.pattern, value, origin: origin, in: &scope)
        } else if let tuple = pattern.as(TuplePatternSyntax.self) {
            let parts: [ManifestValue]
            if case .tuple(let items, _) = value, items.count == tuple.elements.count {
                parts = items
            } else {
                let unknown = value.unknownReason != nil
                    ? value : .unknown(reason: "`\(tuple.trimmedDescription)` taken apart from a value not known statically", line: origin)
                parts = Array(repeating: unknown, count: tuple.elements.count)
            }
            for (element, part) in zip(tuple.elements, parts) { bindPattern(element.pattern, part, origin: origin, in: &scope) }
        }
    }

    /// `let (target, product) = pair`, `var (a, b): (String, String) = ...`; false when the
    /// binding does not take a tuple apart.
    mutating func destructure(_ binding: PatternBindingSyntax, _ scope: inout Scope) -> Bool {
        guard binding.pattern.is(TuplePatternSyntax.self), let initial = binding.initializer?.value else { return false }
        let type = binding.typeAnnotation.map { ManifestDeclarations.typeName($0.type) }
        let value = conform(self.value(of: initial, scope, expecting: type), to: type)
        bindPattern(binding.pattern, value, origin: origin, in: &scope)
        return true
    }

    /// Swift hands a closure of several parameters the elements of the tuple it is applied to
    /// (`pairs.map { target, product in ... }`, `{ (t, p) in ... }`, `{ $1 }`): the names a
    /// closure binds to its arguments, `$0`... included.
    static func closureBindings(_ arguments: [ManifestValue], _ closure: ClosureExprSyntax) -> [(name: String, value: ManifestValue)] {
        let names = parameterNames(of: closure)
        var spread = arguments
        if arguments.count == 1, case .tuple(let items, _) = arguments[0], items.count > 1,
            names.count == items.count || (names.isEmpty && closure.statements.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind == .dollarIdentifier("$1")
            })
        {
            spread = items
        }
        var bindings: [(name: String, value: ManifestValue)] = []
        for (index, argument) in spread.enumerated() {
            bindings.append(("$\(index)", argument))
            if index < names.count { bindings.append((names[index], argument)) }
        }
        return bindings
    }

    // MARK: - Patterns in switch

    /// `case (.linux, let name)`, `case let (a, b)` against a tuple subject: each element, a
    /// pattern or an expression as the parser gives it, against its part.
    mutating func matchTuple(
        _ elements: [Syntax], _ subject: ManifestValue, _ bindings: inout [String: ManifestValue], binding: Bool, _ scope: Scope
    ) -> Bool? {
        guard case .tuple(let items, _) = subject else { return subject.unknownReason == nil ? false : nil }
        guard items.count == elements.count else { return false }
        for (element, item) in zip(elements, items) {
            let matched = if let pattern = element.as(PatternSyntax.self) {
                match(pattern, item, &bindings, binding: binding, scope)
            } else if let expr = element.as(ExprSyntax.self) {
                match(expr, item, &bindings, binding: binding, scope)
            } else {
                Bool?.none
            }
            if matched != true { return matched }
        }
        return true
    }

    // MARK: - Functions that make tuples

    /// `zip(a, b)`: the pairs of two known lists, as many as the shorter has.
    mutating func zipValue(_ call: FunctionCallExprSyntax, _ scope: Scope, at: Int) -> ManifestValue? {
        guard call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil }), call.trailingClosure == nil else { return nil }
        let lists = call.arguments.map { value(of: $0.expression, scope) }
        guard case .array(let first) = lists[0], case .array(let second) = lists[1] else {
            return lists.first { $0.unknownReason != nil } ?? .unknown(reason: "`zip` of values that are not lists", line: at)
        }
        return .array(zip(first, second).map { .tuple([$0, $1], labels: [nil, nil]) })
    }

    /// `list.enumerated()`: each element with its offset, labelled as Swift labels them.
    static func enumerated(_ items: [ManifestValue]) -> ManifestValue {
        .array(items.enumerated().map { .tuple([.int($0.offset), $0.element], labels: ["offset", "element"]) })
    }
}
