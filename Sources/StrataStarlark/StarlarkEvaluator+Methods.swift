/// The methods of lists, dicts, depsets and labels (strings' are in their own file).
extension StarlarkEvaluator {
    func callMethod(_ name: String, on receiver: StarlarkValue, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        switch receiver {
        case .string(let text):
            // A string built from an unknown value is unknown; only the cause was worth a warning.
            if let unknown = (arguments.positional + arguments.keywords.map(\.value)).first(where: \.isUnknown) { return unknown }
            return try stringMethod(name, text, arguments, line, frame)
        case .list(let list): return try listMethod(name, list, arguments, line, frame)
        case .dict(let dict): return dictMethod(name, dict, arguments, line, frame)
        case .depset(let elements): return .list(StarlarkList(elements))
        case .label(let label):
            guard case .string(let text) = arguments.value("name", at: 0) ?? StarlarkValue.none,
                let relative = StarlarkLabel(parsing: text, package: label.package, repository: label.repository)
            else { return unknown("\(name)() needs a label string", line, frame) }
            return .label(name == "same_package_label" ? StarlarkLabel(repository: label.repository, package: label.package, name: text) : relative)
        case .structure(let value): return .string(name == "struct.to_json" ? StarlarkJSON.encode(receiver) : value.description)
        default: return unknown("\(receiver.typeName).\(name)() is not supported", line, frame)
        }
    }

    func listMethod(_ name: String, _ list: StarlarkList, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let first = arguments.positional.first ?? StarlarkValue.none
        switch name {
        case "append":
            try checkLength(list.elements.count + 1, line, frame)
            list.elements.append(first)
        case "extend":
            guard let more = try sequence(first, line, frame) else { return .none }
            try checkLength(list.elements.count + more.count, line, frame)
            list.elements += more
        case "insert":
            guard case .int(let position) = first, arguments.positional.count == 2 else { return unknown("insert(index, value)", line, frame) }
            let count = list.elements.count
            let index = min(max(position < 0 ? position + count : position, 0), count)
            list.elements.insert(arguments.positional[1], at: index)
        case "pop":
            guard !list.elements.isEmpty else { return unknown("pop from an empty list", line, frame) }
            guard case .int(let position) = arguments.positional.first ?? .int(-1), let index = normalized(position, list.elements.count) else {
                return unknown("pop index out of range", line, frame)
            }
            return list.elements.remove(at: index)
        case "remove":
            guard let index = list.elements.firstIndex(where: { $0.equals(first) == true }) else { return unknown("remove(): \(first.repr) not in list", line, frame) }
            list.elements.remove(at: index)
        case "index":
            guard let index = list.elements.firstIndex(where: { $0.equals(first) == true }) else { return unknown("index(): \(first.repr) not in list", line, frame) }
            return .int(index)
        case "clear": list.elements.removeAll()
        default: return unknown("list has no method \(name)", line, frame)
        }
        return .none
    }

    func dictMethod(_ name: String, _ dict: StarlarkDict, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        let key = arguments.positional.first ?? StarlarkValue.none
        let fallback = arguments.positional.count > 1 ? arguments.positional[1] : nil
        switch name {
        case "get": return dict[key] ?? fallback ?? StarlarkValue.none
        case "items": return .list(StarlarkList(dict.entries.map { .tuple([$0, $1]) }))
        case "keys": return .list(StarlarkList(dict.keys))
        case "values": return .list(StarlarkList(dict.values))
        case "update":
            if case .dict(let other)? = arguments.positional.first {
                for (key, value) in other.entries { dict[key] = value }
            } else if let pairs = arguments.positional.first?.elements {
                for pair in pairs { if let two = pair.elements, two.count == 2 { dict[two[0]] = two[1] } }
            }
            for (name, value) in arguments.keywords { dict[.string(name)] = value }
        case "pop":
            guard let value = dict[key] else { return fallback ?? unknown("pop(): key \(key.repr) not in dict", line, frame) }
            dict[key] = nil
            return value
        case "popitem":
            guard let first = dict.keys.first, let value = dict[first] else { return unknown("popitem() of an empty dict", line, frame) }
            dict[first] = nil
            return .tuple([first, value])
        case "setdefault":
            if let value = dict[key] { return value }
            dict[key] = fallback ?? StarlarkValue.none
            return fallback ?? StarlarkValue.none
        case "clear": dict.removeAll()
        default: return unknown("dict has no method \(name)", line, frame)
        }
        return .none
    }
}
