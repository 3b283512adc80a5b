/// A function defined with `def` or `lambda`: its parameters with their defaults (evaluated
/// when it was defined), its body, the module whose globals it reads, and the locals of the
/// function it was nested in (captured as they were when it was defined).
package final class StarlarkFunction: @unchecked Sendable {
    package let name: String
    package let parameters: [StarlarkBoundParameter]
    package let body: [StarlarkStatement]
    package let module: StarlarkModule
    package let captured: [String: StarlarkValue]
    package let location: StarlarkLocation

    init(
        name: String, parameters: [StarlarkBoundParameter], body: [StarlarkStatement], module: StarlarkModule,
        captured: [String: StarlarkValue], location: StarlarkLocation
    ) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.module = module
        self.captured = captured
        self.location = location
    }
}

/// A parameter of a defined function, its default evaluated.
package enum StarlarkBoundParameter: Sendable {
    case named(String, default: StarlarkValue?, keywordOnly: Bool)
    case star(String)
    case starStar(String)
}

/// A function of the interpreter's own (`len`, `glob`), or a method bound to its receiver
/// (`"a,b".split`, `deps.append`).
package struct StarlarkBuiltin: Sendable {
    package var name: String
    /// The receiver of a method, empty for a function.
    var bound: [StarlarkValue]

    package init(_ name: String, receiver: StarlarkValue? = nil) {
        self.name = name
        self.bound = receiver.map { [$0] } ?? []
    }

    package var receiver: StarlarkValue? { bound.first }
}

/// Something that records a rule call when called: a rule of Bazel's own (`cc_library`,
/// `native.objc_library`), a symbol loaded from a repository not available here
/// (`swift_library` from `@build_bazel_rules_swift`), or a `rule()`/`macro()` of a .bzl
/// file, named by the global it was exported as.
package final class StarlarkRule: @unchecked Sendable {
    package enum Origin: Equatable, Sendable {
        /// A name Bazel provides to BUILD files, or `native.<name>`.
        case native
        /// A symbol of `load()` from a repository not available: its label.
        case external(String)
        /// `rule()`, `macro()` or `repository_rule()` in a .bzl file: the function and file.
        case defined(String, file: String)
    }

    /// The name the call is recorded under: the rule's exported name.
    package internal(set) var kind: String
    package let origin: Origin

    package init(kind: String, origin: Origin) {
        self.kind = kind
        self.origin = origin
    }
}

/// `struct(a = 1)`, an instance of a provider, or a namespace (`native`, `attr`): named
/// fields, in the order given.
package struct StarlarkStruct: Sendable {
    package var typeName: String
    package var fields: [(name: String, value: StarlarkValue)]

    package init(typeName: String = "struct", fields: [(name: String, value: StarlarkValue)]) {
        self.typeName = typeName
        self.fields = fields
    }

    package subscript(name: String) -> StarlarkValue? {
        fields.first { $0.name == name }?.value
    }

    var description: String {
        typeName + "(" + fields.map { "\($0.name) = \($0.value.repr)" }.joined(separator: ", ") + ")"
    }
}

/// One loaded (or loading) file: its globals, in the order they were first bound.
package final class StarlarkModule: @unchecked Sendable {
    /// The file's path from the repository's root, as the host names it.
    package let path: String
    /// The package the file is in (its folder, for a .bzl file; the BUILD file's package).
    package let package: String
    package private(set) var names: [String] = []
    private var values: [String: StarlarkValue] = [:]

    init(path: String, package: String) {
        self.path = path
        self.package = package
    }

    package subscript(name: String) -> StarlarkValue? {
        get { values[name] }
        set {
            if values[name] == nil, newValue != nil { names.append(name) }
            values[name] = newValue
        }
    }

    /// The globals, in order: what `load()` from this file can ask for.
    package var globals: [(name: String, value: StarlarkValue)] {
        names.compactMap { name in values[name].map { (name, $0) } }
    }
}
