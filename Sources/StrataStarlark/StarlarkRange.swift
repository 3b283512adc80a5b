/// A range of integers, as `range()` makes it: its elements are computed when read.
package struct StarlarkRange: Equatable, Sendable {
    package var start: Int
    package var stop: Int
    package var step: Int

    /// The number of elements, whatever the bounds (`range(-2**63, 2**63 - 1)` included).
    package var count: Int {
        if step > 0 {
            guard start < stop else { return 0 }
            return Int(clamping: (UInt(bitPattern: stop &- start) - 1) / step.magnitude + 1)
        }
        guard start > stop else { return 0 }
        return Int(clamping: (UInt(bitPattern: start &- stop) - 1) / step.magnitude + 1)
    }

    /// The element at `index` (in `0..<count`): wrapping arithmetic is exact here, since the
    /// result lies between the bounds.
    package func value(at index: Int) -> Int { start &+ index &* step }

    package var values: LazyMapSequence<Range<Int>, Int> { (0..<count).lazy.map(value(at:)) }

    /// Whether `number` is an element.
    package func contains(_ number: Int) -> Bool {
        guard step > 0 ? (number >= start && number < stop) : (number <= start && number > stop) else { return false }
        return UInt(bitPattern: step > 0 ? number &- start : start &- number) % step.magnitude == 0
    }
}
