import Foundation
import StrataSourceTree
import Testing

/// `Parallel`: results in index order whatever thread made them, the first error by index,
/// and maps inside maps (and inside `both`) that finish with every result.
struct ParallelTests {
    @Test func resultsAreInIndexOrder() {
        #expect(Parallel.map(0) { $0 }.isEmpty)
        #expect(Parallel.map(1) { $0 + 1 } == [1])
        #expect(Parallel.map(10_000) { $0 * 3 } == (0..<10_000).map { $0 * 3 })
    }

    @Test func theFirstErrorByIndexIsThrown() {
        struct Failure: Error, Equatable { var index: Int }
        // The first by index, not the first thrown: index 3 throws last.
        #expect(throws: Failure(index: 3)) {
            try Parallel.map(100) { index -> Int in
                if index == 3 { Thread.sleep(forTimeInterval: 0.2) }
                if index % 10 == 3 { throw Failure(index: index) }
                return index
            }
        }
    }

    @Test func mapsInsideMapsAndBothFinish() {
        let nested = Parallel.map(8) { outer in Parallel.map(500) { outer * 1_000 + $0 }.reduce(0, +) }
        #expect(nested == (0..<8).map { outer in (0..<500).reduce(0) { $0 + outer * 1_000 + $1 } })
        let (left, right) = Parallel.both({ Parallel.map(300) { $0 }.count }, { Parallel.both({ Parallel.map(200) { $0 }.count }, { 7 }) })
        #expect(left == 300 && right == (200, 7))
    }

    /// A map inside `both` runs its indices side by side: its index 0 sees index 1 start while
    /// it waits (`concurrentPerform` nested in another ran them one after the other).
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1)) func aMapInsideBothRunsSideBySide() {
        let outcome = Self.onAThread(within: 20) { () -> Bool in
            Parallel.both({
                let second = DispatchSemaphore(value: 0)
                return Parallel.map(2) { index -> Bool in
                    if index == 1 { second.signal(); return true }
                    return second.wait(timeout: .now() + 10) == .success
                }.allSatisfy { $0 }
            }, { true }).0
        }
        #expect(outcome == true)
    }

    /// Every Dispatch thread busy waiting on something only this test releases (Dispatch adds a
    /// thread a second at most): the maps still finish on their callers' threads.
    @Test func aMapNeverWaitsForAThreadDispatchHasNotGiven() {
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 32) { DispatchQueue.global().async { release.wait(); release.signal() } }
        let counts = Self.onAThread(within: 10) { Parallel.both({ Parallel.map(1_000) { $0 }.count }, { Parallel.map(10) { $0 }.count }) }
        release.signal()
        #expect(counts.map { [$0.0, $0.1] } == [1_000, 10], "the maps waited for a Dispatch thread")
    }

    /// `body` on a thread of its own; nil when it has not returned within `seconds`.
    static func onAThread<T>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>(), done = DispatchSemaphore(value: 0)
        Thread {
            let value = body()
            box.lock.withLock { box.value = value }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.lock.withLock { box.value }
    }
}

/// A value handed from the thread that makes it to the one that waits for it.
private final class ResultBox<T>: @unchecked Sendable {
    let lock = NSLock()
    var value: T?
}
