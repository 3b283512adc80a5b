import Outer
import Inner

// As in App, but this module is built with MemberImportVisibility: the import is needed.
let hushed = Outer.quiet("A") + "B".whispered
