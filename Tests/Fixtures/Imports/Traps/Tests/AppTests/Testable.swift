@testable import Names
@testable import Umbrella

// Umbrella re-exports Names, but `@testable` opens only Umbrella: InternalToken needs Names'.
let opened = InternalToken()
