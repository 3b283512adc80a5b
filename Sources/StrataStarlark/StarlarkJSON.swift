/// JSON for `struct.to_json()` and for comparing evaluations: lists, tuples and depsets as
/// arrays, dicts and structs as objects, labels as strings, selects flattened.
package enum StarlarkJSON {
    package static func encode(_ value: StarlarkValue) -> String {
        switch value.flattened {
        case .none: return "null"
        case .bool(let truth): return truth ? "true" : "false"
        case .int(let number): return String(number)
        case .float(let number): return number.isFinite ? StarlarkValue.format(number) : "null"
        case .string(let text): return quote(text)
        case .label(let label): return quote(label.description)
        case .dict(let dict): return "{" + dict.entries.map { quote($0.str) + ":" + encode($1) }.joined(separator: ",") + "}"
        case .structure(let value): return "{" + value.fields.map { quote($0.name) + ":" + encode($0.value) }.joined(separator: ",") + "}"
        case let other:
            if let elements = other.elements { return "[" + elements.map(encode).joined(separator: ",") + "]" }
            return quote(other.repr)
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
