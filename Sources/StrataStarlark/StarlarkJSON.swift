/// JSON for `struct.to_json()` and for comparing evaluations: lists, tuples and depsets as
/// arrays, dicts and structs as objects, labels as strings, selects flattened.
package enum StarlarkJSON {
    package static func encode(_ value: StarlarkValue) -> String {
        var text = ""
        var budget = StarlarkBudget()
        write(value.flattened, to: &text, &budget, depth: 0)
        return text
    }

    /// Appends the value's JSON; past the budget (or 16 MB of text), `null`.
    static func write(_ value: StarlarkValue, to text: inout String, _ budget: inout StarlarkBudget, depth: Int) {
        guard budget.enter(depth: depth), text.utf8.count < 1 << 24 else {
            budget.nodes = 0
            text += "null"
            return
        }
        func object(_ members: [(String, StarlarkValue)]) {
            text += "{"
            for (index, (name, member)) in members.enumerated() {
                text += (index > 0 ? "," : "") + quote(name) + ":"
                write(member, to: &text, &budget, depth: depth + 1)
            }
            text += "}"
        }
        switch value {
        case .none: text += "null"
        case .bool(let truth): text += truth ? "true" : "false"
        case .int(let number): text += String(number)
        case .float(let number): text += number.isFinite ? StarlarkValue.format(number) : "null"
        case .string(let string): text += quote(string)
        case .label(let label): text += quote(label.description)
        case .dict(let dict): object(dict.entries.map { ($0.str, $1) })
        case .structure(let value): object(value.fields.map { ($0.name, $0.value) })
        default:
            guard let elements = value.elements else {
                text += quote(value.repr)
                return
            }
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                write(element, to: &text, &budget, depth: depth + 1)
            }
            text += "]"
        }
    }

    /// A JSON string: control characters as `\u` escapes.
    static func quote(_ text: String) -> String {
        StarlarkValue.quote(text) { $0.value < 0x20 ? "\\u" + StarlarkValue.hex($0.value, width: 4) : nil }
    }
}
