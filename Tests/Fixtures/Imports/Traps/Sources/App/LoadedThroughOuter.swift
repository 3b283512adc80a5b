import Outer
import Inner

// `whispered` is Inner's member, and Outer's import of Inner loads it: the file sees it
// without its own import (until MemberImportVisibility).
let hushed = Outer.quiet("A") + "B".whispered
