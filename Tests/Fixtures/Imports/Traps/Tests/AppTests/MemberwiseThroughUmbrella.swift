import Umbrella
@testable import Names

// Pair is public, as Umbrella re-exports it, but its memberwise initializer is internal: only
// `@testable import Names` opens it, though the file never spells `init`. Umbrella's import
// gives nothing of Umbrella's own: it is the one that goes.
let pair = Pair(value: 1)
