/// `struct(a = 1)`, an instance of a provider, or a namespace (`native`, `attr`): named
/// fields, in the order given.
package struct StarlarkStruct: Sendable {
    package var typeName: String
    package var fields: [(name: String, value: StarlarkValue)]

    package init(typeName: String = "struct", fields: [(name: String, value: StarlarkValue)]) {
        self.typeName = typeName
        self.fields = fields
    }

    package subscript(name: String) -> StarlarkValue? {
        fields.first { $0.name == name }?.value
    }

    var description: String { StarlarkValue.structure(self).repr }
}
