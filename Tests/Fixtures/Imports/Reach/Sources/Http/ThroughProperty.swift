import Core
import Atomics

// `increment(by:)` is a member of Counter, reached through Channel's `counter`: Atomics is needed.
let channel = Channel()
func bump() { channel.counter.increment(by: 2) }
