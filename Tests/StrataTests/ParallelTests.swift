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
        #expect(throws: Failure(index: 3)) {
            try Parallel.map(100) { index -> Int in
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

    /// Every Dispatch thread busy waiting on something only this test releases: the maps still
    /// finish on their callers' threads, without a thread from Dispatch.
    @Test func aMapNeverWaitsForAThreadDispatchHasNotGiven() {
        let release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        for _ in 0..<64 { DispatchQueue.global().async { release.wait(); release.signal() } }
        let results = Results()
        Thread {
            results.value = Parallel.both({ Parallel.map(1_000) { $0 }.count }, { Parallel.map(10) { $0 }.count })
            finished.signal()
        }.start()
        let done = finished.wait(timeout: .now() + 60) == .success
        release.signal()
        #expect(done, "the maps waited for a Dispatch thread")
        if !done { finished.wait() }
        #expect(results.value.map { [$0.0, $0.1] } == [1_000, 10])
    }

    private final class Results: @unchecked Sendable {
        var value: (Int, Int)?
    }
}
