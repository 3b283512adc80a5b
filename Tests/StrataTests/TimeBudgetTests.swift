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

    /// Stopped while bodies run: no index is taken after, those taken have their values.
    @Test func aCutoffStopsTheTakingOfIndices() {
        let cutoff = TimeBudget.Cutoff()
        let (values, taken) = TimeBudget.map(iterations: 1_000, within: 60, until: cutoff) { index -> Int in
            if index == 10 { cutoff.stop() }
            // Past 10, each thread waits for the stop with the index it took (bounded): no
            // thread can take a second one before it.
            let waited = DispatchTime.now() + 30
            while index > 10, !cutoff.isStopped, DispatchTime.now() < waited { usleep(1_000) }
            return index
        }
        #expect(taken >= 11 && taken <= 10 + ProcessInfo.processInfo.activeProcessorCount)
        #expect(values.prefix(taken).allSatisfy { $0 != nil } && values.dropFirst(taken).allSatisfy { $0 == nil })
        #expect(TimeBudget.map(iterations: 5, within: 60, until: cutoff) { $0 }.taken == 0)
    }

    /// When it stops, a body still running that is no longer wanted is given up at once (its
    /// value nil), not waited for; a wanted one is waited for.
    @Test(arguments: [false, true]) func aBodyNoLongerWantedIsGivenUpWhenTheCutoffStops(wanted: Bool) {
        let cutoff = TimeBudget.Cutoff()
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let stopper = Thread {
            started.wait()
            cutoff.stop(keeping: wanted ? ["0"] : [])
            // The wanted body ends a little after the stop; the other never would by itself.
            if wanted { Thread.sleep(forTimeInterval: 0.1); release.signal() }
        }
        stopper.start()
        let began = DispatchTime.now().uptimeNanoseconds
        let (values, taken) = TimeBudget.map(iterations: 1, within: 60, until: cutoff, unwanted: { !cutoff.keeps(String($0)) }) { index -> Int in
            started.signal()
            _ = release.wait(timeout: .now() + 30)
            return index
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        if !wanted { release.signal() }
        #expect(taken == 1 && values == [wanted ? 0 : nil])
        #expect(seconds < 10, "waited \(seconds) s")
        if !wanted { #expect(TimeBudget.abandonedWork) }
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
