import Core
import Atomics

// `tick()` is Ticker's, which Core's Timer inherits.
let ticks = Timer().tick()
