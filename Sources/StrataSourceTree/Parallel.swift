import Dispatch
import Foundation
import StrataModel

/// Work spread over the cores, its results in order (the report's files, the cache's
/// entries). Dispatch's threads: for work that does not recurse as deep as its input nests
/// (`LargeStack` is for that).
public enum Parallel {
    /// `transform(0..<count)` on all cores, in index order; the first error (by index) is thrown.
    ///
    /// The calling thread takes indices too, and helpers on Dispatch's threads join it as they
    /// start; the caller waits only for helpers that took an index, never for one not yet
    /// started. So a map inside another map (or inside `both`) still spreads over the cores
    /// that are free, where Dispatch's `concurrentPerform` nested in another ran one index
    /// after the other, and no wait depends on a thread Dispatch has yet to give.
    public static func map<T>(_ count: Int, _ transform: (Int) throws -> T) throws -> [T] {
        try withoutActuallyEscaping(transform) { transform in
            let job = Job(count: count, transform)
            for _ in 0..<max(0, min(count, ProcessInfo.processInfo.activeProcessorCount) - 1) {
                DispatchQueue.global().async { job.help() }
            }
            job.work()
            return try job.values()
        }
    }

    /// `transform(0..<count)` on all cores, in index order.
    public static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        try! map(count) { (index: Int) throws -> T in transform(index) }  // `transform` does not throw
    }

    /// `first` on the calling thread (and its stack: recursive work goes there) while
    /// `second` runs on another core, or after `first` on this one when no other core took it.
    public static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        withoutActuallyEscaping(second) { second in
            let other = Job(count: 1) { _ in second() }
            DispatchQueue.global().async { other.help() }
            let a = first()
            other.work()
            return (a, try! other.values()[0])  // `second` does not throw
        }
    }

    /// Indices handed out one at a time, one result per index (each filled by the thread that
    /// took it), read when every index is done.
    private final class Job<T>: @unchecked Sendable {
        private let results: UnsafeMutableBufferPointer<Result<T, any Error>?>
        private var transform: ((Int) throws -> T)?
        private let condition = NSCondition()
        /// Guarded by `condition`: the next index to hand out, and the helpers working.
        private var next = 0
        private var helping = 0

        init(count: Int, _ transform: @escaping (Int) throws -> T) {
            results = .allocate(capacity: count)
            results.initialize(repeating: nil)
            self.transform = transform
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }

        /// The next index, nil when every index is taken.
        private func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        /// The caller's part: indices until none is left, then the wait for the helpers that
        /// took one.
        func work() {
            while let index = take() { fill(index) }
            condition.lock()
            while helping > 0 { condition.wait() }
            condition.unlock()
        }

        /// A helper's part; one that starts when every index is taken touches nothing else (the
        /// caller may have returned).
        func help() {
            condition.lock()
            guard next < results.count else {
                condition.unlock()
                return
            }
            helping += 1
            condition.unlock()
            while let index = take() { fill(index) }
            condition.lock()
            helping -= 1
            if helping == 0 { condition.broadcast() }
            condition.unlock()
        }

        private func fill(_ index: Int) { results[index] = Result { try transform!(index) } }

        /// The results in order, the closure and the results let go of: it does not outlive the
        /// caller's wait, and a helper that starts late keeps only this empty job alive.
        func values() throws -> [T] {
            transform = nil
            defer { results.update(repeating: nil) }
            return try results.map { try $0!.get() }
        }
    }
}

/// Work started on a thread of its own, its value waited for when first asked (run on the
/// asking thread when the system gives no thread).
public final class Pending<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Value?

    public init(_ body: @escaping @Sendable () -> Value) {
        let started = LargeStack.detach { [self] in
            let value = body()
            lock.withLock { result = value }
            done.signal()
        }
        if !started {
            result = body()
            done.signal()
        }
    }

    /// The work's value, once it is done.
    public var value: Value {
        done.wait()
        defer { done.signal() }
        return lock.withLock { result! }
    }
}

/// `Workers` on all cores, for the analyses the pipeline runs.
public struct AllCores: Workers {
    public init() {}

    public func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] { Parallel.map(count, body) }
}
