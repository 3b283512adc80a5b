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

    /// `body` on a worker thread (with `InputLimits.stackSize`); nil when it has not finished
    /// within `seconds`. `body` must share nothing mutable with the caller. Workers are kept
    /// and reused: a thread made for every file cost a scan of 1,200 files about 40%.
    public static func run<Value: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> Value) -> Value? {
        let outcome = Outcome<Value>()
        let worker = lock.withLock { idle.popLast() } ?? Worker()
        worker.submit {
            outcome.value = body()
            outcome.done.signal()
        }
        guard outcome.done.wait(timeout: .now() + seconds) == .success else {
            // The worker is left to its work and never used again.
            lock.withLock { abandoned += 1 }
            return nil
        }
        lock.withLock { idle.append(worker) }
        return outcome.value
    }

    nonisolated(unsafe) private static var idle: [Worker] = []

    /// A thread with a large stack that runs one job at a time, for as long as the process.
    private final class Worker: @unchecked Sendable {
        private let condition = NSCondition()
        private var job: (@Sendable () -> Void)?

        init() {
            let thread = Thread { [self] in loop() }
            thread.stackSize = InputLimits.stackSize
            thread.start()
        }

        func submit(_ job: @escaping @Sendable () -> Void) {
            condition.lock()
            self.job = job
            condition.signal()
            condition.unlock()
        }

        private func loop() {
            while true {
                condition.lock()
                while job == nil { condition.wait() }
                let next = job!
                job = nil
                condition.unlock()
                next()
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

    /// Written once by the worker before it signals; read by the caller only after the signal.
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
        let done = DispatchSemaphore(value: 0)
    }
}
