import Atomics

// Its own `value` and `increment(by:)`, and an enum with a `relaxed` case of its own: nothing of Atomics.
enum Mode { case relaxed, strict }
struct Tally {
    var value = 0
    mutating func increment(by amount: Int) { value += amount }
}
var tally = Tally()
let mode: Mode = .relaxed
