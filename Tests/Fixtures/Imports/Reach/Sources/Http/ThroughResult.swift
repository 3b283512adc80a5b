import Core
import Atomics

// `unwrapped()` is a member of Cell, reached through `makeCell()`'s result.
let three = makeCell().unwrapped()
