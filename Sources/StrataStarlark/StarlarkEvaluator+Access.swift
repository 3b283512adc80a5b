/// Indexing, slicing and attributes (fields, and methods bound to their receiver).
extension StarlarkEvaluator {
    func index(_ base: StarlarkValue, _ key: StarlarkValue, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        switch (base, key) {
        case (.unknown, _): return base
        case (_, .unknown): return key
        case (.dict(let dict), _):
            if let value = dict[key] { return value }
            return unknown("key \(key.repr) not in dict", line, frame)
        case (.string(let text), .int(let position)):
            let bytes = Array(text.utf8)
            guard let index = normalized(position, bytes.count) else { return unknown("string index out of range", line, frame) }
            return .string(String(decoding: bytes[index...index], as: UTF8.self))
        case (.range(let range), .int(let position)):
            guard let index = normalized(position, range.count) else { return unknown("range index out of range", line, frame) }
            return .int(range.value(at: index))
        case (.structure(let value), .string(let name)) where value.typeName == "struct":
            return value[name] ?? unknown("struct has no field '\(name)'", line, frame)
        case (_, .int(let position)):
            guard let elements = base.elements else { break }
            guard let index = normalized(position, elements.count) else { return unknown("index \(position) out of range", line, frame) }
            return elements[index]
        default: break
        }
        return unknown("cannot index a \(base.typeName) with a \(key.typeName)", line, frame)
    }

    func slice(
        _ base: StarlarkValue, _ start: StarlarkValue?, _ stop: StarlarkValue?, _ stride: StarlarkValue?, _ line: Int, _ frame: StarlarkFrame
    ) -> StarlarkValue {
        if base.isUnknown { return base }
        func integer(_ value: StarlarkValue?) -> Int?? {
            switch value {
            case nil, .none?: return .some(nil)
            case .int(let number)?: return .some(number)
            default: return nil
            }
        }
        guard let first = integer(start), let last = integer(stop), let step = integer(stride), step != 0 else {
            return unknown("slice bounds must be integers", line, frame)
        }
        let elements: [StarlarkValue]
        var bytes: [UInt8]? = nil
        if case .string(let text) = base {
            bytes = Array(text.utf8)
            elements = []
        } else if let sequence = base.elements {
            elements = sequence
        } else {
            return unknown("cannot slice a \(base.typeName)", line, frame)
        }
        let count = bytes?.count ?? elements.count
        let indices = Self.sliceIndices(count: count, start: first, stop: last, step: step ?? 1)
        if let bytes { return .string(String(decoding: indices.map { bytes[$0] }, as: UTF8.self)) }
        let picked = indices.map { elements[$0] }
        if case .tuple = base { return .tuple(picked) }
        return .list(StarlarkList(picked))
    }

    /// The positions a slice `[start:stop:step]` picks from `count` elements, as Python does.
    static func sliceIndices(count: Int, start: Int?, stop: Int?, step: Int) -> [Int] {
        func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
        if step > 0 {
            let from = clamp(start.map { $0 < 0 ? $0 + count : $0 } ?? 0, 0, count)
            let to = clamp(stop.map { $0 < 0 ? $0 + count : $0 } ?? count, 0, count)
            return from < to ? Array(Swift.stride(from: from, to: to, by: step)) : []
        }
        let from = clamp(start.map { $0 < 0 ? $0 + count : $0 } ?? count - 1, -1, count - 1)
        let to = clamp(stop.map { $0 < 0 ? $0 + count : $0 } ?? -1, -1, count - 1)
        return from > to ? Array(Swift.stride(from: from, to: to, by: step)) : []
    }

    func attribute(of base: StarlarkValue, _ name: String, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        if let value = attributeIfAny(of: base, name) { return value }
        return unknown("\(base.typeName) has no attribute '\(name)'", line, frame)
    }

    /// The field or method `name` of a value; nil when it has none (`hasattr` is false).
    func attributeIfAny(of base: StarlarkValue, _ name: String) -> StarlarkValue? {
        switch base {
        case .unknown: return base
        case .structure(let value):
            if let field = value[name] { return field }
            if let member = StarlarkBuiltins.namespaceMember(value.typeName, name) { return member }
            if name == "to_json" || name == "to_proto" { return .builtin(StarlarkBuiltin("struct.\(name)", receiver: base)) }
            return nil
        case .label(let label):
            switch name {
            case "name": return .string(label.name)
            case "package": return .string(label.package)
            case "workspace_name", "repo_name": return .string(label.repository)
            case "workspace_root": return .string(label.repository.isEmpty ? "" : "external/" + label.repository)
            case "relative", "same_package_label": return .builtin(StarlarkBuiltin("Label.\(name)", receiver: base))
            default: return nil
            }
        case .rule(let rule):
            // `selects.with_or`, `paths.join`: a member of a module-like symbol of a
            // repository not available here; a few of bazel_skylib's are known.
            if let helper = StarlarkBuiltins.skylibMember(rule, name) { return helper }
            return .unknown("\(rule.kind).\(name), from a repository not available")
        default:
            return StarlarkBuiltins.isMethod(name, of: base) ? .builtin(StarlarkBuiltin(name, receiver: base)) : nil
        }
    }
}
