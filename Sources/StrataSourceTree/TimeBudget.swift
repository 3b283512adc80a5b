import Foundation

/// The last line of defence against a file that parses too slowly: the deterministic bounds
/// (`ParseLimits`) model swift-syntax's recovery, and a shape they miss costs at most this
/// budget. Work over budget cannot be stopped (swift-syntax has no cancellation): it is left
/// running on its own thread with nothing shared, its result dropped, and the process ends
/// with `_exit` so that the abandoned thread neither holds it open nor races its teardown.
public enum TimeBudget {
    /// Seconds one file's parse and walk may take unless `--file-time-limit` says otherwise.
    /// Only a file over the budget makes a result depend on the machine.
    public static let defaultPerFile: Double = 10

    private static let lock = NSLock()
    nonisolated(unsafe) private static var abandoned = 0

    /// Whether any work was abandoned in this process.
    public static var abandonedWork: Bool { lock.withLock { abandoned > 0 } }

    /// "10 s", "1.5 s": the budget as messages say it.
    public static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }

    /// `body(0..<iterations)` on one thread per core, each with `InputLimits.stackSize`, each
    /// index within `seconds`: an index whose body has not returned after `seconds` is given up
    /// (nil in the result), its thread left to it and never used again, and a fresh thread goes
    /// on with the rest. `body` must share nothing mutable with the caller. The threads take
    /// the indices in order from one counter and the caller only watches the clock: handing
    /// each file to a waiting thread and back cost a scan of 9,000 files 17%.
    public static func map<Value: Sendable>(
        iterations: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> Value
    ) -> [Value?] {
        map(iterations: iterations, within: seconds, until: nil, body).values
    }

    /// The same, taking no further index once `cutoff` is stopped: `taken` indices were
    /// taken (those past it are nil, and no body ran for them). The bodies running when it
    /// stops are waited for, but for those of the indices `unwanted` then names: they are given
    /// up at once (nil), as an index over the budget is.
    public static func map<Value: Sendable>(
        iterations: Int, within seconds: Double, until cutoff: Cutoff?, unwanted: (@Sendable (Int) -> Bool)? = nil,
        _ body: @escaping @Sendable (Int) -> Value
    ) -> (values: [Value?], taken: Int) {
        guard iterations > 0 else { return ([], 0) }
        let run = Run<Value>(iterations: iterations, cutoff: cutoff, body: body)
        // The watch below wakes when the cutoff stops, to give up what is no longer wanted.
        if unwanted != nil { _ = cutoff?.wake { run.wakeForCutoff() } }
        let threads = min(iterations, max(1, ProcessInfo.processInfo.activeProcessorCount))
        for _ in 0..<threads { run.start() }
        // Whole nanoseconds, at most a million seconds: no deadline overflows.
        let budget = UInt64(min(max(seconds, 1e-3), 1e6) * 1e9)
        while run.working {
            // Wakes when a thread runs out of work, or when the oldest running body is due (a
            // budget from now when none has started yet).
            let due = DispatchTime(uptimeNanoseconds: (run.oldestStart ?? DispatchTime.now().uptimeNanoseconds) + budget)
            if run.finished.wait(timeout: due) == .success {
                // One signal each: a thread that ran out of work, or the cutoff (once).
                if run.takeCutoffWake() {
                    if let unwanted { lock.withLock { abandoned += run.abandon(where: unwanted) } }
                } else {
                    run.threadEnded()
                }
            } else {
                let overdue = run.abandonOverdue(now: DispatchTime.now().uptimeNanoseconds, budget: budget)
                lock.withLock { abandoned += overdue }
                for _ in 0..<overdue where run.hasWork { run.start() }
            }
        }
        return run.takeResults()
    }

    /// Work that should stop taking more, set once from any thread, and what of the work
    /// already begun is still wanted then (`keeps`).
    public final class Cutoff: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var keptPaths: Set<String>?
        private var wakes: [@Sendable () -> Void] = []

        public init() {}

        /// Stops it; `keeping`: the paths whose work begun is still wanted (nil: all of it).
        public func stop(keeping paths: Set<String>? = nil) {
            let wakes = lock.withLock {
                guard !stopped else { return [@Sendable () -> Void]() }
                stopped = true
                keptPaths = paths
                return self.wakes
            }
            for wake in wakes { wake() }
        }

        public var isStopped: Bool { lock.withLock { stopped } }

        /// Whether the work begun on `path` is still wanted once stopped.
        public func keeps(_ path: String) -> Bool { lock.withLock { keptPaths?.contains(path) ?? true } }

        /// Calls `wake` when it stops; false, and no call, when it has stopped already.
        func wake(_ wake: @escaping @Sendable () -> Void) -> Bool {
            lock.withLock {
                guard !stopped else { return false }
                wakes.append(wake)
                return true
            }
        }
    }

    /// One `map`: the next index, what each thread is running since when, the results.
    private final class Run<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let iterations: Int
        private let cutoff: Cutoff?
        private let body: @Sendable (Int) -> Value
        private var next = 0
        /// Guarded by `lock`.
        private var stored: [Value?]
        /// By thread number: the index it runs and since when (uptime nanoseconds); absent
        /// once the thread is done or abandoned.
        private var running: [Int: (index: Int, since: UInt64)] = [:]
        private var abandonedThreads: Set<Int> = []
        private var threads = 0
        /// Threads not abandoned that have not yet run out of work.
        private var live = 0
        /// Signalled by each thread that runs out of work (abandoned threads never signal), and
        /// once when the cutoff stops (`cutoffWoke` says which).
        let finished = DispatchSemaphore(value: 0)
        private var cutoffWoke = false

        init(iterations: Int, cutoff: Cutoff?, body: @escaping @Sendable (Int) -> Value) {
            self.iterations = iterations
            self.cutoff = cutoff
            self.body = body
            stored = Array(repeating: nil, count: iterations)
        }

        var oldestStart: UInt64? { lock.withLock { running.values.map(\.since).min() } }
        /// Whether a thread not abandoned is still to run out of work (none when none started).
        var working: Bool { lock.withLock { live > 0 } }
        var hasWork: Bool { lock.withLock { next < iterations } && cutoff?.isStopped != true }

        /// The results and how many indices were taken, let go of here: an abandoned thread
        /// keeps this run alive until its body returns.
        func takeResults() -> (values: [Value?], taken: Int) {
            lock.withLock {
                defer { stored = [] }
                return (stored, next)
            }
        }

        /// One thread ran out of work.
        func threadEnded() { lock.withLock { live -= 1 } }

        func wakeForCutoff() {
            lock.withLock { cutoffWoke = true }
            finished.signal()
        }

        /// Whether a signal of `finished` was the cutoff's (taken once).
        func takeCutoffWake() -> Bool {
            lock.withLock {
                defer { cutoffWoke = false }
                return cutoffWoke
            }
        }

        /// Gives up every running body whose index is `unwanted`: the count of threads abandoned.
        func abandon(where unwanted: (Int) -> Bool) -> Int {
            lock.withLock {
                let given = running.filter { unwanted($0.value.index) }.map(\.key)
                for number in given {
                    running[number] = nil
                    abandonedThreads.insert(number)
                }
                live -= given.count
                return given.count
            }
        }

        /// A thread that takes indices until none is left; none when the system gives no thread
        /// (the indices no thread took stay nil).
        func start() {
            let number: Int = lock.withLock {
                threads += 1
                live += 1
                return threads
            }
            if !LargeStack.detach({ [self] in work(as: number) }) { lock.withLock { live -= 1 } }
        }

        /// Gives up every body that has run for `budget` by `now`: the count of threads abandoned.
        func abandonOverdue(now: UInt64, budget: UInt64) -> Int {
            lock.withLock {
                let overdue = running.filter { $0.value.since + budget <= now }.map(\.key)
                for number in overdue {
                    running[number] = nil
                    abandonedThreads.insert(number)
                }
                live -= overdue.count
                return overdue.count
            }
        }

        private func work(as number: Int) {
            while let index = take(as: number) {
                let value = body(index)
                let keep = lock.withLock {
                    guard !abandonedThreads.contains(number) else { return false }
                    stored[index] = value
                    running[number] = nil
                    return true
                }
                guard keep else { return }
            }
            finished.signal()
        }

        private func take(as number: Int) -> Int? {
            // Read outside the run's lock: the cutoff has its own.
            let stopped = cutoff?.isStopped == true
            return lock.withLock {
                guard next < iterations, !stopped else { return nil }
                next += 1
                running[number] = (next - 1, DispatchTime.now().uptimeNanoseconds)
                return next - 1
            }
        }
    }

    /// Ends the process with `code`, with `_exit` when work was abandoned (buffered output
    /// flushed first).
    public static func exit(_ code: Int32) -> Never {
        fflush(nil)
        if abandonedWork { _exit(code) }
        Foundation.exit(code)
    }
}
