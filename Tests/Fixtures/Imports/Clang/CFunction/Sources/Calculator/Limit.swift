import CMath

/// A `#define` constant, which Swift imports as a global.
let limit = Int(CM_LIMIT)
