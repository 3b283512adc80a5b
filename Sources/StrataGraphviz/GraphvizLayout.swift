import CGraphviz
import Foundation
import StrataSourceTree

/// Lays out DOT graphs with libgvc and renders them as SVG, in worker processes, so that a
/// Graphviz crash or hang costs one drawing, never the run.
///
/// Workers are forked from this process (not re-executed): it works the same in `strata`,
/// under `swift test` and in any other host, and needs no executable path or protocol
/// version. Everything a worker needs (the DOT as C bytes, the engine, a libgvc context with
/// its plugins loaded) is prepared before the fork; the child only calls libgvc, writes each
/// SVG to a pipe and `_exit`s, so no lock of the parent's other threads is needed after the
/// fork but malloc's (glibc makes it fork-safe). There is one worker per core; the parent
/// hands each worker one drawing at a time (its index, through a pipe), the largest first,
/// and the next when the SVG comes back, so every core is busy to the end (libgvc is not
/// thread-safe: in process, layouts ran one at a time). A drawing that kills its worker is
/// tried in a fresh worker when it was not the dead worker's first (an earlier drawing may
/// have damaged the heap), and left out when it kills a fresh one too.
///
/// libgvc finds its layout and render plugins only through the `config6a` file that
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
        let dots = jobs.map(\.dot)
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

    /// The plugins a drawing needs and no other: the SVG renderer (`core`), dot and sfdp,
    /// loaded from libgvc's plugin folder as its `config6a` names them, without the pango
    /// text layout. Labels are then measured with Graphviz's own Helvetica/Arial metrics
    /// rather than with the fonts this machine has, so the same DOT gives the same SVG on
    /// every machine (the page shows it in the reader's fonts anyway), and no fontconfig
    /// start-up or text shaping is paid. Nil when they cannot be found: libgvc's usual
    /// context, every plugin.
    enum Plugins {
        static let names = ["core", "dot_layout", "neato_layout"]

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

        /// A context with only those plugins (no configuration file read), else libgvc's own.
        static func context() -> OpaquePointer? {
            guard let libraries else { return gvContext() }
            // libgvc keeps the (empty) list of built-in plugins: it must outlive the context.
            let none = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: 1)
            none.initialize(to: lt_symlist_t(name: nil, address: nil))
            guard let context = gvContextPlugins(none, 0) else { return gvContext() }
            for library in libraries { gvAddLibrary(context, library.assumingMemoryBound(to: gvplugin_library_t.self)) }
            return context
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

    /// In a drawn message's node count: laid out with sfdp (`largest`).
    private static let largeFlag: UInt32 = 1 << 31

    /// Message kinds from a worker.
    private enum Message: UInt32 {
        case drawn = 2, failed
    }

    /// The pipes of live workers: a worker closes those of the others (a worker holding
    /// another's pipe would hide that one's death from the parent).
    private static let descriptorLock = NSLock()
    nonisolated(unsafe) private static var descriptors: [Int32] = []

    /// A pipe whose ends are not inherited by programs that other threads start (git).
    private static func makePipe() -> [Int32]? {
        var ends: [Int32] = [0, 0]
        guard systemPipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Forks one worker and hands it drawings from `queue` one at a time until the queue is
    /// empty or the worker fails: a drawing it crashes on is left out when it was the
    /// worker's first (a crash may come from an earlier drawing's damage to the heap: then
    /// a fresh worker tries it), one it hangs on is left out, one it sits on without
    /// computing is tried again.
    private static func runWorker(_ jobs: [Prepared], queue: Queue, context: OpaquePointer?, seconds timeLimit: Double) {
        guard let first = queue.next() else { return }
        guard let (child, command, output) = forkWorker(jobs, context: context) else {
            queue.set(first, .failure(Failure(description: "no worker: \(String(cString: strerror(errno)))")))
            return
        }
        defer {
            descriptorLock.withLock { descriptors.removeAll { $0 == command || $0 == output } }
            close(command)
            close(output)
        }
        var reader = PipeReader(descriptor: output, child: child)
        var current: Int? = first
        var drawn = 0
        var failure: String?
        drawing: while let index = current {
            guard order(command, index) else { break }
            guard let header = reader.read(count: 4 * 3 + 8 * 2, within: timeLimit) else {
                failure = reader.timedOut ? "Graphviz took longer than \(TimeBudget.describe(timeLimit))" : nil
                break
            }
            let words = header.withUnsafeBytes { raw in (0..<3).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) } }
            let nanoseconds = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt64.self) }
            let length = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 20, as: UInt64.self) }
            guard Int(words[1]) == index, let message = Message(rawValue: words[0]) else {
                failure = "the Graphviz worker sent garbage"
                break
            }
            switch message {
            case .drawn:
                guard let body = reader.read(count: Int(length), within: timeLimit) else {
                    failure = reader.timedOut ? "Graphviz took longer than \(TimeBudget.describe(timeLimit))" : nil
                    break drawing
                }
                queue.set(index, .success(String(decoding: body, as: UTF8.self)))
                let large = words[2] & Self.largeFlag != 0
                record(seconds: Double(nanoseconds) / 1e9, engine: large ? "sfdp" : jobs[index].engineName,
                       nodes: Int(words[2] & ~Self.largeFlag), name: jobs[index].name)
            case .failed:
                queue.set(index, .failure(Failure(description: Self.reason(Int32(words[2]), engine: jobs[index].engineName))))
            }
            drawn += 1
            current = queue.next()
        }
        if current == nil { _ = order(command, Int(UInt32.max)) }
        // Stopped reading before the end: the worker must not outlive this (nor block on a
        // full pipe).
        if current != nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard let current else { return }
        // A worker that sat without using the processor is stuck on something it inherited
        // from the fork, not on Graphviz; a worker that crashed after other drawings may
        // have been damaged by one of them: a fresh worker tries the drawing again.
        if reader.stalled || (failure == nil && drawn > 0 && !reader.timedOut), queue.retry(current) { return }
        let signal = status & 0x7F
        let why = failure ?? (reader.stalled ? "the Graphviz worker stopped working"
            : signal != 0 ? "Graphviz crashed (signal \(signal), \(String(cString: strsignal(signal))))"
            : "the Graphviz worker stopped (status \((status >> 8) & 0xFF))")
        queue.set(current, .failure(Failure(description: why)))
    }

    /// A worker process and its two pipes (drawings to lay out in, layouts out); nil when the
    /// pipes or the fork failed (errno says why).
    private static func forkWorker(_ jobs: [Prepared], context: OpaquePointer?) -> (child: pid_t, command: Int32, output: Int32)? {
        descriptorLock.withLock {
            guard let command = makePipe() else { return nil }
            guard let output = makePipe() else {
                command.forEach { close($0) }
                return nil
            }
            let mine = [command[0], output[1]]
            let others = descriptors
            let child = fork()
            if child == 0 {
                for descriptor in others + [command[1], output[0]] { close(descriptor) }
                work(jobs, context: context, input: mine[0], output: mine[1])
            }
            close(command[0])
            close(output[1])
            guard child > 0 else {
                close(command[1])
                close(output[0])
                return nil
            }
            descriptors += [command[1], output[0]]
            return (child, command[1], output[0])
        }
    }

    /// Tells the worker which drawing to lay out next (`UInt32.max`: none, exit); false when
    /// the worker is gone.
    private static func order(_ command: Int32, _ index: Int) -> Bool {
        var word = UInt32(truncatingIfNeeded: index)
        return withUnsafeBytes(of: &word) { FileDescriptor.writeAll(command, $0) == nil }
    }

    private static func reason(_ code: Int32, engine: String) -> String {
        switch code {
        case 1: "Graphviz could not start (gvContext)"
        case 2: "Graphviz could not read the generated DOT"
        case 3: "Graphviz has no '\(engine)' layout plugin; run `dot -c` as root (scripts/setup does) so libgvc finds its plugins"
        default: "Graphviz has no 'svg' render plugin; run `dot -c` as root (scripts/setup does)"
        }
    }

    private static func record(seconds: Double, engine: String, nodes: Int, name: String) {
        lock.withLock {
            recorded.layouts += 1
            recorded.seconds += seconds
            if seconds > recorded.slowest?.seconds ?? -1 { recorded.slowest = (seconds, engine, nodes, name) }
        }
    }

    /// Reads whole messages from the worker's pipe, waiting at most a time limit for each.
    private struct PipeReader {
        let descriptor: Int32
        /// The worker, whose processor time tells a slow layout from a stuck worker.
        let child: pid_t
        var timedOut = false
        /// The worker used no processor time for `stallSeconds` while nothing came.
        var stalled = false
        private var lastTicks: Int?
        private var stillSince: UInt64 = 0

        /// A layout computes; a worker waiting this long without computing is stuck.
        static let stallSeconds: Double = 5

        init(descriptor: Int32, child: pid_t) {
            self.descriptor = descriptor
            self.child = child
        }

        /// The worker's user and system time in clock ticks, from `/proc` (nil elsewhere).
        func processorTicks() -> Int? {
            guard let data = FileManager.default.contents(atPath: "/proc/\(child)/stat") else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            // Fields after the command name, which is in parentheses and may hold spaces.
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return user + system
        }

        /// After a poll that brought nothing: notes whether the worker has been still too long.
        mutating func checkStill(now: UInt64, limit seconds: Double) {
            guard seconds > Self.stallSeconds * 2, let ticks = processorTicks() else { return }
            if ticks != lastTicks {
                lastTicks = ticks
                stillSince = now
            } else if Double(now - stillSince) / 1e9 >= Self.stallSeconds {
                stalled = true
            }
        }

        /// Nil at the end of the pipe or past the time limit (`timedOut`).
        mutating func read(count: Int, within seconds: Double) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            while offset < count {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else {
                    timedOut = true
                    return nil
                }
                var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = systemPoll(&poll, 1, Int32(min(Double(deadline - now) / 1e6, 1_000)) + 1)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else {
                    checkStill(now: DispatchTime.now().uptimeNanoseconds, limit: seconds)
                    if stalled { return nil }
                    continue
                }
                let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + offset, count - offset) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return nil }
                offset += got
            }
            return bytes
        }
    }

    // MARK: The worker (a forked child: libgvc calls and writes only)

    /// libgvc's context, made once in this process before the first fork, with the layout
    /// and render plugins of both engines loaded and a worker's whole path run once (to
    /// /dev/null). A worker then loads no library and initializes nothing of Swift's: a forked
    /// child must never wait on a lock that another thread of the parent held at the fork
    /// (the dynamic loader's, the Swift runtime's), or it hangs until the time limit.
    nonisolated(unsafe) private static let context: OpaquePointer? = {
        GraphvizReader.prepare()
        _ = (largest, largeFlag)
        guard let context = Plugins.context() else { return nil }
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return context }
        defer { close(null) }
        let dot = ContiguousArray("digraph { subgraph cluster_0 { a } a -> b [xlabel=x] }".utf8.map { CChar(bitPattern: $0) })
        for engine in ["dot", "sfdp"] {
            let job = Prepared(dot: dot, engine: ContiguousArray(engine.utf8CString), engineName: engine, automatic: false, name: "", abort: false, hang: false)
            layOut(job, context: context, index: 0, output: null)
        }
        send(null, .failed, 0, 0)
        // Telling a worker that died while freeing its last drawing what to draw next must be
        // an error, not a SIGPIPE that ends Strata (as for git, `GitRevisionTree`).
        signal(SIGPIPE, SIG_IGN)
        return context
    }()

    /// Lays out the drawings the parent names on `input`, one at a time, until it names
    /// none (or is gone), then exits.
    private static func work(_ jobs: [Prepared], context: OpaquePointer?, input: Int32, output: Int32) -> Never {
        // A crash ends the worker quietly: no core file, no Swift backtrace (seconds each).
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        setrlimit(RLIMIT_CORE, &none)
        #endif
        for signal in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { _ = systemSignal(signal, SIG_DFL) }
        // Graphviz's own messages and glibc's heap reports would repeat what the warning says.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2) }
        while true {
            var word: UInt32 = 0
            var got = 0
            while got < 4 {
                let count = withUnsafeMutableBytes(of: &word) { systemRead(input, $0.baseAddress! + got, 4 - got) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { _exit(0) }
                got += count
            }
            let index = Int(word)
            guard index < jobs.count else { _exit(0) }
            if jobs[index].abort { abort() }
            while jobs[index].hang { pause() }
            layOut(jobs[index], context: context, index: index, output: output)
        }
    }

    private static func layOut(_ job: Prepared, context: OpaquePointer?, index: Int, output: Int32) {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let context else { return send(output, .failed, index, 1) }
        defer { GraphvizReader.reset() }
        guard let graph = job.dot.withUnsafeBufferPointer({ GraphvizReader.read($0) }) else {
            return send(output, .failed, index, 2)
        }
        defer { agclose(graph) }
        let nodes = UInt32(agnnodes(graph))
        let large = job.automatic && (Int(nodes) > largest.nodes || Int(agnedges(graph)) > largest.edges)
        guard (large ? job.large : job.engine).withUnsafeBufferPointer({ gvLayout(context, graph, $0.baseAddress) }) == 0 else {
            return send(output, .failed, index, 3)
        }
        defer { gvFreeLayout(context, graph) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, "svg", &buffer, &length) == 0, let buffer else {
            return send(output, .failed, index, 4)
        }
        defer { gvFreeRenderData(buffer) }
        // Sent before anything is freed: a crash while freeing costs no drawing.
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        send(output, .drawn, index, nodes | (large ? largeFlag : 0), nanoseconds: elapsed, body: UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    }

    private static func send(
        _ output: Int32, _ kind: Message, _ index: Int, _ value: UInt32, nanoseconds: UInt64 = 0,
        body: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
    ) {
        // The parent gone: the worker has nothing left to do.
        func put(_ bytes: UnsafeRawBufferPointer) { if FileDescriptor.writeAll(output, bytes) != nil { _exit(1) } }
        var header = (kind.rawValue, UInt32(index), value, nanoseconds, UInt64(body.count))
        withUnsafeBytes(of: &header) { raw in
            // The tuple's layout: three UInt32 then (aligned) two UInt64; sent packed.
            put(UnsafeRawBufferPointer(rebasing: raw[0..<12]))
            put(UnsafeRawBufferPointer(rebasing: raw[16..<32]))
        }
        if body.count > 0 { put(body) }
    }
}

#if canImport(Glibc)
private let systemPipe = Glibc.pipe, systemPoll = Glibc.poll, systemRead = Glibc.read
private let systemSignal = Glibc.signal
#else
private let systemPipe = Darwin.pipe, systemPoll = Darwin.poll, systemRead = Darwin.read
private let systemSignal = Darwin.signal
#endif
