@testable import Umbrella
@testable import Names

// Only Names' public API, which Umbrella re-exports: `@testable` of Names may still open an
// initializer of Token the file calls without spelling it (here `init()` is public), so the
// import that goes is Umbrella's, which gives nothing of Umbrella's own.
let token = Token()
