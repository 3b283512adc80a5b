/// A value a manifest expression evaluates to, as far as static reading can tell.
///
/// Manifests are Swift programs; Strata never runs them. The evaluator understands the
/// subset manifests use in practice and yields `.unknown` for the rest, with the reason and
/// line, so the caller can warn precisely and carry on.
package indirect enum ManifestValue: Hashable, Sendable {
    /// A string, with the line of its literal (0 when computed).
    case string(String, line: Int = 0)
    case int(Int)
    case bool(Bool)
    case array([ManifestValue])
    /// A tuple, `(name: "A", "Sources/A")`: its elements in order, each with its label or nil.
    /// Labels come from the literal or, where it has none, from the tuple type it is given
    /// as (`typealias Plugin = (name: String, path: String)`).
    case tuple([ManifestValue], labels: [String?])
    /// A call such as `.target(name: "A", dependencies: [...])` or `Package(...)`.
    case call(ManifestCall)
    /// An enum-like member such as `.dynamic` or `.v6`.
    case member(String)
    case null
    case unknown(reason: String, line: Int)

    package var string: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    package var array: [ManifestValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var call: ManifestCall? {
        if case .call(let value) = self { return value }
        return nil
    }

    /// The name of an enum-like member (`.framework`, a manifest enum's `.core`).
    package var member: String? {
        if case .member(let value) = self { return value }
        return nil
    }

    /// Equality of what the values mean, ignoring where they were written.
    package func sameValue(as other: ManifestValue) -> Bool {
        switch (self, other) {
        case (.string(let a, _), .string(let b, _)): a == b
        // Swift compares tuples element by element, whatever their labels.
        case (.tuple(let a, _), .tuple(let b, _)): a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        default: self == other
        }
    }

    /// This value with every occurrence of `old`, at any depth in lists and arguments, replaced.
    func replacing(_ old: ManifestValue, with new: ManifestValue) -> ManifestValue {
        if self == old { return new }
        switch self {
        case .array(let items): return .array(items.map { $0.replacing(old, with: new) })
        case .tuple(let items, let labels): return .tuple(items.map { $0.replacing(old, with: new) }, labels: labels)
        case .call(var call):
            for index in call.arguments.indices { call.arguments[index].value = call.arguments[index].value.replacing(old, with: new) }
            return .call(call)
        default: return self
        }
    }

    package var unknownReason: (reason: String, line: Int)? {
        if case .unknown(let reason, let line) = self { return (reason, line) }
        return nil
    }
}

/// A call with its labelled arguments, and the line it starts on.
///
/// Lines are positions as `ManifestEvaluator` numbers them: in a manifest read with helper
/// files, `ManifestEvaluator.location(of:)` tells the file and its line.
package struct ManifestCall: Hashable, Sendable {
    package var name: String
    package var arguments: [Argument]
    package var line: Int
    /// The line of the manifest itself whose evaluation made this call: `line` when the call is
    /// written there, else the line that called the helper that wrote it.
    package var site: Int

    package struct Argument: Hashable, Sendable {
        package var label: String?
        package var value: ManifestValue
        /// Where the value was written, which may be far from the call: a helper's default
        /// argument, or the literal a parameter or variable was given.
        package var line: Int = 0
    }

    /// The names of the calls a range evaluates to (`"1.0.0"..<"2.0.0"`): its two bounds, unlabelled.
    package static let rangeOperators: Set<String> = ["..<", "..."]

    package init(name: String, arguments: [Argument], line: Int, site: Int? = nil) {
        self.name = name
        self.arguments = arguments
        self.line = line
        self.site = site ?? line
    }

    package subscript(label: String) -> ManifestValue? {
        get { arguments.first { $0.label == label }?.value }
        set {
            if let index = arguments.firstIndex(where: { $0.label == label }) {
                if let newValue { arguments[index].value = newValue } else { arguments.remove(at: index) }
            } else if let newValue {
                arguments.append(Argument(label: label, value: newValue))
            }
        }
    }

    /// Sets the argument with this label, and where its value was written (0: unknown).
    package mutating func set(_ label: String, _ value: ManifestValue, line: Int) {
        self[label] = value
        if line > 0, let index = arguments.firstIndex(where: { $0.label == label }) { arguments[index].line = line }
    }

    /// The first unlabelled argument (`"Name"` in `.byName("Name")`-style calls).
    package var firstUnlabelled: ManifestValue? { arguments.first { $0.label == nil }?.value }

    /// Where the argument with this label got its value (see `Argument.line`).
    package func line(of label: String?) -> Int? {
        arguments.first { $0.label == label }.map { $0.line > 0 ? $0.line : line }
    }
}
