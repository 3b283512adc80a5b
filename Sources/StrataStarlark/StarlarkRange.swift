/// A range of integers, as `range()` makes it: its elements are computed when read.
package struct StarlarkRange: Equatable, Sendable {
    package var start: Int
    package var stop: Int
    package var step: Int

    package var count: Int {
        if step > 0 { return start < stop ? (stop - start - 1) / step + 1 : 0 }
        return start > stop ? (start - stop - 1) / -step + 1 : 0
    }

    package var values: StrideTo<Int> { stride(from: start, to: stop, by: step) }
}
