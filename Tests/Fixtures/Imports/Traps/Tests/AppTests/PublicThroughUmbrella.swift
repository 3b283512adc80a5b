@testable import Umbrella
@testable import Names

// Only Names' public API, which Umbrella re-exports: `@testable` of Names opens nothing used.
let token = Token()
