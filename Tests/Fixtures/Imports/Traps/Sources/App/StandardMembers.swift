import Widths

// `magnitude` and `+` are Widths' members, and the standard library's (`Int.magnitude`,
// `Int.+`): the file may not need Widths at all.
let size = (-3).magnitude + 1
