import StrataAssemble
import StrataModel

/// A made-up package `P` for the analyses: each module one file, `Sources/<name>/File.swift`,
/// declared on line `index + 1` of `Package.swift`, with its facts as each suite makes them.
/// - Parameter declaredOn: the manifest line of a module's dependencies, from its index.
func madeUpProject(
    _ spec: [(name: String, kind: ModuleKind, declares: [String])], declaredOn: (Int) -> Int = { 100 + $0 },
    facts: (_ index: Int) -> FileFacts
) -> Project {
    var modules: [DiscoveredModule] = []
    var files: [String: FileFacts] = [:]
    for (index, entry) in spec.enumerated() {
        let file = "Sources/\(entry.name)/File.swift"
        modules.append(DiscoveredModule(
            name: entry.name, kind: entry.kind, package: "P", path: "Sources/\(entry.name)",
            manifest: Location(file: "Package.swift", line: index + 1),
            dependencies: entry.declares.map {
                DeclaredDependency(name: $0, kind: .byName, evidence: Location(file: "Package.swift", line: declaredOn(index)))
            },
            sourceFiles: [file]))
        files[file] = facts(index)
    }
    let discovery = Discovery(packages: [PackageInfo(name: "P", manifest: "Package.swift")], modules: modules, diagnostics: [])
    return Assembler.assemble(root: "P", discovery: discovery, facts: files, diagnostics: [])
}
