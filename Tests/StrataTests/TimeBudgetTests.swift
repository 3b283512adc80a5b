import Foundation
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
        // Far deeper than a Dispatch worker's 512 KB stack holds.
        #expect(TimeBudget.map(iterations: 2, within: 60) { Self.depth(100_000 + $0) } == [100_000, 100_001])
    }

    @inline(never) static func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }

    @Test func indicesOverTheBudgetAreGivenUpAndTheRestGoOn() {
        // More hanging indices than the machine has cores: each abandoned thread is replaced.
        let hanging: Set<Int> = Set((0..<(ProcessInfo.processInfo.activeProcessorCount + 2)).map { $0 * 7 })
        let release = DispatchSemaphore(value: 0)
        let values = TimeBudget.map(iterations: 60, within: 0.2) { index -> Int in
            if hanging.contains(index) { release.wait() }
            return index
        }
        for _ in hanging { release.signal() }
        #expect(values.indices.filter { values[$0] == nil } == hanging.sorted())
        #expect(values.compactMap { $0 } == (0..<60).filter { !hanging.contains($0) })
        #expect(TimeBudget.abandonedWork)
    }
}
