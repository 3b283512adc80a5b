import CGraphviz
import StrataSourceTree
import Foundation

/// Lays out DOT graphs with libgvc and renders them as SVG, in worker processes, so that a
/// Graphviz crash or hang costs one drawing, never the run.
///
/// Workers are forked from this process (not re-executed): it works the same in `strata`,
/// under `swift test` and in any other host, and needs no executable path or protocol
/// version. Everything a worker needs (the DOT as C bytes, the engine, a libgvc context with
/// its plugins loaded) is prepared before the fork; the child only calls libgvc (and the SVG
/// renderer inside it, `CompactSVG`, whose every path ran before the fork), writes each
/// SVG to a pipe and `_exit`s, so no lock of the parent's other threads is needed after the
/// fork but malloc's (glibc makes it fork-safe). There is one worker per core; the parent
/// hands each worker one drawing at a time (its index, through a pipe), the largest first,
/// and the next when the SVG comes back, so every core is busy to the end (libgvc is not
/// thread-safe: in process, layouts ran one at a time). A drawing that kills its worker is
/// tried in a fresh worker when it was not the dead worker's first (an earlier drawing may
/// have damaged the heap), and left out when it kills a fresh one too.
///
/// libgvc finds its layout plugins only through the `config6a` file that
/// `dot -c` writes (the `graphviz` package runs it on install; `scripts/setup` checks it).
public enum GraphvizLayout {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// One drawing to lay out. `name` says which drawing in warnings ("the DI graph").
    public struct Job: Sendable {
        public var name: String
        /// Nil: the layout budget chooses (`largest`).
        public var engine: String?
        private var source: @Sendable () -> String

        public init(name: String, dot: String, engine: String? = nil) {
            self.init(name: name, engine: engine) { dot }
        }

        /// A drawing whose DOT is made only when it is laid out (not when the cache knows the
        /// run's inputs: `draw(_:cache:inputs:tell:)`).
        public init(name: String, engine: String? = nil, dot: @escaping @Sendable () -> String) {
            self.name = name
            self.engine = engine
            source = dot
        }

        /// The DOT text (made again on each read of a lazy job).
        public var dot: String {
            get { source() }
            set { source = { newValue } }
        }
    }

    /// What the layouts of this process cost (`STRATA_TIMINGS=1 strata analyze` prints it).
    public struct Statistics: Sendable {
        public var layouts = 0
        /// Time spent in Graphviz, summed over the workers.
        public var seconds = 0.0
        /// Time from the first layout of a batch to its last, summed over the batches.
        public var wall = 0.0
        /// The most workers that ran at once.
        public var workers = 0
        /// The slowest call: its seconds, engine, node count and drawing.
        public var slowest: (seconds: Double, engine: String, nodes: Int, name: String)?
    }

    /// A drawing that takes longer is cut off: its worker is killed and the drawing left out.
    public static let timeLimit: Double = 120
    /// The test hook: a worker asked to lay out the drawing of this name aborts.
    public static let abortHook = "STRATA_TEST_LAYOUT_ABORT"

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var recorded = Statistics()

    /// Every layout so far: count, total and slowest.
    public static var statistics: Statistics {
        lock.withLock { recorded }
    }

    /// The layout budget. `dot` draws layers, but takes seconds past about 1,000 nodes (and
    /// minutes on a cluster of 1,500), where `sfdp` draws 3,000 nodes in 0.5 s (never `fdp`):
    /// a drawing whose engine is not given is laid out with dot up to this many nodes and
    /// edges, with sfdp past them (counted by the worker, once the DOT is read). Any drawing
    /// is cut off after `timeLimit`.
    public static let largest = (nodes: 1_000, edges: 5_000)

    /// The path of every drawing Strata makes: each drawing's SVG from `cache`, else from
    /// Graphviz (kept in `cache`); nil for a drawing Graphviz failed on or cut off, with a
    /// warning naming it through `tell` (the rest of the report is written).
    /// - Parameter inputs: a digest of everything the jobs' DOT depends on (Strata's build
    ///   included). When the cache holds the last run of the same inputs, the layouts are
    ///   taken from it in order and no DOT is made.
    public static func draw(_ jobs: [Job], cache: LayoutCache?, inputs: String? = nil, tell: (String) -> Void) -> [String?] {
        if let cache, let inputs, let known = cache.lastRun(inputs: inputs, count: jobs.count, tell: tell) { return known }
        let dots = Parallel.map(jobs.count) { jobs[$0].dot }
        let jobs = zip(jobs, dots).map { job, dot in Job(name: job.name, dot: dot, engine: job.engine) }
        let keys = cache == nil ? [] : jobs.map(LayoutCache.key)
        var drawn = cache?.svgs(for: keys, tell: tell) ?? Array(repeating: nil, count: jobs.count)
        let missing = drawn.indices.filter { drawn[$0] == nil }
        for (index, result) in zip(missing, svgs(missing.map { jobs[$0] })) {
            switch result {
            case .success(let svg):
                drawn[index] = svg
                cache?.store(svg, for: keys[index])
            case .failure(let failure):
                tell("warning: \(jobs[index].name) was not drawn: \(failure.description); the rest of the report is written")
            }
        }
        if let inputs, !drawn.contains(where: { $0 == nil }) { cache?.remember(inputs: inputs, keys: keys) }
        return drawn
    }

    /// The version of the Graphviz library this process runs with, which the layout cache is
    /// stamped with: another Graphviz may draw the same DOT differently. A bare context
    /// (no configuration, no plugins) only to ask: the workers' context is made only when
    /// something is laid out.
    public static let libraryVersion: String = {
        guard let bare = gvNEWcontext(nil, 1) else { return "unknown" }
        defer { gvFreeContext(bare) }
        let version = gvcVersion(bare).map { String(cString: $0) } ?? "unknown"
        return version + (Plugins.libraries == nil ? "" : " estimated-text")
    }()

    /// The plugins a drawing needs and no other: dot and sfdp, loaded from libgvc's plugin
    /// folder as its `config6a` names them (the SVG renderer is Strata's), without the pango
    /// text layout. Labels are then measured with Graphviz's own Helvetica/Arial metrics
    /// rather than with the fonts this machine has, so the same DOT gives the same SVG on
    /// every machine (the page shows it in the reader's fonts anyway), and no fontconfig
    /// start-up or text shaping is paid. Nil when they cannot be found: libgvc's usual
    /// context, every plugin.
    enum Plugins {
        static let names = ["dot_layout", "neato_layout"]

        /// Each plugin library's descriptor, loaded once (the files stay open).
        nonisolated(unsafe) static let libraries: [UnsafeMutableRawPointer]? = {
            guard let folder = folder,
                let config = try? String(contentsOfFile: folder + "/config6a", encoding: .utf8)
            else { return nil }
            // Lines such as `libgvplugin_core.so.6 core {` name each library's file.
            var files: [String: String] = [:]
            for line in config.split(separator: "\n") where line.hasSuffix(" {") && !line.hasPrefix(" ") && !line.hasPrefix("\t") {
                let words = line.split(separator: " ")
                if words.count == 3 { files[String(words[1])] = String(words[0]) }
            }
            var libraries: [UnsafeMutableRawPointer] = []
            for name in names {
                guard let file = files[name], !file.contains("/"),
                    let handle = dlopen(folder + "/" + file, RTLD_NOW),
                    let library = dlsym(handle, "gvplugin_\(name)_LTX_library")
                else { return nil }
                libraries.append(library)
            }
            return libraries
        }()

        /// `GVBINDIR`, else the `graphviz` folder beside the libgvc this process runs with
        /// (as libgvc finds it).
        static var folder: String? {
            if let folder = ProcessInfo.processInfo.environment["GVBINDIR"], !folder.isEmpty { return folder }
            return libgvc.map { ($0 as NSString).deletingLastPathComponent + "/graphviz" }
        }

        /// The path of the libgvc this process loaded.
        static var libgvc: String? {
            #if os(Linux)
            // Read to the end: /proc files have no size, and a sized read stops at a page.
            guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? file.readToEnd() else { return nil }
            try? file.close()
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                guard let start = line.firstIndex(of: "/") else { continue }
                let path = line[start...]
                if path.split(separator: "/").last?.hasPrefix("libgvc.so") == true { return String(path) }
            }
            return nil
            #else
            for image in 0..<_dyld_image_count() {
                guard let name = _dyld_get_image_name(image) else { continue }
                let path = String(cString: name)
                if (path as NSString).lastPathComponent.hasPrefix("libgvc.") { return path }
            }
            return nil
            #endif
        }

        /// A context with only those plugins (no configuration file read), else libgvc's own;
        /// either with Strata's SVG renderer (`CompactSVG`).
        static func context() -> OpaquePointer? {
            func withRenderer(_ context: OpaquePointer?) -> OpaquePointer? {
                if let context { gvAddLibrary(context, CompactSVG.library) }
                return context
            }
            guard let libraries else { return withRenderer(gvContext()) }
            // libgvc keeps the (empty) list of built-in plugins: it must outlive the context.
            let none = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: 1)
            none.initialize(to: lt_symlist_t(name: nil, address: nil))
            guard let context = gvContextPlugins(none, 0) else { return withRenderer(gvContext()) }
            for library in libraries { gvAddLibrary(context, library.assumingMemoryBound(to: gvplugin_library_t.self)) }
            return withRenderer(context)
        }
    }

    /// One drawing, or why it could not be drawn.
    public static func svg(dot: String, engine: String? = nil, name: String = "graph") throws -> String {
        try svgs([Job(name: name, dot: dot, engine: engine)])[0].get()
    }

    /// Every drawing, in order: its SVG, or why it failed (a crash, a hang, a missing plugin),
    /// in words that follow "… was not drawn: ".
    /// - Parameters:
    ///   - abort: the test hook: the worker laying out the drawing of this name aborts
    ///     (`STRATA_TEST_LAYOUT_ABORT` in the environment).
    ///   - hang: the test hook: the worker laying out the drawing of this name stops
    ///     answering (and is killed after `seconds`).
    ///   - seconds: how long one drawing may take.
    public static func svgs(
        _ jobs: [Job], abort: String? = ProcessInfo.processInfo.environment[abortHook], hang: String? = nil,
        seconds: Double = timeLimit
    ) -> [Result<String, Failure>] {
        guard !jobs.isEmpty else { return [] }
        let started = DispatchTime.now().uptimeNanoseconds
        let prepared = jobs.map { job in
            Prepared(dot: ContiguousArray(job.dot.utf8.map { CChar(bitPattern: $0) }),
                     engine: ContiguousArray((job.engine ?? "dot").utf8CString), engineName: job.engine ?? "dot",
                     automatic: job.engine == nil, name: job.name, abort: job.name == abort,
                     hang: job.name == hang)
        }
        _ = context  // made here, before the first fork, never in a worker
        // One worker per core, each taking the next drawing as soon as it is done with one,
        // largest first (the layout time grows with the DOT): every core is busy to the end.
        let order = prepared.indices.sorted { prepared[$0].dot.count > prepared[$1].dot.count }
        let queue = Queue(order)
        // Threads of their own, not `concurrentPerform`: they only wait on pipes, and inside
        // other concurrent work (the report encodes its JSON meanwhile) GCD would run them one
        // after the other on the calling thread.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, jobs.count))
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            Thread {
                while queue.hasWork {
                    runWorker(prepared, queue: queue, context: Self.context, seconds: seconds)
                }
                done.signal()
            }.start()
        }
        for _ in 0..<workers { done.wait() }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        lock.withLock {
            recorded.wall += wall
            recorded.workers = max(recorded.workers, workers)
        }
        return queue.values.map { value in
            switch value {
            case .some(.success(let svg)): return .success(svg)
            case .some(.failure(let failure)): return .failure(failure)
            case .none: return .failure(Failure(description: "Graphviz gave no drawing"))
            }
        }
    }

    // MARK: The parent

    struct Prepared {
        var dot: ContiguousArray<CChar>
        var engine: ContiguousArray<CChar>
        var engineName: String
        /// sfdp past `largest`.
        var automatic: Bool
        var large = ContiguousArray("sfdp".utf8CString)
        var name: String
        var abort: Bool
        var hang: Bool
    }

    /// The drawings not yet handed to a worker, and the results.
    final class Queue: @unchecked Sendable {
        private let lock = NSLock()
        private var pending: [Int]
        /// Drawings to try again in a fresh worker, before any other.
        private var again: [Int] = []
        private var stored: [Result<String, Failure>?]
        private var retries: [Int: Int] = [:]

        init(_ order: [Int]) {
            pending = order.reversed()
            stored = Array(repeating: nil, count: order.count)
        }

        var values: [Result<String, Failure>?] { lock.withLock { stored } }
        var hasWork: Bool { lock.withLock { !pending.isEmpty || !again.isEmpty } }
        func next() -> Int? { lock.withLock { again.popLast() ?? pending.popLast() } }
        func set(_ index: Int, _ value: Result<String, Failure>) { lock.withLock { stored[index] = value } }

        /// Hands the drawing to the next fresh worker, twice at most; false when it was
        /// already tried twice.
        func retry(_ index: Int) -> Bool {
            lock.withLock {
                retries[index, default: 0] += 1
                guard retries[index]! <= 2 else { return false }
                again.append(index)
                return true
            }
        }
    }

    /// Counts one layout in `statistics`.
    static func record(seconds: Double, engine: String, nodes: Int, name: String) {
        lock.withLock {
            recorded.layouts += 1
            recorded.seconds += seconds
            if seconds > recorded.slowest?.seconds ?? -1 { recorded.slowest = (seconds, engine, nodes, name) }
        }
    }
}
