#if TRAPS_NEVER_SET
import Names
#endif

// With TRAPS_NEVER_SET this file would use Token; without it the import is not there at all.
let windowsOnly = 1
