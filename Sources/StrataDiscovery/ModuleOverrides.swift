import StrataConfiguration
import StrataModel
import StrataSourceTree

/// Applies `strata.yml`'s `modules:` corrections to what the manifests said, in file order.
///
/// An entry picks a module by `module:` (or by `name:`); with `path:` it moves every Swift
/// file under that folder to the module, creating the module when none matches. Renaming
/// keeps the import name, so `import` statements still resolve. An entry that matches
/// nothing is a warning at its line, never a crash. `swiftFiles` is sorted.
enum ModuleOverrides {
    static func apply(
        _ overrides: [Configuration.ModuleOverride], file: String, to modules: [DiscoveredModule], swiftFiles: [String]
    ) -> (modules: [DiscoveredModule], diagnostics: [Diagnostic]) {
        var modules = modules
        var diagnostics: [Diagnostic] = []
        for override in overrides {
            let evidence = Location(file: file, line: override.line > 0 ? override.line : nil)
            let wanted = override.module ?? override.name
            var index = modules.firstIndex { $0.name == wanted }
            if index == nil, override.path != nil, override.module == nil {
                modules.append(DiscoveredModule(
                    name: override.name, kind: override.kind ?? .library, system: .config,
                    package: file, path: "", manifest: evidence, dependencies: [], sourceFiles: []))
                index = modules.count - 1
            }
            guard let index else {
                diagnostics.append(Diagnostic(
                    file: file, line: evidence.line, message: "no module named \(wanted) was discovered; this entry changes nothing"))
                continue
            }
            if let path = override.path {
                let folder = Manifest.join("", path)
                let prefix = folder.isEmpty ? "" : folder + "/"
                let owned = Array(swiftFiles.sortedRun(withPrefix: prefix))
                if owned.isEmpty {
                    diagnostics.append(Diagnostic(file: file, line: evidence.line, message: "no Swift files under \(path)"))
                }
                let moved = Set(owned)
                for other in modules.indices where other != index {
                    modules[other].sourceFiles.removeAll(where: moved.contains)
                }
                modules[index].path = folder
                modules[index].sourceFiles = owned
            }
            modules[index].name = override.name
            if let kind = override.kind { modules[index].kind = kind }
            if let linkage = override.linkage {
                modules[index].linkage = Linkage(linkage, evidence: evidence, reason: "set in \(file)")
            }
        }
        return (modules, diagnostics)
    }
}
