import StrataModel

/// What the public headers of the repository's C and Objective-C modules (`Project.clang`) add
/// to the grading of imports. The names they declare are graded like Swift's
/// (`ImportUsage.table(of:headers:)`); what is left is why an import the file uses no name of
/// is kept anyway: a module it reaches has headers that could not all be read (or were not
/// found), or they re-export a module from outside the repository that no other import of the
/// file gives.
struct HeaderGrading {
    let project: Project
    let modules: [AssembledModule]

    /// Why the headers keep an import, as `probably-unused`.
    struct Reason {
        /// What could not be read, or what they re-export; nil when the module's C or
        /// Objective-C headers were not found at all.
        var note: String?
    }

    /// One file's imports, with what they give it counted once, when the first import asks.
    struct FileImports {
        let candidates: [ImportUsage.Candidate]
        let grading: HeaderGrading
        /// By module, how many of the file's imports give it (`givenBy`).
        lazy var given: [String: Int] = grading.givenByImports(candidates)

        /// Why the headers of the modules an import of the file reaches keep it though the file
        /// uses none of their names; nil when nothing in them does.
        mutating func reason(reach: [Int], candidate: ImportUsage.Candidate) -> Reason? {
            if let note = grading.note(reach: reach, candidate: candidate, given: given) { return Reason(note: note) }
            // Its C or Objective-C headers, not found, may declare what the file uses.
            let modules = grading.modules
            if reach.contains(where: { $0 < modules.count && modules[$0].clangSources == true && grading.interface($0) == nil }) { return Reason(note: nil) }
            return nil
        }
    }

    /// The headers of a unit read: a module of the repository's, never a checked-out one.
    func interface(_ unit: Int) -> ClangInterface? { unit < modules.count ? project.clang[modules[unit].id] : nil }

    func imports(_ candidates: [ImportUsage.Candidate]) -> FileImports { FileImports(candidates: candidates, grading: self) }

    /// Why the headers of the modules an import reaches keep it though the file uses none of
    /// their names: one read with uncertainty (its names may be more), or a module from
    /// outside the repository they re-export that no other import of the file gives; nil
    /// when neither.
    /// - Parameter given: how many imports of the file give each module: those they name,
    ///   and those the headers of the modules they reach re-export (`givenByImports`).
    func note(reach: [Int], candidate: ImportUsage.Candidate, given: [String: Int]) -> String? {
        let interfaces = reach.compactMap { unit in interface(unit).map { (unit, $0) } }
        guard !interfaces.isEmpty else { return nil }
        if let (unit, interface) = interfaces.first(where: { !$0.1.isCertain }), let first = interface.uncertainties.first {
            let whose = unit == reach.first ? "its" : "\(modules[unit].importName)'s"
            let more = interface.uncertainties.count > 1 ? ", and \(interface.uncertainties.count - 1) more" : ""
            return "not all of \(whose) headers could be read (\(first)\(more))"
        }
        let outside = Set(interfaces.flatMap(\.1.outside))
        guard !outside.isEmpty else { return nil }
        // What the file's other imports give: this one's own part taken away.
        let own = givenBy(candidate)
        let others = Set(given.compactMap { module, count in count - (own.contains(module) ? 1 : 0) > 0 ? module : nil })
        let missing = outside.filter { !OutsideModules.gives($0, imports: others) }.sorted()
        guard !missing.isEmpty else { return nil }
        let names = missing.map { $0 == OutsideModules.cLibrary ? "the C library" : $0 }
        return "its headers re-export \(names.joined(separator: ", ")), which no other import of the file gives"
    }

    /// The modules one import gives a file: the one it names, and those from outside the
    /// repository the headers of the modules it reaches re-export.
    func givenBy(_ candidate: ImportUsage.Candidate) -> Set<String> {
        var given: Set<String> = [candidate.site.module]
        for unit in candidate.reachedModules ?? [] { given.formUnion(interface(unit)?.outside ?? []) }
        return given
    }

    /// By module, how many of a file's imports give it (`givenBy`).
    func givenByImports(_ candidates: [ImportUsage.Candidate]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for candidate in candidates { for module in givenBy(candidate) { counts[module, default: 0] += 1 } }
        return counts
    }
}
