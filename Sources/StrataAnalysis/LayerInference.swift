import StrataModel

/// Guesses a repository's layers for `strata init`, from module names first and the graph
/// second.
///
/// Layers, lowest first: `core` (shared utilities, networking, DI containers, third-party
/// wrappers), `domain` (entities, use cases, `Dependencies`), `interface` (`*Interface`,
/// `*Protocol`: contracts other modules implement; merged into `domain` when a domain module
/// depends on one), `data` (repositories, storage, API clients), `presentation`
/// (features, scenes, design systems, UI), `app` (apps, examples, `*App`). A module whose name
/// says nothing goes into the lowest layer that holds everything it depends on, so the guess
/// adds no violations of its own. Test modules get no layer.
public enum LayerInference {
    /// A layer of the guess: its name, and the name fragments (lowercased) that put a module in it.
    struct Category {
        var name: String
        var keywords: [String]
    }

    /// Lowest first. Matching runs from the top (app) down, so `LocalDataCore` is data, not core.
    static let categories = [
        Category(name: "core", keywords: ["core", "common", "shared", "util", "extension", "foundation", "network", "thirdparty", "logging", "logger", "container", "analytics"]),
        Category(name: "domain", keywords: ["domain", "entity", "entities", "model", "usecase", "dependencies"]),
        Category(name: "interface", keywords: []),
        Category(name: "data", keywords: ["data", "repositor", "persistence", "storage", "database", "api", "remote", "local", "service", "cache"]),
        Category(name: "presentation", keywords: ["presentation", "feature", "scene", "screen", "designsystem", "dskit", "ui", "view", "component"]),
        Category(name: "app", keywords: []),
    ]

    /// Name endings of modules that hold protocols for others to implement.
    static let contractSuffixes = ["interface", "interfaces", "protocol", "protocols", "contract", "contracts"]

    /// Imports a domain layer should not need: UI frameworks.
    static let domainForbiddenImports = ["AppKit", "SwiftUI", "UIKit"]

    /// The inferred layers (only those with modules), each listing its modules by exact name.
    public static func infer(_ project: Project) -> ArchitectureRules {
        let production = project.modules.filter { !$0.kind.isTest }
        var rank: [String: Int] = [:]
        var unnamed: [String] = []
        for module in production {
            if let category = category(of: module) { rank[module.name] = category } else { unnamed.append(module.name) }
        }
        // Unnamed modules rise to the highest layer among their dependencies; repeat until
        // nothing moves (ranks only grow and are bounded, so this ends).
        // Test modules have no rank, so edges to them change nothing.
        let graph = project.graph
        func dependencies(_ name: String) -> [String] { graph.node(named: name).map { graph.successors(of: $0).map(graph.name) } ?? [] }
        // Contracts sit above the domain they speak of, unless the domain uses them (use cases
        // calling repository protocols): then they are one layer.
        if graph.pairs.contains(where: { rank[graph.name($0.from)] == domain && rank[graph.name($0.to)] == interface }) {
            for (name, value) in rank where value == interface { rank[name] = domain }
        }
        unnamed.sort()
        for name in unnamed { rank[name] = 0 }
        var changed = true
        while changed {
            changed = false
            for name in unnamed {
                let needed = dependencies(name).map { rank[$0] ?? 0 }.max() ?? 0
                if needed > rank[name]! {
                    rank[name] = needed
                    changed = true
                }
            }
        }
        var layers: [ArchitectureRules.Layer] = []
        for (index, category) in categories.enumerated() {
            let members = rank.filter { $0.value == index }.keys.sorted()
            guard !members.isEmpty else { continue }
            layers.append(.init(
                name: category.name, modules: members.map(ModulePattern.init),
                forbiddenImports: category.name == "domain" ? domainForbiddenImports.map(ModulePattern.init) : []))
        }
        return ArchitectureRules(layers: layers)
    }

    /// Positions in `categories`, looked up so that reordering them cannot break the merge.
    static let domain = categories.firstIndex { $0.name == "domain" }!
    static let interface = categories.firstIndex { $0.name == "interface" }!

    /// The category index a module's kind or name puts it in, or nil when neither says.
    static func category(of module: AssembledModule) -> Int? {
        let app = categories.count - 1
        if [.app, .example, .executable].contains(module.kind) { return app }
        let name = module.name.lowercased()
        if name.hasSuffix("app") { return app }
        // A contract belongs with the domain whatever it is a contract for (`RepositoryProtocol`).
        if contractSuffixes.contains(where: name.hasSuffix) { return interface }
        let bytes = Array(name.utf8)
        for index in stride(from: app - 1, through: 0, by: -1) where matches(bytes, keywordBytes[index]) {
            return index
        }
        return nil
    }

    /// Short keywords (`ui`, `api`) only count at the start or end of a name (`SynUI`,
    /// `UIComponents`), never inside a word (`Build`, `Rapid`).
    /// Compared as UTF-8 bytes (keywords are ASCII): `String`'s `contains` cost more than
    /// the rest of the guess, which `strata history` makes for every commit.
    private static func matches(_ name: [UInt8], _ keywords: [[UInt8]]) -> Bool {
        keywords.contains { word in
            guard word.count <= name.count else { return false }
            if word.count > 3 {
                return (0...(name.count - word.count)).contains { start in name[start..<(start + word.count)].elementsEqual(word) }
            }
            return name.starts(with: word) || name.suffix(word.count).elementsEqual(word)
        }
    }

    /// Each category's keywords as bytes.
    private static let keywordBytes = categories.map { $0.keywords.map { Array($0.utf8) } }
}
