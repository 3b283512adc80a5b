import StrataModel
import Yams

/// Reads `strata.yml`'s `injection:` section (see `InjectionVocabulary`), with line and column
/// in every error.
extension ArchitectureRulesReader {
    static let injectionKeys = ["register", "resolve", "wrappers", "ignore"]
    static let callKeys = ["call", "key"]

    func injection(_ node: Node) throws(Configuration.Invalid) -> InjectionVocabulary {
        guard let mapping = node.mapping else {
            throw invalid(node, "'injection' should be a mapping with 'register', 'resolve', 'wrappers' and 'ignore'")
        }
        try rejectUnknownKeys(mapping, known: Self.injectionKeys, what: "injection setting")
        var vocabulary = InjectionVocabulary()
        if let node = mapping["register"] { vocabulary.registrations = try calls(node, "register", keyed: true) }
        if let node = mapping["resolve"] { vocabulary.resolutions = try calls(node, "resolve", keyed: false) }
        if let node = mapping["wrappers"] {
            guard let sequence = node.sequence else { throw invalid(node, "'wrappers' should be a list of property wrapper names") }
            for item in sequence {
                let name = try string(item, "a wrapper name")
                let bare = name.hasPrefix("@") ? String(name.dropFirst()) : name
                guard bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw invalid(item, "'\(name)' is not a property wrapper name")
                }
                vocabulary.wrappers.append(bare)
            }
        }
        if let node = mapping["ignore"] {
            guard let sequence = node.sequence else { throw invalid(node, "'ignore' should be a list of type names") }
            for item in sequence { vocabulary.ignore.append(try string(item, "a type name")) }
        }
        return vocabulary
    }

    private func calls(_ node: Node, _ section: String, keyed: Bool) throws(Configuration.Invalid) -> [InjectionVocabulary.Call] {
        guard let sequence = node.sequence else {
            throw invalid(node, "'\(section)' should be a list of entries like {call: \"name(label:)\"}")
        }
        var calls: [InjectionVocabulary.Call] = []
        for entry in sequence {
            let callNode: Node
            var key: String?
            if let fields = entry.mapping {
                try rejectUnknownKeys(fields, known: keyed ? Self.callKeys : ["call"], what: "\(section) setting")
                guard let node = fields["call"] else { throw invalid(entry, "a '\(section)' entry needs 'call'") }
                callNode = node
                key = try fields["key"].map { node throws(Configuration.Invalid) in try string(node, "'key'") }
            } else {
                callNode = entry
            }
            let text = try string(callNode, "'call'")
            guard let call = InjectionVocabulary.Call(signature: text, key: key, line: entry.mark?.line ?? 0) else {
                throw invalid(callNode, "'\(text)' is not a call signature like regist(injectType:) or load(_:)")
            }
            calls.append(call)
        }
        return calls
    }
}
