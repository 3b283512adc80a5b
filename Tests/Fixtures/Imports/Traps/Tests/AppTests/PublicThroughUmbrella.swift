@testable import Umbrella
@testable import Names

// Only Names' public API, which Umbrella re-exports: `@testable` of Names may still open an
// initializer of Token the file calls without spelling it (here `init()` is public).
let token = Token()
