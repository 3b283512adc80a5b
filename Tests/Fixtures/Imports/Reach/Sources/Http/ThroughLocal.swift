import Core
import Atomics

// Values kept in locals: `counter` is a Counter, `cell` a Cell, neither type spelled.
func total() -> Int {
    let channel = Channel()
    let counter = channel.counter
    counter.increment(by: 1)
    let cell = makeCell()
    return counter.value + cell.unwrapped()
}
