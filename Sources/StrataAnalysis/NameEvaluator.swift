import StrataModel

/// Computes the strings a DI name can be (`name: route.coordinatorName` in a loop over
/// `Route.allCases` → every coordinator name) from the repository's `ValueFact`s: enum cases
/// and `allCases`, raw values, properties defined by a constant or a `switch self`, string
/// interpolation and `+` of known values.
///
/// Discovery has an evaluator of its own for manifests, but scanning may not depend on
/// discovery, and a name needs far less: this one reads only the facts the scan kept. It is
/// bounded (depth, steps, set sizes): past a bound a name is not computable, as is any name
/// made of something else (a parameter, user input, a call).
package struct NameEvaluator {
    /// A value an expression can have.
    enum Value: Hashable {
        case string(String)
        case enumCase(type: String, name: String)
        case type(String)
    }

    static let maximumDepth = 24
    static let maximumValues = 256
    static let maximumSteps = 20_000

    /// Enum, by qualified name (`Settings.Action`) → its cases with their raw values.
    let enums: [String: [ValueFact.Branch]]
    /// `Owner.name` (`.name` at the top level), the owner qualified → the facts declaring it.
    let properties: [String: [ValueFact]]
    /// Every type the index declares, by qualified name, and the types declaring properties.
    let types: Set<String>
    /// Last name component → the qualified names ending in it, for a name no scope around it
    /// resolves (a type nested elsewhere, named from another module).
    let byLastName: [String: [String]]

    package init(facts: some Sequence<ValueFact>, types declared: some Sequence<String> = []) {
        var enums: [String: [ValueFact.Branch]] = [:], properties: [String: [ValueFact]] = [:]
        for fact in facts {
            switch fact.kind {
            case .enumeration: enums[fact.owner.map { "\($0).\(fact.name)" } ?? fact.name, default: []] += fact.branches
            case .property: properties["\(fact.owner ?? "").\(fact.name)", default: []].append(fact)
            }
        }
        self.enums = enums
        self.properties = properties
        let types = Set(declared).union(enums.keys).union(properties.values.joined().compactMap(\.owner))
        self.types = types
        var byLastName: [String: [String]] = [:]
        for type in types { byLastName[String(type.split(separator: ".").last ?? ""), default: []].append(type) }
        self.byLastName = byLastName
    }

    /// The type a name written in `owner` refers to: a type nested in `owner` or in a type
    /// around it, else one declared at the top level, else the only type of that name.
    func type(named name: String, in owner: String?) -> String? {
        var scope = owner
        while let current = scope {
            if types.contains("\(current).\(name)") { return "\(current).\(name)" }
            scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        if types.contains(name) { return name }
        if let candidates = byLastName[name], candidates.count == 1 { return candidates[0] }
        return nil
    }

    /// The steps taken, and the first part that could not be bounded.
    struct Budget {
        var steps = 0
        var unbounded: String?

        mutating func fail(_ reason: @autoclosure () -> String) {
            if unbounded == nil { unbounded = reason() }
        }
    }

    /// The strings an expression can be, sorted; nil when it cannot be computed.
    package func strings(_ expression: ValueExpression) -> [String]? {
        names(expression).strings
    }

    /// The strings an expression can be, sorted, or nil and the part that could not be bounded
    /// (what an uncheckable name says).
    ///
    /// A loop variable has one value at a time: `"\(route)/\(route)"` over two routes is two
    /// strings, not four. So the loops are enumerated first, and the expression evaluated once
    /// per combination of their elements.
    func names(_ expression: ValueExpression) -> (strings: [String]?, unbounded: String?) {
        var budget = Budget()
        var loops: [ValueExpression] = []
        Self.loops(in: expression, into: &loops, depth: 0)
        var combinations: [[ValueExpression: Value]] = [[:]]
        for loop in loops {
            guard case .element(let sequence) = loop,
                  let values = elements(sequence, context: Context(), depth: 1, budget: &budget) else { return (nil, budget.unbounded) }
            guard combinations.count * values.count <= Self.maximumValues else {
                return (nil, "more than \(Self.maximumValues) combinations of \(Self.describe(loop))")
            }
            combinations = combinations.flatMap { bound in values.map { bound.merging([loop: $0]) { first, _ in first } } }
        }
        var strings: Set<String> = []
        for bound in combinations {
            guard let values = evaluate(expression, context: Context(bound: bound), depth: 0, budget: &budget) else {
                return (nil, budget.unbounded)
            }
            for value in values {
                guard case .string(let text) = value else { return (nil, "\(Self.describe(expression)) is a case or type, not a string") }
                strings.insert(text)
            }
            guard strings.count <= Self.maximumValues else { return (nil, "more than \(Self.maximumValues) names") }
        }
        return (strings.sorted(), nil)
    }

    /// An expression as the code spells it, for what a note says.
    static func describe(_ expression: ValueExpression) -> String {
        switch expression {
        case .string(let text): return "\"\(text)\""
        case .joined(let parts): return parts.map(describe).joined(separator: " + ")
        case .name(let name): return name
        case .implicitMember(let name): return "." + name
        case .member(let base, let name): return "\(describe(base)).\(name)"
        case .element(let sequence): return "each of \(describe(sequence))"
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .unknown: return "an expression"
        }
    }

    /// The distinct loop variables (`element`s) of an expression.
    static func loops(in expression: ValueExpression, into found: inout [ValueExpression], depth: Int) {
        guard depth < maximumDepth, found.count < 8 else { return }
        switch expression {
        case .element:
            if !found.contains(expression) { found.append(expression) }
        case .joined(let parts), .array(let parts):
            for part in parts { loops(in: part, into: &found, depth: depth + 1) }
        case .member(let base, _):
            loops(in: base, into: &found, depth: depth + 1)
        case .string, .name, .implicitMember, .unknown:
            break
        }
    }

    /// Where an expression is evaluated: inside a type's member (`owner`), for one of its cases
    /// (`self`), with the loop variables' current values (`bound`).
    struct Context {
        var owner: String?
        var value: Value?
        var bound: [ValueExpression: Value] = [:]
    }

    func evaluate(_ expression: ValueExpression, context: Context, depth: Int, budget: inout Budget) -> Set<Value>? {
        budget.steps += 1
        guard depth < Self.maximumDepth, budget.steps < Self.maximumSteps else {
            budget.fail("\(Self.describe(expression)) is nested too deep or takes too long to follow")
            return nil
        }
        switch expression {
        case .string(let text):
            return [.string(text)]
        case .joined(let parts):
            return joined(parts, of: expression, context: context, depth: depth, budget: &budget)
        case .name(let name):
            return named(name, context: context, depth: depth, budget: &budget)
        case .implicitMember(let name):
            guard let owner = context.owner, enums[owner]?.contains(where: { $0.cases == [name] }) == true else {
                budget.fail("`.\(name)` is not a case of a known enum")
                return nil
            }
            return [.enumCase(type: owner, name: name)]
        case .member(let base, let name):
            guard let bases = evaluate(base, context: context, depth: depth + 1, budget: &budget) else { return nil }
            return members(name, of: bases, in: expression, context: context, depth: depth, budget: &budget)
        case .element(let sequence):
            if let value = context.bound[expression] { return [value] }
            return elements(sequence, context: context, depth: depth + 1, budget: &budget)
        case .array, .unknown:
            budget.fail("\(Self.describe(expression)) is a call or an input Strata does not evaluate")
            return nil
        }
    }

    /// An interpolated string: every combination of its parts' values.
    func joined(
        _ parts: [ValueExpression], of expression: ValueExpression, context: Context, depth: Int, budget: inout Budget
    ) -> Set<Value>? {
        var results: Set<String> = [""]
        for part in parts {
            guard let values = evaluate(part, context: context, depth: depth + 1, budget: &budget) else { return nil }
            var texts: [String] = []
            for value in values {
                switch value {
                case .string(let text): texts.append(text)
                case .enumCase(_, let name): texts.append(name)  // "\(route)" is the case's name
                case .type:
                    budget.fail("\(Self.describe(part)) is a type, not a string")
                    return nil
                }
            }
            guard results.count * texts.count <= Self.maximumValues else {
                budget.fail("\(Self.describe(expression)) has more than \(Self.maximumValues) values")
                return nil
            }
            results = Set(results.flatMap { prefix in texts.map { prefix + $0 } })
        }
        return Set(results.map(Value.string))
    }

    /// A name: `self`, `Self`, a member of the type the expression is in, a constant, a type.
    func named(_ name: String, context: Context, depth: Int, budget: inout Budget) -> Set<Value>? {
        if name == "self" { return context.value.map { [$0] } }
        if name == "Self" { return context.owner.map { [.type($0)] } }
        if let owner = context.owner {
            if name == "rawValue", let value = context.value {
                return member(value, "rawValue", context: context, depth: depth, budget: &budget)
            }
            if let values = property(owner, name, context: context, depth: depth, budget: &budget) { return values }
        }
        if let values = property("", name, context: Context(), depth: depth, budget: &budget) { return values }
        if name.first?.isUppercase == true, let type = type(named: name, in: context.owner) {
            return [.type(type)]
        }
        budget.fail("`\(name)` is not a constant, enum case or type declared in the repository")
        return nil
    }

    /// A member `name` of each of the values `bases`, in `expression`.
    func members(
        _ name: String, of bases: Set<Value>, in expression: ValueExpression, context: Context, depth: Int, budget: inout Budget
    ) -> Set<Value>? {
        var results: Set<Value> = []
        for value in bases {
            guard let values = member(value, name, context: context, depth: depth, budget: &budget) else {
                budget.fail("\(Self.describe(expression)) is not a case, a constant or a `switch self` with a value for each case")
                return nil
            }
            results.formUnion(values)
            guard results.count <= Self.maximumValues else {
                budget.fail("\(Self.describe(expression)) has more than \(Self.maximumValues) values")
                return nil
            }
        }
        return results
    }

    /// The elements of a sequence: `T.allCases`, an array literal, or a constant holding one.
    func elements(_ sequence: ValueExpression, context: Context, depth: Int, budget: inout Budget) -> Set<Value>? {
        switch sequence {
        case .member(let base, "allCases"):
            // The type's own failure is what the note says: `String` (a parameter's type) is no enum.
            var probe = Budget(steps: budget.steps)
            let bases = evaluate(base, context: context, depth: depth + 1, budget: &probe)
            budget.steps = probe.steps
            guard let bases, bases.count == 1, case .type(let type)? = bases.first, let cases = enums[type],
                  cases.count <= Self.maximumValues else {
                budget.fail("\(Self.describe(base)) is not an enum of the repository (with cases and no associated values): its values cannot be bounded")
                return nil
            }
            return Set(cases.flatMap(\.cases).map { .enumCase(type: type, name: $0) })
        case .array(let items):
            var results: Set<Value> = []
            for item in items {
                guard let values = evaluate(item, context: context, depth: depth + 1, budget: &budget) else { return nil }
                results.formUnion(values)
            }
            return results
        default:
            budget.fail("\(Self.describe(sequence)) is not a sequence of known values (`T.allCases`, an array literal)")
            return nil
        }
    }

    /// `value.name`: a case of a type, a static property, a case's raw value or one of its
    /// type's properties for that case.
    func member(_ value: Value, _ name: String, context: Context, depth: Int, budget: inout Budget) -> Set<Value>? {
        switch value {
        case .type(let type):
            if enums[type]?.contains(where: { $0.cases == [name] }) == true { return [.enumCase(type: type, name: name)] }
            if let values = property(type, name, context: Context(owner: type), depth: depth, budget: &budget) { return values }
            // A nested type, `Outer.Route`.
            if types.contains("\(type).\(name)") { return [.type("\(type).\(name)")] }
            return name.first?.isUppercase == true ? self.type(named: name, in: nil).map { [.type($0)] } : nil
        case .enumCase(let type, let caseName):
            if name == "rawValue" {
                guard let raw = enums[type]?.first(where: { $0.cases == [caseName] })?.value else { return nil }
                return evaluate(raw, context: Context(owner: type), depth: depth + 1, budget: &budget)
            }
            return property(type, name, context: Context(owner: type, value: value), depth: depth, budget: &budget)
        case .string:
            return nil
        }
    }

    /// A property's values in a context: its constant, or for a case, the branch of its
    /// `switch self` that covers the case (else `default:`).
    func property(_ owner: String, _ name: String, context: Context, depth: Int, budget: inout Budget) -> Set<Value>? {
        guard let facts = properties["\(owner).\(name)"] else { return nil }
        var results: Set<Value> = []
        for fact in facts {
            let inner = Context(owner: fact.owner, value: context.value)
            let expression: ValueExpression?
            if fact.branches.isEmpty {
                expression = fact.value
            } else {
                guard case .enumCase(_, let caseName)? = context.value else { return nil }
                expression = (fact.branches.first { $0.cases.contains(caseName) } ?? fact.branches.first { $0.cases.isEmpty })?.value
            }
            guard let expression, let values = evaluate(expression, context: inner, depth: depth + 1, budget: &budget) else { return nil }
            results.formUnion(values)
        }
        return results.count <= Self.maximumValues ? results : nil
    }
}
