/// String formatting: `"%s-%d" % (a, b)`, `"%(name)s" % dict`, and `"{}-{name}".format(...)`.
extension StarlarkEvaluator {
    func percentFormat(_ format: String, _ operand: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        var values: [StarlarkValue]
        switch operand {
        case .tuple(let elements): values = elements
        default: values = [operand]
        }
        var result = ""
        var characters = Substring(format)
        var used = 0
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            var value: StarlarkValue? = nil
            if characters.first == "(" {
                guard let close = characters.firstIndex(of: ")"), case .dict(let dict) = operand else {
                    return unknown("%(name) needs a dict operand", line, frame)
                }
                value = dict[.string(String(characters[characters.index(after: characters.startIndex)..<close]))]
                characters = characters[characters.index(after: close)...]
                guard value != nil else { return unknown("format key not in dict", line, frame) }
            }
            guard let verb = characters.first else { return unknown("incomplete format", line, frame) }
            characters = characters.dropFirst()
            if verb == "%" {
                result += "%"
                continue
            }
            if value == nil {
                guard used < values.count else { return unknown("not enough arguments for format string", line, frame) }
                value = values[used]
                used += 1
            }
            guard let text = formatted(value!, verb: verb) else { return unknown("unsupported format %\(verb) for a \(value!.typeName)", line, frame) }
            result += text
            try checkString(result.utf8.count, line, frame)
        }
        result += characters
        if case .dict = operand {} else if used < values.count { return unknown("too many arguments for format string", line, frame) }
        return .string(result)
    }

    /// One `%` conversion of a value; nil when the verb does not apply.
    func formatted(_ value: StarlarkValue, verb: Character) -> String? {
        if value.isUnknown { return value.repr }
        switch verb {
        case "s": return value.str
        case "r": return value.repr
        case "d", "i":
            if case .int(let number) = value { return String(number) }
            if case .float(let number) = value, number.isFinite, abs(number) < 9.2e18 { return String(Int(number)) }
            return nil
        case "x", "X", "o":
            guard case .int(let number) = value else { return nil }
            let text = String(number.magnitude, radix: verb == "o" ? 8 : 16, uppercase: verb == "X")
            return number < 0 ? "-" + text : text
        case "f", "e", "g":
            return value.number.map { StarlarkValue.format($0) }
        default: return nil
        }
    }

    /// `"{} {name} {0!r} {{}}".format(...)`.
    func format(_ template: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        var result = ""
        var rest = Substring(template)
        var automatic = 0
        while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            result += rest[..<brace]
            let character = rest[brace]
            rest = rest[rest.index(after: brace)...]
            if rest.first == character {
                result.append(character)
                rest = rest.dropFirst()
                continue
            }
            guard character == "{", let close = rest.firstIndex(of: "}") else { return unknown("single '\(character)' in format string", line, frame) }
            var field = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
            var conversion = "s"
            if let bang = field.firstIndex(of: "!") {
                conversion = String(field[field.index(after: bang)...])
                field = String(field[..<bang])
            }
            if let colon = field.firstIndex(of: ":") { field = String(field[..<colon]) }  // a format spec is ignored
            let value: StarlarkValue?
            if field.isEmpty {
                value = automatic < arguments.positional.count ? arguments.positional[automatic] : nil
                automatic += 1
            } else if let position = Int(field) {
                value = position < arguments.positional.count ? arguments.positional[position] : nil
            } else {
                value = arguments.keywords.last { $0.name == field }?.value
            }
            guard let value else { return unknown("format field {\(field)} has no argument", line, frame) }
            result += conversion == "r" ? value.repr : value.str
            try checkString(result.utf8.count, line, frame)
        }
        result += rest
        return .string(result)
    }
}
