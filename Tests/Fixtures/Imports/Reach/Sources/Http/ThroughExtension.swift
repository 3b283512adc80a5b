import Core
import Atomics

// `gauge` is declared in an extension of Channel in another file of Core, `reset()` in an
// extension of Counter in another file of Atomics: both reach Atomics' types.
let gaugeReading = Channel().gauge.reading()
func restart(_ channel: Channel) { channel.counter.reset() }
