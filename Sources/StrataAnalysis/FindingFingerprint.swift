import StrataModel

/// Gives every finding its fingerprint: `rule|module|dependency[|file]`, with modules named
/// by identity (`manifest#target`) rather than display name.
///
/// Findings about an edge or a module (a layer violation, a cycle, a duplicated static module)
/// are keyed by it alone: another import of the same forbidden module is the same finding.
/// Findings about one site (a resolution nothing registers, a public declaration nobody
/// uses) add the file of that site. Two findings that would still share a key are told
/// apart by their order (`#2`), which only changes when one of them comes or goes.
public enum FindingFingerprint {
    /// Rules whose findings each stand for one place in the code.
    static let perSite: Set<RuleID> = [.unregisteredService, .unusedPublic, .openNotSubclassed, .unusedImport]

    /// - Parameter identity: a module's identity by its display name; nil for names that are
    ///   not modules (layers, external modules, services, symbols), which stay as written.
    public static func assign(_ findings: [Finding], identity: (String) -> ModuleID?) -> [Finding] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let key = self.key(finding, identity: identity)
            let count = seen[key, default: 0] + 1
            seen[key] = count
            finding.fingerprint = count == 1 ? key : key + "#\(count)"
            return finding
        }
    }

    /// The fingerprint before duplicates are numbered.
    public static func key(_ finding: Finding, identity: (String) -> ModuleID?) -> String {
        var parts = [finding.rule.rawValue, identity(finding.module)?.description ?? finding.module]
        parts.append(finding.dependency.map { identity($0)?.description ?? $0 } ?? "")
        if perSite.contains(finding.rule), let file = finding.evidence.first?.file { parts.append(file) }
        return parts.joined(separator: "|")
    }
}
