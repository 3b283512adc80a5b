/// A syntax error: what was expected, and the line.
struct StarlarkSyntaxError: Error {
    var message: String
    var line: Int
}
