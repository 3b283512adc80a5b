import StrataModel

/// `// strata:ignore <rule> <reason>` comments applied to findings. A finding is suppressed
/// when every one of its sites is covered by a comment naming its rule; it is then listed with
/// the reason, never dropped. Comments that name no known rule, give no reason, or silence
/// nothing are warnings, so stale suppressions do not pile up.
enum InlineSuppressions {
    struct Outcome {
        var kept: [Finding]
        var suppressed: [Finding]
        var warnings: [Diagnostic]
    }

    private struct Site: Hashable {
        var file: String
        var line: Int
        var rule: RuleID
    }

    static func apply(_ findings: [Finding], sources: some Sequence<SourceFile>) -> Outcome {
        var covering: [Site: (comment: Location, reason: String)] = [:]
        var warnings: [Diagnostic] = []
        var comments: [Location: Suppression] = [:]
        for source in sources {
            for suppression in source.facts.suppressions {
                let comment = Location(file: source.path, line: suppression.commentLine)
                comments[comment] = suppression
                if suppression.rules.isEmpty {
                    warnings.append(Diagnostic(file: source.path, line: suppression.commentLine, message: "strata:ignore names no rule: write `// strata:ignore <rule> <reason>` (`strata rules` lists the ids)"))
                    continue
                }
                for name in suppression.rules {
                    guard let rule = RuleID(rawValue: name) else {
                        warnings.append(Diagnostic(file: source.path, line: suppression.commentLine, message: "strata:ignore names an unknown rule '\(name)' (`strata rules` lists the ids)"))
                        continue
                    }
                    covering[Site(file: source.path, line: suppression.line, rule: rule)] = (comment, suppression.reason)
                }
                if suppression.reason.isEmpty {
                    warnings.append(Diagnostic(file: source.path, line: suppression.commentLine, message: "strata:ignore gives no reason: say why after the rule id, so the report can list it"))
                }
            }
        }
        guard !covering.isEmpty else { return Outcome(kept: findings, suppressed: [], warnings: warnings.sorted()) }
        var used = Set<Location>()
        var kept: [Finding] = [], suppressed: [Finding] = []
        for var finding in findings {
            let matches = finding.evidence.map { place in
                place.line.flatMap { covering[Site(file: place.file, line: $0, rule: finding.rule)] }
            }
            guard !matches.isEmpty, matches.allSatisfy({ $0 != nil }) else {
                kept.append(finding)
                continue
            }
            let reasons = matches.compactMap { $0 }
            reasons.forEach { used.insert($0.comment) }
            finding.suppression = Array(Set(reasons.map(\.reason))).sorted().joined(separator: "; ")
            suppressed.append(finding)
        }
        for (comment, suppression) in comments where !used.contains(comment) && suppression.rules.contains(where: { RuleID(rawValue: $0) != nil }) {
            warnings.append(Diagnostic(file: comment.file, line: comment.line, message: "strata:ignore \(suppression.rules.joined(separator: ",")) silences no finding: remove the comment"))
        }
        return Outcome(kept: kept, suppressed: suppressed, warnings: warnings.sorted())
    }
}
