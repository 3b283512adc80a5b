import StrataModel

/// What one file names of the module one of its imports reaches (and of what that module
/// re-exports), matched as `ImportUsage` grades imports: the hover of `strata lsp`. The
/// analysis keeps these names per edge only (`ImportEdge.symbols`), so one file's are found
/// again on demand.
public enum FileImportUses {
    /// A name the file spells, what the module declares it as, and how often the file spells it.
    public struct Use: Hashable, Sendable, Comparable {
        public var name: String
        /// `type`, `func`, `var`, `member`, `operator`, `macro`, `conformance` or `extension`.
        public var kind: String
        public var count: Int

        /// Most spelled first, then by name.
        public static func < (lhs: Use, rhs: Use) -> Bool { lhs.count != rhs.count ? lhs.count > rhs.count : lhs.name < rhs.name }
    }

    /// The names `file` (of `module`) spells that the import `site` gives it, most spelled first;
    /// nil when the imported module's sources are not here (an SDK, a package not checked out).
    public static func uses(of site: ImportSite, in file: SourceFile, module: String, project: Project) -> [Use]? {
        // The imported module's files, then those of the modules it re-exports (transitively).
        var units: [(files: [SourceFile], headers: ClangInterface?)] = []
        var seen: Set<String> = [], queue = [site.module]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard seen.insert(name).inserted else { continue }
            if let found = project.modules.first(where: { $0.importName == name && $0.name != module && ($0.files > 0 || project.clang[$0.id] != nil) }) {
                let headers = project.clang[found.id]
                units.append((project.sources[found.id] ?? [], headers))
                queue += found.imports.filter { $0.attributes?.contains("@_exported") == true }.map(\.module) + (headers?.reexports ?? [])
            } else if let files = project.dependencySources[name], !files.isEmpty {
                units.append((files, nil))
                queue += files.flatMap { $0.facts.imports.filter { $0.attributes.contains("@_exported") }.map(\.module) }
            } else if units.isEmpty {
                return nil
            }
        }
        var index: ImportUsage.Index = [:]
        for (unit, reached) in units.enumerated() {
            for (name, symbol) in ImportUsage.table(of: reached.files, headers: reached.headers).symbols { index[name, default: []].append((unit, symbol)) }
        }
        let reached = Array(units.indices)
        let candidates = ImportUsage.match([(site: site, target: 0)], in: file.facts, index: index, reexported: { _ in reached })
        var uses: [String: Use] = [:]
        for match in candidates.first?.matched ?? [] {
            let count = match.index < file.facts.referenceCounts.count ? Int(file.facts.referenceCounts[match.index]) : 1
            uses[match.name] = Use(name: match.name, kind: match.symbol.kind.rawValue, count: max(1, count))
        }
        return uses.values.sorted()
    }
}
