/// The bazel_skylib functions macros use to build attributes (`paths`, `dicts`, `selects`,
/// `types`, `collections`, `sets`, `shell`), evaluated here, since bazel_skylib is another
/// repository and so never loaded. Sets are skylib's own shape: `struct(_values = dict)`.
extension StarlarkEvaluator {
    func callSkylib(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let parts = name.split(separator: ".")
        guard parts.count == 3 else { return unknown("\(name)() is not supported", line, frame) }
        let first = arguments.positional.first ?? StarlarkValue.none
        if first.isUnknown { return first }
        switch parts[1] {
        case "paths": return skylibPaths(String(parts[2]), arguments.positional.compactMap(\.string))
        case "types": return .bool(Self.isType(String(parts[2]), first))
        case "collections": return try skylibCollections(String(parts[2]), arguments, line, frame)
        case "sets": return try skylibSets(String(parts[2]), arguments, line, frame)
        case "shell":
            let quote = { (text: String) in "'" + text.replacingOccurrences("'", "'\\''") + "'" }
            if parts[2] == "quote" { return .string(quote(first.str)) }
            return .string("(" + (first.elements ?? []).map { quote($0.str) }.joined(separator: " ") + ")")
        case "dicts":
            let result = StarlarkDict()
            for case .dict(let dict) in arguments.positional { for (key, value) in dict.entries { result[key] = value } }
            for (key, value) in arguments.keywords { result[.string(key)] = value }
            return .dict(result)
        default:
            // selects.with_or: a tuple key is each of its conditions.
            guard case .dict(let dict) = first else { return unknown("\(name)() needs a dict", line, frame) }
            let expanded = StarlarkDict()
            for (key, value) in dict.entries {
                for condition in key.elements ?? [key] { expanded[.string(condition.str)] = value }
            }
            return parts[2] == "with_or_dict" ? .dict(expanded) : select(.dict(expanded), line, frame)
        }
    }

    func skylibPaths(_ name: String, _ strings: [String]) -> StarlarkValue {
        let path = strings.first ?? ""
        let slash = path.lastIndex(of: "/")
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dot = base.lastIndex(of: ".").flatMap { $0 == base.startIndex ? nil : $0 }
        switch name {
        case "join":
            var result = ""
            for part in strings {
                if part.hasPrefix("/") || result.isEmpty { result = part } else if result.hasSuffix("/") { result += part } else { result += "/" + part }
            }
            return .string(result)
        case "basename": return .string(base)
        case "dirname": return .string(slash.map { String(path[..<$0]) } ?? "")
        case "is_absolute": return .bool(path.hasPrefix("/"))
        case "split_extension":
            guard let dot else { return .tuple([.string(path), .string("")]) }
            let stem = String(path.dropLast(base.distance(from: dot, to: base.endIndex)))
            return .tuple([.string(stem), .string(String(base[dot...]))])
        case "replace_extension":
            let stem = dot.map { String(path.dropLast(base.distance(from: $0, to: base.endIndex))) } ?? path
            return .string(stem + (strings.count > 1 ? strings[1] : ""))
        case "relativize":
            let start = strings.count > 1 ? strings[1] : ""
            return .string(path.hasPrefix(start + "/") ? String(path.dropFirst(start.count + 1)) : path)
        default: return .string(Self.normalize(path))
        }
    }

    /// `a/./b/../c` is `a/c`, as skylib's `paths.normalize` has it.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func isType(_ name: String, _ value: StarlarkValue) -> Bool {
        switch (name, value) {
        case ("is_list", .list), ("is_string", .string), ("is_bool", .bool), ("is_none", .none), ("is_int", .int),
            ("is_float", .float), ("is_tuple", .tuple), ("is_dict", .dict), ("is_function", .function), ("is_function", .builtin),
            ("is_depset", .depset):
            return true
        case ("is_set", .structure(let value)): return value.fields.map(\.name) == ["_values"]
        default: return false
        }
    }

    func skylibCollections(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        if name == "uniq" {
            guard let elements = try sequence(arguments.positional.first ?? StarlarkValue.none, line, frame) else { return .unknown("uniq()") }
            let seen = StarlarkDict()
            for element in elements where seen[element] == nil { seen[element] = StarlarkValue.none }
            return .list(StarlarkList(seen.keys))
        }
        guard arguments.positional.count == 2, let separator = arguments.positional.first,
            let elements = try sequence(arguments.positional[1], line, frame)
        else { return unknown("\(name)(separator, iterable)", line, frame) }
        return .list(StarlarkList(elements.flatMap { name == "before_each" ? [separator, $0] : [$0, separator] }))
    }

    func skylibSets(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        var sets: [StarlarkDict] = []
        for argument in arguments.positional {
            if case .structure(let value) = argument, case .dict(let dict)? = value["_values"] { sets.append(dict) }
        }
        let make = { (keys: [StarlarkValue]) -> StarlarkValue in
            let values = StarlarkDict()
            for key in keys { values[key] = StarlarkValue.none }
            return .structure(StarlarkStruct(fields: [("_values", .dict(values))]))
        }
        let element = arguments.positional.count > 1 ? arguments.positional[1] : StarlarkValue.none
        switch name {
        case "make": return make(try sequence(arguments.positional.first ?? .list(StarlarkList()), line, frame) ?? [])
        case "union": return make(sets.flatMap(\.keys))
        default: break
        }
        guard let set = sets.first else { return unknown("sets.\(name)() needs a set", line, frame) }
        switch name {
        case "copy": return make(set.keys)
        case "to_list": return .list(StarlarkList(set.keys))
        case "contains": return .bool(set[element] != nil)
        case "length": return .int(set.count)
        case "insert", "remove":
            set[element] = name == "insert" ? StarlarkValue.none : nil
            return arguments.positional[0]
        case "difference", "intersection", "is_subset", "is_equal":
            guard sets.count == 2 else { return unknown("sets.\(name)() needs two sets", line, frame) }
            let other = sets[1]
            switch name {
            case "difference": return make(set.keys.filter { other[$0] == nil })
            case "intersection": return make(set.keys.filter { other[$0] != nil })
            case "is_subset": return .bool(set.keys.allSatisfy { other[$0] != nil })
            default: return .bool(set.count == other.count && set.keys.allSatisfy { other[$0] != nil })
            }
        default: return .string("set(" + StarlarkValue.list(StarlarkList(set.keys)).repr + ")")
        }
    }
}

extension String {
    /// The text with every `target` replaced (without Foundation).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }
}
