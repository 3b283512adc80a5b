/// `def name(parameters): body`.
package struct StarlarkDefinition: Sendable {
    package var name: String
    package var parameters: [StarlarkParameter]
    package var body: [StarlarkStatement]
    package var line: Int
}
