import StrataModel
import Yams

/// An XcodeGen spec as a tree of values that remember where they were written, with
/// XcodeGen's `include:` merge rules: included specs first, in order, then the including one on
/// top; dictionaries merge key by key, arrays concatenate, anything else is replaced, and a key
/// written `key:REPLACE` replaces instead of merging.
indirect enum XcodeGenValue {
    case scalar(String, Location)
    case list([XcodeGenValue], Location)
    case map([(key: String, value: XcodeGenValue)], Location)

    var location: Location {
        switch self {
        case .scalar(_, let location), .list(_, let location), .map(_, let location): location
        }
    }

    var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    var entries: [(key: String, value: XcodeGenValue)] {
        if case .map(let entries, _) = self { return entries }
        return []
    }

    /// A list, or a single value as a list of one (XcodeGen accepts both for `sources`,
    /// `platform`, `include`, `templates`).
    var items: [XcodeGenValue] {
        switch self {
        case .list(let items, _): items
        case .scalar, .map: [self]
        }
    }

    subscript(key: String) -> XcodeGenValue? {
        entries.last { $0.key == key }?.value
    }

    /// `self` with `other` merged on top.
    func merged(with other: XcodeGenValue) -> XcodeGenValue {
        switch (self, other) {
        case (.map(var entries, let location), .map(let more, _)):
            for (key, value) in more {
                let replace = key.hasSuffix(":REPLACE")
                let name = replace ? String(key.dropLast(":REPLACE".count)) : key
                if let index = entries.firstIndex(where: { $0.key == name }) {
                    entries[index].value = replace ? value : entries[index].value.merged(with: value)
                } else {
                    entries.append((name, value))
                }
            }
            return .map(entries, location)
        case (.list(let items, let location), .list(let more, _)):
            return .list(items + more, location)
        default:
            return other
        }
    }

    /// Every scalar with `${name}` and `$name` replaced.
    func substituting(_ values: [String: String]) -> XcodeGenValue {
        switch self {
        case .scalar(var text, let location):
            guard text.contains("$") else { return self }
            for (name, value) in values {
                text = text.replacingOccurrences(of: "${\(name)}", with: value).replacingOccurrences(of: "$\(name)", with: value)
            }
            return .scalar(text, location)
        case .list(let items, let location):
            return .list(items.map { $0.substituting(values) }, location)
        case .map(let entries, let location):
            return .map(entries.map { ($0.key, $0.value.substituting(values)) }, location)
        }
    }

    /// The YAML of `text`, read with Yams; nil for an empty document.
    static func parse(_ text: String, file: String) throws -> XcodeGenValue? {
        try Yams.compose(yaml: text).map { convert($0, file: file) }
    }

    private static func convert(_ node: Node, file: String) -> XcodeGenValue {
        let location = Location(file: file, line: node.mark.map { $0.line })
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, location)
        case .sequence(let sequence):
            return .list(sequence.map { convert($0, file: file) }, location)
        case .mapping(let mapping):
            return .map(mapping.map { (key: $0.key.string ?? "", value: convert($0.value, file: file)) }, location)
        case .alias:
            return .scalar("", location)
        }
    }
}
