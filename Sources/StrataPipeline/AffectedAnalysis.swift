import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataModel
import StrataScan
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
        public var repository: String
        /// Nil only with `changedFiles`: then manifests and pins cannot be compared.
        public var base: String?
        /// Nil: HEAD, or the working directory with `worktree` or with changed files and no base.
        public var head: String?
        public var worktree: Bool
        /// Paths relative to the repository root, instead of asking git.
        public var changedFiles: [String]?
        public var unowned: UnownedPolicy
        public var cacheDirectory: String?
        public var excludes: [String]
        public var configPath: String?

        public init(
            repository: String, base: String?, head: String? = nil, worktree: Bool = false, changedFiles: [String]? = nil,
            unowned: UnownedPolicy = .auto, cacheDirectory: String? = Pipeline.defaultCacheDirectory, excludes: [String] = [],
            configPath: String? = nil
        ) {
            self.repository = repository
            self.base = base
            self.head = head
            self.worktree = worktree
            self.changedFiles = changedFiles
            self.unowned = unowned
            self.cacheDirectory = cacheDirectory
            self.excludes = excludes
            self.configPath = configPath
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
        let filter = PathFilter(excludes: options.excludes)
        var repository: GitRepository?
        var baseTree: GitRevisionTree?
        let headTree: any SourceTree
        let headLabel: String
        do {
            if let base = options.base {
                let git = try GitRepository(path: options.repository)
                repository = git
                baseTree = try Comparison.revisionTree(git, try git.resolve(base), filter: filter)
            }
            if let repository, !options.worktree, options.head != nil || options.changedFiles == nil {
                headLabel = options.head ?? "HEAD"
                headTree = try Comparison.revisionTree(repository, try repository.resolve(headLabel), filter: filter)
            } else {
                headLabel = "working directory"
                let root = repository.map { $0.workTree } ?? options.repository
                guard let root else {
                    throw Pipeline.InputError(description: "\(options.repository): a bare repository has no working directory")
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw Pipeline.InputError(description: "\(root): no such directory")
                }
                headTree = WorkingDirectoryTree(rootPath: root, filter: filter)
            }
        } catch let error as GitError {
            throw Pipeline.InputError(description: error.description)
        }

        let comparison = Comparison.Options(
            repository: options.repository, base: options.base ?? "", head: options.head, cacheDirectory: options.cacheDirectory,
            excludes: options.excludes, configPath: options.configPath)
        let explicit: Configuration?
        do {
            explicit = try options.configPath.map { path throws(Configuration.Invalid) in try Configuration.load(path: path, required: true) }
        } catch {
            throw Pipeline.InputError(description: error.description)
        }
        var stage = try Comparison.prepare(headTree, label: headLabel, explicit: explicit, options: comparison, progress: progress)
        let configuration = stage.configuration

        let changed: [(path: String, status: FileChange.Status)]
        if let list = options.changedFiles {
            let present = Set(try headTree.files())
            changed = Set(list.map(normalized).filter { !$0.isEmpty }).sorted().map { path in
                (path, present.contains(path) ? .modified : .deleted)
            }
        } else if let repository, let baseTree {
            do {
                changed = try repository.changedFiles(from: baseTree.commit, to: (headTree as? GitRevisionTree)?.commit)
            } catch let error as GitError {
                throw Pipeline.InputError(description: error.description)
            }
        } else {
            changed = []
        }

        progress?("scanning \(headLabel)")
        let stores = Comparison.Stores(directory: options.cacheDirectory, rootKey: Pipeline.rootKey(options.repository))
        TreeAnalysis.scan(&stage, store: stores.store(for: configuration.injection.names))
        // Who depends on whom is all the answer needs: the model, not its analysis.
        let project = TreeAnalysis.assemble(stage)
        // What discovery and scanning could not read may leave a file without its owner.
        var warnings = project.diagnostics + stores.save()

        // BASE's modules, only when a manifest changed: which declarations differ. HEAD's
        // configuration reads both, so that a change to strata.yml alone declares nothing.
        var baseDiscovery: Discovery?
        if let baseTree, changed.contains(where: { Discoverer.readsFile($0.path) }) {
            progress?("discovering the modules of \(options.base ?? "BASE")")
            baseDiscovery = try Comparison.prepare(
                baseTree, label: options.base ?? "BASE", explicit: configuration, options: comparison, progress: nil
            ).discovery
        }
        let classifier = ChangeClassifier(
            head: project, headDiscovery: stage.discovery, baseDiscovery: baseDiscovery, baseTree: baseTree, headTree: headTree,
            excludes: PathFilter(excludes: options.excludes + configuration.exclude), configurationFile: Configuration.fileName,
            unowned: options.unowned, addedOrDeleted: Set(changed.filter { $0.status != .modified }.map(\.path)))
        let classified = changed.map { classifier.classify($0.path, status: $0.status) }
        let everything = classified.compactMap(\.everything).first
        let affected = ChangeImpact.affected(
            graph: project.graph, changes: classified.map(\.change), base: options.base,
            head: headLabel, everything: everything)
        return Outcome(affected: affected, warnings: warnings)
    }

    /// A path from a list as the tree names it: relative, `/`-separated, without `./`.
    static func normalized(_ path: String) -> String {
        var path = path.trimmingCharacters(in: .whitespacesAndNewlines)
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }
}
