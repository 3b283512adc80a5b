import Umbrella
@testable import Names

// Pair is public, as Umbrella re-exports it, but its memberwise initializer is internal: only
// `@testable import Names` opens it, though the file never spells `init`.
let pair = Pair(value: 1)
