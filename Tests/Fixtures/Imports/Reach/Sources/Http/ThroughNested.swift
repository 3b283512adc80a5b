import Core
import Atomics

// `settle()` is a member of Memory.Order.Fence, two levels deep, which `fence()` returns.
let settled = fence().settle()
