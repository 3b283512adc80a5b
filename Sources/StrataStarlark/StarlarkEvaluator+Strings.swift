/// String methods. Positions and lengths count UTF-8 bytes, as `len()` does.
extension StarlarkEvaluator {
    func stringMethod(_ name: String, _ text: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let first = arguments.positional.first
        let argument = first?.string
        switch name {
        case "format": return try format(text, arguments, line, frame)
        case "join":
            guard let elements = try sequence(first ?? StarlarkValue.none, line, frame) else { return .unknown("join()") }
            var parts: [String] = []
            for element in elements {
                guard case .string(let part) = element else { return element.isUnknown ? element : unknown("join() of a \(element.typeName)", line, frame) }
                parts.append(part)
            }
            try checkString(parts.reduce(0) { $0 + $1.utf8.count } + text.utf8.count * max(parts.count - 1, 0), line, frame)
            return .string(parts.joined(separator: text))
        case "split", "rsplit":
            var limit = -1
            if case .int(let given)? = arguments.value("maxsplit", at: 1) { limit = given }
            let separator = arguments.value("sep", at: 0)?.string
            let parts = Self.split(text, separator: separator, limit: limit, fromEnd: name == "rsplit")
            return .list(StarlarkList(parts.map(StarlarkValue.string)))
        case "splitlines":
            guard !text.isEmpty else { return .list(StarlarkList()) }
            return .list(StarlarkList(text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { .string(String($0)) }.dropLast(text.hasSuffix("\n") ? 1 : 0)))
        case "replace":
            guard let old = argument, case .string(let new)? = arguments.value("new", at: 1) else { return unknown("replace(old, new)", line, frame) }
            var limit = -1
            if case .int(let given)? = arguments.value("count", at: 2) { limit = given }
            return try replace(text, old, new, limit: limit, line, frame)
        case "startswith", "endswith":
            let candidates = first?.elements ?? [first ?? StarlarkValue.none]
            let bytes = Self.window(Array(text.utf8), arguments).bytes
            for case .string(let part) in candidates where name == "startswith" ? bytes.starts(with: part.utf8) : bytes.reversed().starts(with: part.utf8.reversed()) {
                return .bool(true)
            }
            return .bool(false)
        case "strip", "lstrip", "rstrip": return .string(Self.strip(text, argument, leading: name != "rstrip", trailing: name != "lstrip"))
        case "lower": return .string(text.lowercased())
        case "upper": return .string(text.uppercased())
        case "capitalize": return .string(text.prefix(1).uppercased() + text.dropFirst().lowercased())
        case "title": return .string(Self.title(text))
        case "find", "rfind", "index", "rindex", "count":
            let (bytes, offset) = Self.window(Array(text.utf8), arguments)
            return search(name, bytes, offset, argument, line, frame)
        case "partition", "rpartition", "removeprefix", "removesuffix": return affix(name, text, argument, line, frame)
        case "elems": return .list(StarlarkList(text.map { .string(String($0)) }))
        case "codepoints": return .list(StarlarkList(text.unicodeScalars.map { .string(String($0)) }))
        default: return classify(name, text)
        }
    }

    /// `partition`, `rpartition`, `removeprefix`, `removesuffix`.
    func affix(_ name: String, _ text: String, _ argument: String?, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        switch name {
        case "partition", "rpartition":
            guard let separator = argument, !separator.isEmpty else { return unknown("\(name)() needs a non-empty separator", line, frame) }
            let bytes = Array(text.utf8), sep = Array(separator.utf8)
            guard let at = name == "partition" ? Self.find(sep, in: bytes) : Self.findLast(sep, in: bytes) else {
                return .tuple(name == "partition" ? [.string(text), .string(""), .string("")] : [.string(""), .string(""), .string(text)])
            }
            return .tuple([.string(String(decoding: bytes[..<at], as: UTF8.self)), .string(separator), .string(String(decoding: bytes[(at + sep.count)...], as: UTF8.self))])
        case "removeprefix":
            guard let part = argument, text.utf8.starts(with: part.utf8) else { return .string(text) }
            return .string(String(decoding: Array(text.utf8).dropFirst(part.utf8.count), as: UTF8.self))
        case "removesuffix":
            guard let part = argument, text.utf8.reversed().starts(with: part.utf8.reversed()) else { return .string(text) }
            return .string(String(decoding: Array(text.utf8).dropLast(part.utf8.count), as: UTF8.self))
        default: return .unknown("str.\(name)")
        }
    }

    /// Each run of letters with its first letter upper case and the others lower case.
    static func title(_ text: String) -> String {
        var result = ""
        var previousIsLetter = false
        for character in text {
            result += previousIsLetter ? character.lowercased() : character.uppercased()
            previousIsLetter = character.isLetter
        }
        return result
    }

    /// `isalnum`, `isdigit`, ...: false for an empty string, as in Starlark.
    func classify(_ name: String, _ text: String) -> StarlarkValue {
        let characters = Array(text)
        guard !characters.isEmpty else { return .bool(false) }
        let cased = characters.filter { $0.isLetter }
        switch name {
        case "isalnum": return .bool(characters.allSatisfy { $0.isLetter || $0.isNumber })
        case "isalpha": return .bool(characters.allSatisfy(\.isLetter))
        case "isdigit": return .bool(characters.allSatisfy { $0.isASCII && $0.isNumber })
        case "isspace": return .bool(characters.allSatisfy(\.isWhitespace))
        case "islower": return .bool(!cased.isEmpty && cased.allSatisfy(\.isLowercase))
        case "isupper": return .bool(!cased.isEmpty && cased.allSatisfy(\.isUppercase))
        case "istitle": return .bool(!cased.isEmpty && text == Self.title(text))
        default: return .unknown("str.\(name)")
        }
    }

    /// The bytes between a method's optional `start` and `end` arguments (Python's slice
    /// rules), and where they begin.
    static func window(_ bytes: [UInt8], _ arguments: StarlarkArguments) -> (bytes: [UInt8], offset: Int) {
        var start: Int? = nil, end: Int? = nil
        if case .int(let value)? = arguments.value("start", at: 1) { start = value }
        if case .int(let value)? = arguments.value("end", at: 2) { end = value }
        guard start != nil || end != nil else { return (bytes, 0) }
        let indices = sliceIndices(count: bytes.count, start: start, stop: end, step: 1)
        guard let first = indices.first else { return ([], min(max(start ?? 0, 0), bytes.count)) }
        return (Array(bytes[first...indices[indices.count - 1]]), first)
    }

    /// `find`, `rfind`, `index`, `rindex` and `count` within `bytes`, which start at `offset`.
    func search(_ name: String, _ bytes: [UInt8], _ offset: Int, _ argument: String?, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        guard let argument else { return unknown("\(name)() needs a string", line, frame) }
        let part = Array(argument.utf8)
        if name == "count" {
            guard !part.isEmpty else { return .int(bytes.count + 1) }
            var count = 0, start = 0
            while let at = Self.find(part, in: bytes, from: start) {
                count += 1
                start = at + part.count
            }
            return .int(count)
        }
        let found = name.hasPrefix("r") ? Self.findLast(part, in: bytes) : Self.find(part, in: bytes)
        if let found { return .int(found + offset) }
        return name.hasSuffix("find") ? .int(-1) : unknown("substring \(StarlarkValue.quote(argument)) not found", line, frame)
    }

    func replace(_ text: String, _ old: String, _ new: String, limit: Int, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        let bytes = Array(text.utf8), pattern = Array(old.utf8), replacement = Array(new.utf8)
        var result: [UInt8] = [], start = 0, done = 0
        while limit < 0 || done < limit {
            guard let at = pattern.isEmpty ? (start <= bytes.count ? start : nil) : Self.find(pattern, in: bytes, from: start) else { break }
            result += bytes[start..<at] + replacement
            try checkString(result.count, line, frame)
            done += 1
            if pattern.isEmpty {
                if at < bytes.count { result.append(bytes[at]) }
                start = at + 1
            } else {
                start = at + pattern.count
            }
        }
        if start < bytes.count { result += bytes[start...] }
        return .string(String(decoding: result, as: UTF8.self))
    }

    /// The first position of `part` in `bytes` from `start`, in linear time
    /// (Knuth-Morris-Pratt): a hostile pattern cannot make a search quadratic.
    static func find(_ part: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard !part.isEmpty else { return start <= bytes.count ? start : nil }
        guard part.count <= bytes.count - min(start, bytes.count) else { return nil }
        let failure = failureTable(part)
        var matched = 0
        var index = start
        while index < bytes.count {
            while matched > 0 && bytes[index] != part[matched] { matched = failure[matched - 1] }
            if bytes[index] == part[matched] { matched += 1 }
            if matched == part.count { return index - part.count + 1 }
            index += 1
        }
        return nil
    }

    /// For each prefix of `part`, the length of its longest proper prefix that is also its suffix.
    static func failureTable(_ part: [UInt8]) -> [Int] {
        var table = [Int](repeating: 0, count: part.count)
        var length = 0
        for index in part.indices.dropFirst() {
            while length > 0 && part[index] != part[length] { length = table[length - 1] }
            if part[index] == part[length] { length += 1 }
            table[index] = length
        }
        return table
    }

    /// The last position of `part` in `bytes`: the first one in the reversed bytes.
    static func findLast(_ part: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let reversed = find(part.reversed(), in: bytes.reversed()) else { return nil }
        return bytes.count - reversed - part.count
    }

    static func split(_ text: String, separator: String?, limit: Int, fromEnd: Bool) -> [String] {
        guard let separator, !separator.isEmpty else { return splitWhitespace(text, limit: limit, fromEnd: fromEnd) }
        var parts = text.components(separatedBy: separator)
        if limit >= 0 && parts.count > limit + 1 {
            if fromEnd {
                let kept = parts.suffix(limit)
                parts = [parts.dropLast(limit).joined(separator: separator)] + kept
            } else {
                parts = Array(parts.prefix(limit)) + [parts.dropFirst(limit).joined(separator: separator)]
            }
        }
        return parts
    }

    /// `split()` without a separator: runs of blank space separate, none are empty.
    static func splitWhitespace(_ text: String, limit: Int, fromEnd: Bool) -> [String] {
        if fromEnd {
            return splitWhitespace(String(text.reversed()), limit: limit, fromEnd: false).map { String($0.reversed()) }.reversed()
        }
        var parts: [String] = []
        var rest = Substring(text).drop(while: \.isWhitespace)
        while !rest.isEmpty {
            if limit >= 0 && parts.count == limit {
                parts.append(String(rest))
                break
            }
            let word = rest.prefix { !$0.isWhitespace }
            parts.append(String(word))
            rest = rest.dropFirst(word.count).drop(while: \.isWhitespace)
        }
        return parts
    }

    static func strip(_ text: String, _ characters: String?, leading: Bool, trailing: Bool) -> String {
        let strip: (Character) -> Bool = { character in characters.map { $0.contains(character) } ?? character.isWhitespace }
        var result = Substring(text)
        if leading { result = result.drop(while: strip) }
        if trailing { while let last = result.last, strip(last) { result = result.dropLast() } }
        return String(result)
    }
}

extension String {
    /// The parts between occurrences of `separator` (not empty), empty parts kept.
    func components(separatedBy separator: String) -> [String] {
        let bytes = Array(utf8), pattern = Array(separator.utf8)
        var parts: [String] = [], start = 0
        while let at = StarlarkEvaluator.find(pattern, in: bytes, from: start) {
            parts.append(String(decoding: bytes[start..<at], as: UTF8.self))
            start = at + pattern.count
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts
    }
}
