import Foundation

/// Runs work on threads with `InputLimits.stackSize` stacks: the default stacks of Dispatch's
/// worker threads are too small for syntax trees nested a few hundred levels deep.
public enum LargeStack {
    /// `body(0..<iterations)` spread over one thread per core, each with a large stack;
    /// returns when all are done.
    public static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let next = Counter()
        let threads = min(iterations, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let done = DispatchGroup()
        var started = 0
        for _ in 0..<threads {
            done.enter()
            if detach({
                while let index = next.take(below: iterations) { body(index) }
                done.leave()
            }) {
                started += 1
            } else {
                done.leave()
            }
        }
        // No thread given: the work is done here rather than waited for forever.
        if started == 0 { while let index = next.take(below: iterations) { body(index) } }
        done.wait()
    }

    /// `body` on one thread with a large stack, the caller waiting for its result.
    public static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body: body)
            concurrentPerform(iterations: 1) { _ in box.run() }
            return try box.result!.get()
        }
    }

    /// `body` on a detached thread of its own with a large stack; false when the system gave
    /// no thread (Foundation's `Thread.start()` would not say so).
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, InputLimits.stackSize) == 0,
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0
        else { return false }
        let box = Unmanaged.passRetained(Detached(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { Detached.run($0) }, box) == 0
        #else
        var thread: pthread_t?
        let started = pthread_create(&thread, &attributes, { Detached.run($0) }, box) == 0
        #endif
        if !started { Unmanaged<Detached>.fromOpaque(box).release() }
        return started
    }

    private final class Detached {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }

        static func run(_ box: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            Unmanaged<Detached>.fromOpaque(box!).takeRetainedValue().body()
            return nil
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    /// Hands a closure and its result across the one thread that runs it while the caller waits.
    private final class UncheckedBox<Result>: @unchecked Sendable {
        private var body: (() throws -> Result)?
        var result: Swift.Result<Result, any Error>?
        init(body: @escaping () throws -> Result) { self.body = body }

        /// Runs the body once and lets go of it, so it does not outlive the caller's wait.
        func run() {
            result = Swift.Result { try body!() }
            body = nil
        }
    }
}
