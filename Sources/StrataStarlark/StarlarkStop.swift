/// What stops a file's evaluation: a limit, `fail()`, recursion.
struct StarlarkStop: Error {
    var location: StarlarkLocation
    var message: String
    /// A warning for `fail()`, which the file asked for; an error for a limit.
    var severity: StarlarkDiagnostic.Severity

    init(_ location: StarlarkLocation, _ message: String, severity: StarlarkDiagnostic.Severity = .error) {
        self.location = location
        self.message = message
        self.severity = severity
    }
}
