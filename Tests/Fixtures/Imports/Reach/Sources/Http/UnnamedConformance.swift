import Core
import Retro

// `Bool: Identifiable` is Retro's, and Core's generic function needs it: the file names
// neither, so the import can only be probably unused.
let flags = identifiers(of: [true, false])
