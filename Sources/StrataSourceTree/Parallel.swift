import Dispatch
import StrataModel

/// Work spread over the cores, its results in order (the report's files, the cache's
/// entries). Dispatch's threads: for work that does not recurse as deep as its input nests
/// (`LargeStack` is for that).
public enum Parallel {
    /// `transform(0..<count)` on all cores, in index order; the first error (by index) is thrown.
    public static func map<T>(_ count: Int, _ transform: (Int) throws -> T) throws -> [T] {
        try withoutActuallyEscaping(transform) { transform in
            let slots = Slots(count: count, transform)
            DispatchQueue.concurrentPerform(iterations: count) { slots.fill($0) }
            return try slots.values()
        }
    }

    /// `transform(0..<count)` on all cores, in index order.
    public static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        try! map(count) { (index: Int) throws -> T in transform(index) }  // `transform` does not throw
    }

    /// `first` on the calling thread (and its stack: recursive work goes there) while
    /// `second` runs on another core.
    public static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        withoutActuallyEscaping(second) { second in
            let other = Slots(count: 1) { _ in second() }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                other.fill(0)
                done.signal()
            }
            let a = first()
            done.wait()
            return (a, try! other.values()[0])  // `second` does not throw
        }
    }

    /// One result per index, each filled by one thread, read when all are done.
    private final class Slots<T>: @unchecked Sendable {
        private let results: UnsafeMutableBufferPointer<Result<T, any Error>?>
        private var transform: ((Int) throws -> T)?

        init(count: Int, _ transform: @escaping (Int) throws -> T) {
            results = .allocate(capacity: count)
            results.initialize(repeating: nil)
            self.transform = transform
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }

        func fill(_ index: Int) { results[index] = Result { try transform!(index) } }

        /// The results in order, the closure let go of so it does not outlive the caller's wait.
        func values() throws -> [T] {
            transform = nil
            return try results.map { try $0!.get() }
        }
    }
}

/// `Workers` on all cores, for the analyses the pipeline runs.
public struct AllCores: Workers {
    public init() {}

    public func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] { Parallel.map(count, body) }
}
