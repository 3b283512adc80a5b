/// The language's own functions: `len`, `str`, `sorted`, `range`, ...
extension StarlarkEvaluator {
    func callBuiltin(_ builtin: StarlarkBuiltin, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        if let receiver = builtin.receiver { return try callMethod(builtin.name, on: receiver, arguments, line, frame) }
        if let value = try callCore(builtin.name, arguments, line, frame) { return value }
        if let value = try callBazel(builtin.name, arguments, line, frame) { return value }
        if builtin.name.hasPrefix("skylib.") { return try callSkylib(builtin.name, arguments, line, frame) }
        if builtin.name == "json.encode", let value = arguments.positional.first { return .string(StarlarkJSON.encode(value)) }
        if builtin.name.hasPrefix("attr.") { return .structure(StarlarkStruct(typeName: "Attribute", fields: [])) }
        return unknown("\(builtin.name)() is not supported", line, frame)
    }

    /// A core builtin's result; nil when `name` is not one.
    func callCore(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue? {
        let first = arguments.value("x", at: 0) ?? StarlarkValue.none
        if first.isUnknown && !["print", "fail", "hasattr", "getattr", "type"].contains(name) { return first }
        switch name {
        case "len": return length(first, line, frame)
        case "str": return .string(first.str)
        case "repr": return .string(first.repr)
        case "bool": return first.truth.map(StarlarkValue.bool) ?? first
        case "int": return integer(first, base: arguments.value("base", at: 1), line, frame)
        case "float": return first.number.map(StarlarkValue.float) ?? Double(first.string ?? "").map(StarlarkValue.float) ?? unknown("float() of \(first.repr)", line, frame)
        case "list", "tuple", "dict", "range", "enumerate", "zip", "sorted", "reversed", "min", "max", "any", "all":
            return try callSequenceBuiltin(name, first, arguments, line, frame)
        case "hasattr", "getattr":
            guard case .string(let field) = arguments.value("name", at: 1) ?? StarlarkValue.none else { return unknown("\(name)() needs a name", line, frame) }
            let value = attributeIfAny(of: first, field)
            if name == "hasattr" { return .bool(value != nil) }
            return value ?? arguments.value("default", at: 2) ?? unknown("\(first.typeName) has no attribute '\(field)'", line, frame)
        case "dir": return .list(StarlarkList(attributeNames(first).map(StarlarkValue.string)))
        case "type": return .string(first.typeName)
        case "print": return StarlarkValue.none
        case "fail":
            let message = (arguments.positional.map(\.str) + (arguments.value("msg").map { [$0.str] } ?? [])).joined(separator: " ")
            throw StarlarkStop(frame.location(line), "fail(): \(message)", severity: .warning)
        case "hash":
            guard case .string(let text) = first else { return unknown("hash() of a \(first.typeName)", line, frame) }
            // Java's String.hashCode, as Bazel's Starlark computes it.
            return .int(Int(text.utf16.reduce(Int32(0)) { $0 &* 31 &+ Int32($1) }))
        case "abs":
            switch first {
            case .int(let value): return value == .min ? unknown("integer overflow", line, frame) : .int(abs(value))
            case .float(let value): return .float(abs(value))
            default: return unknown("abs() of a \(first.typeName)", line, frame)
            }
        default: return nil
        }
    }

    /// The builtins that make or read sequences.
    func callSequenceBuiltin(_ name: String, _ first: StarlarkValue, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        switch name {
        case "list", "tuple":
            if arguments.count == 0 { return name == "list" ? .list(StarlarkList()) : .tuple([]) }
            guard let elements = try sequence(first, line, frame) else { return .unknown("\(name)()") }
            return name == "list" ? .list(StarlarkList(elements)) : .tuple(elements)
        case "dict": return try dictionary(arguments, line, frame)
        case "range": return range(arguments, line, frame)
        case "enumerate":
            guard let elements = try sequence(first, line, frame) else { return .unknown("enumerate()") }
            guard case .int(let start) = arguments.value("start", at: 1) ?? .int(0) else { return .unknown("enumerate()") }
            guard start <= Int.max - elements.count else { return unknown("enumerate() start too large", line, frame) }
            return .list(StarlarkList(elements.enumerated().map { .tuple([.int($0.offset + start), $0.element]) }))
        case "zip":
            var columns: [[StarlarkValue]] = []
            for argument in arguments.positional {
                guard let elements = try sequence(argument, line, frame) else { return .unknown("zip()") }
                columns.append(elements)
            }
            let count = columns.map(\.count).min() ?? 0
            return .list(StarlarkList((0..<count).map { row in .tuple(columns.map { $0[row] }) }))
        case "sorted": return try sorted(first, arguments, line, frame)
        case "reversed":
            guard let elements = try sequence(first, line, frame) else { return .unknown("reversed()") }
            return .list(StarlarkList(elements.reversed()))
        case "min", "max": return try extreme(name, arguments, line, frame)
        case "any", "all":
            guard let elements = try sequence(first, line, frame) else { return .unknown("\(name)()") }
            let truths = elements.map(\.truth)
            if name == "any" { return truths.contains(true) ? .bool(true) : truths.contains(nil) ? .unknown("any()") : .bool(false) }
            return truths.contains(false) ? .bool(false) : truths.contains(nil) ? .unknown("all()") : .bool(true)
        default: return unknown("\(name)() is not supported", line, frame)
        }
    }

    func length(_ value: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        switch value {
        case .string(let text): return .int(text.utf8.count)
        case .dict(let dict): return .int(dict.count)
        case .range(let range): return .int(range.count)
        case .select: return .unknown("len() of a select()")
        default:
            if let elements = value.elements { return .int(elements.count) }
            return unknown("len() of a \(value.typeName)", line, frame)
        }
    }

    /// The elements of an iterable value, ranges built within the size limit; nil (with a
    /// warning when known) otherwise.
    func sequence(_ value: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> [StarlarkValue]? {
        switch value {
        case .range(let range):
            try checkLength(range.count, line, frame)
            return range.values.map { .int($0) }
        case .dict(let dict): return dict.keys
        case .unknown: return nil
        case .select(let select): return select.flattened.elements
        default:
            if let elements = value.elements { return elements }
            warn("a \(value.typeName) is not iterable", line, frame)
            return nil
        }
    }

    func integer(_ value: StarlarkValue, base: StarlarkValue?, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        switch value {
        case .int: return value
        case .bool(let truth): return .int(truth ? 1 : 0)
        case .float(let number):
            guard number.isFinite, abs(number) < 9.2e18 else { return unknown("int() of \(number)", line, frame) }
            return .int(Int(number))
        case .string(let text):
            var digits = Substring(text.filter { $0 != "_" })
            let negative = digits.hasPrefix("-")
            if negative || digits.hasPrefix("+") { digits = digits.dropFirst() }
            var radix = 10
            if case .int(let given)? = base { radix = given }
            let lower = digits.lowercased()
            for (prefix, prefixRadix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) && (radix == 0 || radix == prefixRadix) {
                digits = digits.dropFirst(2)
                radix = prefixRadix
            }
            if radix == 0 { radix = 10 }
            guard (2...36).contains(radix), let number = Int(digits, radix: radix) else { return unknown("invalid literal for int(): \(value.repr)", line, frame) }
            return .int(negative ? -number : number)
        default: return unknown("int() of a \(value.typeName)", line, frame)
        }
    }

    func dictionary(_ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let result = StarlarkDict()
        if let first = arguments.positional.first {
            switch first {
            case .dict(let dict): for (key, value) in dict.entries { result[key] = value }
            case .unknown: return first
            default:
                guard let pairs = try sequence(first, line, frame) else { return .unknown("dict()") }
                for pair in pairs {
                    guard let two = pair.elements, two.count == 2 else { return unknown("dict() needs pairs", line, frame) }
                    result[two[0]] = two[1]
                }
            }
        }
        for (name, value) in arguments.keywords { result[.string(name)] = value }
        return .dict(result)
    }

    func range(_ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        var numbers: [Int] = []
        for argument in arguments.positional {
            guard case .int(let number) = argument else { return argument.isUnknown ? argument : unknown("range() needs integers", line, frame) }
            numbers.append(number)
        }
        switch numbers.count {
        case 1: return .range(StarlarkRange(start: 0, stop: numbers[0], step: 1))
        case 2: return .range(StarlarkRange(start: numbers[0], stop: numbers[1], step: 1))
        case 3 where numbers[2] != 0: return .range(StarlarkRange(start: numbers[0], stop: numbers[1], step: numbers[2]))
        default: return unknown("range() takes 1 to 3 integers, the step not 0", line, frame)
        }
    }

    /// The values `key` maps the elements to (the elements themselves without one).
    func keys(_ elements: [StarlarkValue], _ key: StarlarkValue?, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> [StarlarkValue] {
        guard let key, !(key.truth == false) else { return elements }
        var result: [StarlarkValue] = []
        for element in elements { result.append(try call(key, StarlarkArguments(positional: [element]), line: line, frame: frame)) }
        return result
    }

    func sorted(_ value: StarlarkValue, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        guard let elements = try sequence(value, line, frame) else { return .unknown("sorted()") }
        let sortKeys = try keys(elements, arguments.value("key"), line, frame)
        var incomparable = false
        let order = elements.indices.sorted { a, b in
            guard let less = sortKeys[a].less(than: sortKeys[b]) else {
                incomparable = true
                return false
            }
            return less
        }
        if incomparable { warn("sorted() of values that cannot be compared", line, frame) }
        let result = order.map { elements[$0] }
        return .list(StarlarkList(arguments.value("reverse")?.truth == true ? result.reversed() : result))
    }

    func extreme(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let candidates = arguments.positional.count == 1 ? try sequence(arguments.positional[0], line, frame) : arguments.positional
        guard let candidates, !candidates.isEmpty else { return unknown("\(name)() of an empty sequence", line, frame) }
        let values = try keys(candidates, arguments.value("key"), line, frame)
        var best = 0
        for index in values.indices.dropFirst() {
            let better = name == "min" ? values[index].less(than: values[best]) : values[best].less(than: values[index])
            guard let better else { return unknown("\(name)() of values that cannot be compared", line, frame) }
            if better { best = index }
        }
        return candidates[best]
    }

    func attributeNames(_ value: StarlarkValue) -> [String] {
        switch value {
        case .structure(let value): return value.fields.map(\.name).sorted()
        case .string: return StarlarkBuiltins.stringMethods.sorted()
        case .list: return StarlarkBuiltins.listMethods.sorted()
        case .dict: return StarlarkBuiltins.dictMethods.sorted()
        case .label: return ["name", "package", "relative", "repo_name", "workspace_name", "workspace_root"]
        default: return []
        }
    }
}
