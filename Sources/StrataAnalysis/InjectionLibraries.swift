import StrataModel

/// The modules that are a DI library rather than code using one: the library's own repository,
/// or its source kept in the app's (a vendored `Factory` target). Their calls are the library's
/// implementation (`Container.shared[keyPath: keyPath]()` in Factory's `Injected`, `resolve()`
/// in its `Resolving`), not the app's registrations or resolutions, so DI counting skips them.
///
/// A module is one by what it declares, whatever its files are called: the types the names
/// Strata reads as that library's refer to, declared there (not extended), together.
enum InjectionLibraries {
    /// Each library by types only it declares together: `Factory<T>` beside `SharedContainer`
    /// (Factory 1 and 2), `DependencyValues` beside `DependencyKey` (swift-dependencies),
    /// `Container` beside `ServiceEntry` (Swinject), `Resolver` beside `ResolverRegistration`
    /// (Resolver).
    static let libraries: [(name: String, declares: Set<String>)] = [
        ("Factory", ["Factory", "SharedContainer"]),
        ("swift-dependencies", ["DependencyValues", "DependencyKey"]),
        ("Swinject", ["Container", "ServiceEntry"]),
        ("Resolver", ["Resolver", "ResolverRegistration"]),
    ]

    /// Module → the library it is, for the modules of `sources` that are one.
    static func modules(in sources: [String: [SourceFile]]) -> [String: String] {
        var found: [String: String] = [:]
        let wanted = Set(libraries.flatMap(\.declares))
        for (module, files) in sources {
            var declared: Set<String> = []
            for file in files {
                let declarations = file.facts.declarations  // by index: read field by field, never copied whole
                for index in declarations.indices where declarations[index].kind.isType && declarations[index].parent == nil {
                    if wanted.contains(declarations[index].name) { declared.insert(declarations[index].name) }
                }
            }
            if let library = libraries.first(where: { $0.declares.isSubset(of: declared) }) { found[module] = library.name }
        }
        return found
    }
}
