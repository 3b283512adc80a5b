import Outer
import Inner

// `whispered` is Inner's member: the import of Inner is used, although Outer's import of
// Inner loads it (removing that one, or MemberImportVisibility, would break this file).
let hushed = Outer.quiet("A") + "B".whispered
