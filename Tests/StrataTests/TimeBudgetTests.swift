import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StrataSourceTree
import Testing

/// `TimeBudget.map`: every index's value in order, on large stacks; an index that runs past the
/// budget is given up (nil) and the rest go on, even when more indices hang than there are
/// threads.
struct TimeBudgetTests {
    @Test func everyIndexGetsItsValueInOrder() {
        let values = TimeBudget.map(iterations: 1_000, within: 60) { $0 * 2 }
        #expect(values == (0..<1_000).map { Optional($0 * 2) })
        #expect(TimeBudget.map(iterations: 0, within: 60) { $0 }.isEmpty)
    }

    @Test func bodiesRunOnLargeStacks() {
        let sizes = TimeBudget.map(iterations: 4, within: 60) { _ -> Int in
            #if os(Linux)
            var attributes = pthread_attr_t()
            _ = threadAttributes(pthread_self(), &attributes)
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            pthread_attr_getstacksize(&attributes, &size)
            return size
            #else
            return pthread_get_stacksize_np(pthread_self())
            #endif
        }
        #expect(sizes.allSatisfy { ($0 ?? 0) >= InputLimits.stackSize }, "\(sizes)")
    }

    @Test func indicesOverTheBudgetAreGivenUpAndTheRestGoOn() {
        // More hanging indices than the machine has cores: each abandoned thread is replaced.
        let hanging = Set((0...ProcessInfo.processInfo.activeProcessorCount + 1).map { $0 * 7 })
        let iterations = 7 * hanging.count + 5
        let release = DispatchSemaphore(value: 0)
        let values = TimeBudget.map(iterations: iterations, within: 1) { index -> Int in
            // Bounded: a map that never gives up an index fails here rather than hanging.
            if hanging.contains(index) { _ = release.wait(timeout: .now() + 30) }
            return index
        }
        for _ in hanging { release.signal() }
        #expect(values.indices.filter { values[$0] == nil } == hanging.sorted())
        #expect(values.compactMap { $0 } == (0..<iterations).filter { !hanging.contains($0) })
        #expect(TimeBudget.abandonedWork)
    }

    /// A budget no clock can reach is no budget, not an overflow.
    @Test func anyBudgetIsAccepted() {
        #expect(TimeBudget.map(iterations: 3, within: 1e12) { $0 } == [0, 1, 2])
        #expect(TimeBudget.map(iterations: 3, within: .greatestFiniteMagnitude) { $0 } == [0, 1, 2])
    }
}

#if os(Linux)
/// glibc's `pthread_getattr_np`, which its Swift module leaves out (a GNU extension).
@_silgen_name("pthread_getattr_np")
private func threadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif
