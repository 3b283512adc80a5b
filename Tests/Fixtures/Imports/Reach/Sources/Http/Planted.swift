import Core
import Atomics

// Names the standard integers Atomics conforms to its own protocol, and spells names Atomics'
// members have (`value`, `increment`) on values of Core's types and its own: the compiler needs no
// Atomics here.
func widen(_ header: Header, by increment: Int) -> Int { header.value.count + increment }
let width: UInt8 = 8
let wide: Bool = widen(Header(name: "a", value: "b"), by: Int(width)) > 1
