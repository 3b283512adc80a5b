/// One problem found reading or evaluating a file: `file:line: message`, on one line.
package struct StarlarkDiagnostic: Hashable, Sendable, CustomStringConvertible {
    package enum Severity: String, Sendable {
        /// The file, or the rest of it, could not be read or evaluated.
        case error
        /// A construct was not understood; its value is unknown and evaluation went on.
        case warning
    }

    package var severity: Severity
    package var location: StarlarkLocation
    package var message: String

    package init(_ severity: Severity, _ location: StarlarkLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    package var description: String { "\(location): \(message)" }
}
