/// What each rule is, in one place: its one-line name and the rationale a user reads before
/// deciding to fix, suppress or lower it. SARIF's `tool.driver.rules`, the Markdown summary
/// and `strata init`'s comments read these.
extension RuleID {
    /// A one-line name, as SARIF's `name` and a table heading show it.
    public var title: String {
        switch self {
        case .layerViolation: "Import from a higher layer"
        case .forbiddenDependency: "Forbidden dependency"
        case .forbiddenImport: "Forbidden import"
        case .stableDependencies: "Dependency on a less stable module"
        case .stableAbstractions: "Stable and concrete module"
        case .testableImport: "@testable import outside tests"
        case .exportedImport: "Re-export with @_exported"
        case .cycle: "Module cycle"
        case .implicitDependency: "Import of an undeclared internal module"
        case .unusedDependency: "Declared dependency never imported"
        case .undeclaredImport: "Import of an undeclared external module"
        case .unusedPublic: "Public declaration no other module uses"
        case .openNotSubclassed: "Open class no other module subclasses"
        case .unregisteredService: "Resolution with no registration"
        case .duplicateRegistration: "Service registered twice"
        case .containerDependency: "Hidden dependency through the DI container"
        case .sharedStateDuplicated: "Shared state copied into several images"
        }
    }

    /// Why the rule exists and what to do about a finding.
    public var rationale: String {
        switch self {
        case .layerViolation:
            "strata.yml lists the layers lowest first; a module may depend on its own layer and lower ones. An import of a higher layer inverts the architecture: move the code down, or depend on a protocol in the lower layer."
        case .forbiddenDependency:
            "A rule in strata.yml forbids this dependency between modules or layers. Remove the import or the declared dependency, or change the rule if the architecture changed."
        case .forbiddenImport:
            "The module's layer may not import this module (e.g. a domain layer importing UIKit). Keep framework code at the edges of the architecture."
        case .stableDependencies:
            "Stable Dependencies Principle: depend in the direction of stability. A module that many modules depend on should not depend on one that changes more easily (higher instability I)."
        case .stableAbstractions:
            "Stable Abstractions Principle: a module many others depend on should be abstract (protocols), so it can be extended without changing it. Far from the main sequence (D near 1) it is hard to change and hard to substitute."
        case .testableImport:
            "@testable import only builds with testing enabled (debug builds) and reaches into internal declarations; production code that uses it fails a release build. Make the needed API public or move the code to a test module."
        case .exportedImport:
            "@_exported import hands a dependency to every module that imports this one, so they use it without declaring it; the graph hides real dependencies. Import it explicitly where it is used."
        case .cycle:
            "Modules that import each other cannot be built, tested or reused apart, and every change in one rebuilds all. Break the cycle at the cheapest edge Strata names, with a protocol in the lower module or an interface module."
        case .implicitDependency:
            "The module imports another module of the repository that its manifest does not declare. It builds by accident (through another dependency) and breaks when that changes. Declare it."
        case .unusedDependency:
            "The manifest declares a dependency on a module that no file imports: it slows builds and hides the real graph. Remove it."
        case .undeclaredImport:
            "The module imports an external module its manifest does not declare (e.g. a package only another layer declares). Declare it where it is used, or stop using it there."
        case .unusedPublic:
            "Public declarations that no other module references widen the API for nothing; internal ones compile faster and can be changed freely."
        case .openNotSubclassed:
            "An open class that no other module subclasses promises extension it does not need; public or final is cheaper to dispatch and to change."
        case .unregisteredService:
            "The code resolves a service from the DI container that nothing registers: the resolution fails (often a crash on a force unwrap) at run time. Register it, or fix the type or name."
        case .duplicateRegistration:
            "A service registered twice: the last registration at run time wins, and which one that is depends on start-up order."
        case .containerDependency:
            "A module gets a concrete service of another module only through the container. The import graph does not show this dependency; it breaks the layer order or closes a cycle all the same. Depend on an abstraction in a lower module."
        case .sharedStateDuplicated:
            "A static module is linked into several images of one process (an app and its dynamic frameworks): each image gets its own copy of its globals, so a DI container or a shared instance exists several times and registrations made in one are missing in the others. Make the module dynamic, or link it into one image only."
        }
    }
}
