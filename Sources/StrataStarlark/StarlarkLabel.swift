/// A Bazel label: `@repo//package:name`. The main repository's is empty.
package struct StarlarkLabel: Hashable, Sendable, CustomStringConvertible {
    package var repository: String
    package var package: String
    package var name: String

    package init(repository: String = "", package: String, name: String) {
        self.repository = repository
        self.package = package
        self.name = name
    }

    /// Reads `text` as Bazel does, relative to `package` of `repository` for `:name` and
    /// `name`; nil when it is not a label. `@@repo`, `@repo` and `@` (the main repository)
    /// are all accepted.
    package init?(parsing text: String, package current: String = "", repository currentRepository: String = "") {
        var rest = Substring(text)
        var repository = currentRepository
        if rest.hasPrefix("@") {
            rest = rest.drop { $0 == "@" }
            let name = rest.prefix { $0 != "/" }
            repository = String(name)
            rest = rest.dropFirst(name.count)
            if rest.isEmpty {
                // `@repo` is `@repo//:repo`.
                self.init(repository: repository, package: "", name: repository)
                return
            }
            guard rest.hasPrefix("//") else { return nil }
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let packagePart = rest.prefix { $0 != ":" }
            let name = rest.dropFirst(packagePart.count).dropFirst()
            let defaultName = packagePart.split(separator: "/").last.map(String.init) ?? ""
            let target = rest.contains(":") ? String(name) : defaultName
            guard !target.isEmpty || !packagePart.isEmpty else { return nil }
            self.init(repository: repository, package: String(packagePart), name: target)
            return
        }
        let name = rest.hasPrefix(":") ? rest.dropFirst() : rest
        guard !name.isEmpty, !name.contains(":") else { return nil }
        self.init(repository: repository, package: current, name: String(name))
    }

    /// `//package:name`, or `@repo//package:name` outside the main repository.
    package var description: String {
        (repository.isEmpty ? "" : "@" + repository) + "//" + package + ":" + name
    }

    /// The file a `.bzl` label names, from its repository's root.
    package var path: String { package.isEmpty ? name : package + "/" + name }
}

/// `select({...})`, possibly concatenated with other values (`["a"] + select(...)`): the
/// parts in order, each a plain value or the branches of one `select`.
package struct StarlarkSelect: Sendable {
    package enum Part: Sendable {
        case value(StarlarkValue)
        /// The conditions (labels as written) and their values, in order.
        case branches([(condition: String, value: StarlarkValue)])
    }

    package var parts: [Part]

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// The union of the branches: lists (and tuples) concatenated, part after part and
    /// branch after branch; dicts merged; for other values (a string, a bool), the
    /// `//conditions:default` branch, or the first one.
    package var flattened: StarlarkValue {
        var pieces: [StarlarkValue] = []
        for part in parts {
            switch part {
            case .value(let value): pieces.append(value.flattened)
            case .branches(let branches):
                let values = branches.map(\.value.flattened)
                if values.allSatisfy({ $0.isSequence || $0.isDict }) {
                    pieces += values
                } else {
                    let fallback = branches.first { $0.condition.hasSuffix("//conditions:default") } ?? branches.first
                    pieces.append(fallback?.value.flattened ?? StarlarkValue.none)
                }
            }
        }
        return Self.join(pieces)
    }

    static func join(_ pieces: [StarlarkValue]) -> StarlarkValue {
        if pieces.allSatisfy(\.isSequence) {
            return .list(StarlarkList(pieces.flatMap { $0.elements ?? [] }))
        }
        if pieces.allSatisfy(\.isDict) {
            let result = StarlarkDict()
            for case .dict(let dict) in pieces {
                for (key, value) in dict.entries { result[key] = value }
            }
            return .dict(result)
        }
        if pieces.allSatisfy({ $0.string != nil }) {
            return .string(pieces.compactMap(\.string).joined())
        }
        return pieces.first ?? StarlarkValue.none
    }
}

extension StarlarkValue {
    var isSequence: Bool {
        switch self {
        case .list, .tuple: true
        default: false
        }
    }

    var isDict: Bool {
        if case .dict = self { return true }
        return false
    }
}
