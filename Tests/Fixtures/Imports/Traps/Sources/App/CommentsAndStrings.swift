import Names

// A Token is made elsewhere: this file names it only in comments and strings.
let label = "Token"
/// See `Token`.
func describe() -> String { "Other than \(label)" }
