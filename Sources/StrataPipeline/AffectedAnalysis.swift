import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataSourceTree

/// `strata affected`: the files a change touched, mapped to the modules that own them, and
/// everything that depends on those. HEAD (a revision or the working directory) is analyzed
/// with the facts cache; BASE is only read where HEAD cannot answer alone: the manifests and
/// `Package.resolved` files that changed.
public enum AffectedAnalysis {
    /// What an unowned changed file does.
    public enum UnownedPolicy: String, CaseIterable, Sendable {
        /// Documentation outside source folders, and excluded paths, affect nothing; any other
        /// unowned file makes every module affected.
        case auto
        /// Every unowned file makes every module affected.
        case all
        /// Unowned files are listed and affect nothing.
        case ignore
    }

    public struct Options: Sendable {
        /// The repository, the cache, excludes and `--config` (HEAD's own `strata.yml` otherwise).
        public var input: AnalysisSession.Input
        /// Nil only with `changedFiles`: then manifests and pins cannot be compared.
        public var base: String?
        /// Nil: HEAD, or the working directory with `worktree` or with changed files and no base.
        public var head: String?
        public var worktree: Bool
        /// Paths relative to the repository root, instead of asking git.
        public var changedFiles: [String]?
        public var unowned: UnownedPolicy

        public init(
            _ input: AnalysisSession.Input, base: String?, head: String? = nil, worktree: Bool = false, changedFiles: [String]? = nil,
            unowned: UnownedPolicy = .auto
        ) {
            self.input = input
            self.base = base
            self.head = head
            self.worktree = worktree
            self.changedFiles = changedFiles
            self.unowned = unowned
        }
    }

    public struct Outcome: Sendable {
        public var affected: AffectedModules
        public var warnings: [Diagnostic]
    }

    public static func run(_ options: Options, progress: (@Sendable (String) -> Void)? = nil) throws -> Outcome {
        guard options.base != nil || options.changedFiles != nil else {
            throw Pipeline.InputError(description: "give BASE, or a list of changed files with --changed-files")
        }
        var session = try AnalysisSession(options.input, git: options.base != nil)
        let baseTree = try options.base.map { try session.tree(at: try session.resolve($0)) }
        let (headTree, headLabel) = try head(options, session: session)
        let discovered = try session.discover(headTree, label: headLabel, progress: progress)
        let configuration = discovered.configuration
        let changed = try changedFiles(options, session: session, baseTree: baseTree, headTree: headTree)

        progress?("scanning \(headLabel)")
        // Who depends on whom is all the answer needs: the model, not its analysis.
        let project = TreeAnalysis.assemble(session.scan(discovered))
        // What discovery and scanning could not read may leave a file without its owner.
        let warnings = project.diagnostics + session.saveFacts()

        // BASE's modules, only when a manifest or a file one read changed: which declarations
        // differ. HEAD's configuration reads both, so that a change to strata.yml alone declares nothing.
        var baseDiscovery: Discovery?
        let inputs = discovered.manifestInputs
        if let baseTree, changed.contains(where: { Discoverer.readsFile($0.path) || inputs.contains($0.path) }) {
            progress?("discovering the modules of \(options.base ?? "BASE")")
            baseDiscovery = try session.discover(baseTree, label: options.base ?? "BASE", configuration: configuration).discovery
        }
        let affected = Self.affected(
            by: changed, project: project, discovered: discovered, baseDiscovery: baseDiscovery, baseTree: baseTree, headTree: headTree,
            excludes: options.input.excludes, unowned: options.unowned, labels: (options.base, headLabel))
        return Outcome(affected: affected, warnings: warnings)
    }

    /// What changed files of the working directory affect, from an analysis at hand (a
    /// session's): no manifest is compared with an earlier one, so a changed manifest affects
    /// every module it may touch.
    public static func affected(
        files: [String], in session: StrataSession, unowned: UnownedPolicy = .auto
    ) -> AffectedModules {
        let present = Set(session.discovered.files)
        let changed = Set(files.map(session.relative).filter { !$0.isEmpty }).sorted().map { path in
            (path: path, status: present.contains(path) ? FileChange.Status.modified : .deleted)
        }
        return affected(
            by: changed, project: session.project, discovered: session.discovered, baseDiscovery: nil, baseTree: nil,
            headTree: session.tree, excludes: session.analysis.input.excludes, unowned: unowned, labels: (nil, "working directory"))
    }

    /// Each changed file classified (which modules own it, what a manifest change declares),
    /// then every module that depends on those.
    static func affected(
        by changed: [(path: String, status: FileChange.Status)], project: Project, discovered: TreeAnalysis.Discovered,
        baseDiscovery: Discovery?, baseTree: (any SourceTree)?, headTree: any SourceTree, excludes: [String], unowned: UnownedPolicy,
        labels: (base: String?, head: String)
    ) -> AffectedModules {
        let classifier = ChangeClassifier(
            head: project, headDiscovery: discovered.discovery, baseDiscovery: baseDiscovery, baseTree: baseTree, headTree: headTree,
            excludes: PathFilter(excludes: excludes + discovered.configuration.exclude), configurationFile: Configuration.fileName,
            unowned: unowned, addedOrDeleted: Set(changed.filter { $0.status != .modified }.map(\.path)),
            manifestInputs: discovered.manifestInputs)
        let classified = changed.map { classifier.classify($0.path, status: $0.status) }
        return ChangeImpact.affected(
            graph: project.graph, changes: classified.map(\.change), base: labels.base, head: labels.head,
            everything: classified.compactMap(\.everything).first)
    }

    /// HEAD's tree and how it is called: a revision, or the working directory (with
    /// `worktree`, or with changed files and no HEAD).
    static func head(_ options: Options, session: AnalysisSession) throws -> (tree: any SourceTree, label: String) {
        if session.git != nil, !options.worktree, options.head != nil || options.changedFiles == nil {
            let label = options.head ?? "HEAD"
            return (try session.tree(at: try session.resolve(label)), label)
        }
        let root = session.git.map { $0.workTree } ?? options.input.repository
        guard let root else {
            throw Pipeline.InputError(description: "\(options.input.repository): a bare repository has no working directory")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Pipeline.InputError(description: "\(root): no such directory")
        }
        return (WorkingDirectoryTree(rootPath: root, filter: PathFilter(excludes: options.input.excludes)), "working directory")
    }

    /// The files the change touched: the given list, else git's answer between the trees.
    static func changedFiles(
        _ options: Options, session: AnalysisSession, baseTree: GitRevisionTree?, headTree: any SourceTree
    ) throws -> [(path: String, status: FileChange.Status)] {
        if let list = options.changedFiles {
            let present = Set(try headTree.files())
            return Set(list.map(normalized).filter { !$0.isEmpty }).sorted().map { path in
                (path, present.contains(path) ? .modified : .deleted)
            }
        }
        guard let git = session.git, let baseTree else { return [] }
        return try AnalysisSession.mapped { try git.changedFiles(from: baseTree.commit, to: (headTree as? GitRevisionTree)?.commit) }
    }

    /// A path from a list as the tree names it: relative, `/`-separated, without `./`.
    static func normalized(_ path: String) -> String {
        var path = path.trimmingCharacters(in: .whitespacesAndNewlines)
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }
}
