import Core
import Atomics

// `reading()` is Gauge's, the payload of the Probe that `probe()` returns.
func read() -> Int {
    if case .gauge(let gauge) = probe() { return gauge.reading() }
    return 0
}
