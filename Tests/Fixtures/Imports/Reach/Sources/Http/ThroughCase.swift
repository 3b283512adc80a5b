import Core
import Atomics

// `.relaxed` is a case of Ordering, which `load(ordering:)` takes.
let loaded = Channel().load(ordering: .relaxed)
