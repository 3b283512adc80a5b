import StrataModel

// `ValueExpression` in the facts cache: a tag byte, then its parts. Decoding stops at the depth
// the scanner never exceeds, so a corrupt file cannot recurse without end.
extension ByteWriter {
    mutating func value(_ expression: ValueExpression) {
        switch expression {
        case .string(let text):
            byte(0)
            string(text)
        case .joined(let parts):
            byte(1)
            values(parts)
        case .name(let name):
            byte(2)
            string(name)
        case .implicitMember(let name):
            byte(3)
            string(name)
        case .member(let base, let name):
            byte(4)
            value(base)
            string(name)
        case .element(let sequence):
            byte(5)
            value(sequence)
        case .array(let elements):
            byte(6)
            values(elements)
        case .unknown:
            byte(7)
        }
    }

    mutating func values(_ expressions: [ValueExpression]) {
        u32(UInt32(expressions.count))
        expressions.forEach { value($0) }
    }

    mutating func optionalValue(_ expression: ValueExpression?) {
        guard let expression else { return byte(0) }
        byte(1)
        value(expression)
    }
}

extension ByteReader {
    mutating func value(depth: Int = 0) throws -> ValueExpression {
        guard depth <= ValueExpression.maximumDepth else { throw CacheError(message: "bad entry") }
        switch try byte() {
        case 0: return .string(try string())
        case 1: return .joined(try values(depth: depth + 1))
        case 2: return .name(try string())
        case 3: return .implicitMember(try string())
        case 4: return .member(try value(depth: depth + 1), try string())
        case 5: return .element(try value(depth: depth + 1))
        case 6: return .array(try values(depth: depth + 1))
        case 7: return .unknown
        default: throw CacheError(message: "bad entry")
        }
    }

    mutating func values(depth: Int) throws -> [ValueExpression] {
        var expressions: [ValueExpression] = []
        for _ in 0..<(try count()) { expressions.append(try value(depth: depth)) }
        return expressions
    }

    mutating func optionalValue() throws -> ValueExpression? {
        try byte() == 0 ? nil : try value()
    }
}
