/// A call in progress: the function called and where.
package struct StarlarkCallSite: Hashable, Sendable, CustomStringConvertible {
    package var function: String
    package var location: StarlarkLocation

    package var description: String { "\(function) at \(location)" }
}
