import Macros
import Wrappers
import Builders

struct Settings {
    @Clamped var volume = 5
}

@ListBuilder func names() -> [String] {
    "a"
    "b"
}

let pair = #stringify(1 + 2)
