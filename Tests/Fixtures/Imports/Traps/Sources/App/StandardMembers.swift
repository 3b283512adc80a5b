import Widths

// `magnitude` is Widths' member, and the standard library's (`Int.magnitude`): the file may
// not need Widths at all.
let size = (-3).magnitude
