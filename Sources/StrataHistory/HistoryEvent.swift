/// Something that changed between two sampled commits: what a reader of the trends wants
/// to find the commit of.
public struct HistoryEvent: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case moduleAdded = "module-added"
        case moduleRemoved = "module-removed"
        case edgeAdded = "edge-added"
        case edgeRemoved = "edge-removed"
        case cycleIntroduced = "cycle-introduced"
        case cycleBroken = "cycle-broken"
        case violationIntroduced = "layer-violation-introduced"
        case violationFixed = "layer-violation-fixed"
    }

    public var kind: Kind
    /// The commit where it is first seen (or first gone).
    public var commit: String
    /// What changed, e.g. `App → Core` or `A, B`.
    public var subject: String
    /// The import (or manifest) line that brought it, when there is one.
    public var file: String?
    public var line: Int?

    /// The events between consecutive snapshots, oldest first; the first snapshot is the
    /// starting point and brings none.
    public static func between(_ snapshots: [CommitSnapshot]) -> [HistoryEvent] {
        var events: [HistoryEvent] = []
        for (old, new) in zip(snapshots, snapshots.dropFirst()) {
            let commit = new.commit.id
            let oldModules = Dictionary(old.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let newModules = Dictionary(new.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            for (id, name) in newModules.sorted(by: { $0.value < $1.value }) where oldModules[id] == nil {
                events.append(HistoryEvent(kind: .moduleAdded, commit: commit, subject: name))
            }
            for (id, name) in oldModules.sorted(by: { $0.value < $1.value }) where newModules[id] == nil {
                events.append(HistoryEvent(kind: .moduleRemoved, commit: commit, subject: name))
            }
            let oldEdges = Set(old.edges.filter { $0.kind == .import }.map(Pair.init))
            let newEdges = new.edges.filter { $0.kind == .import }
            for edge in newEdges where !oldEdges.contains(Pair(edge)) {
                events.append(HistoryEvent(kind: .edgeAdded, commit: commit, subject: "\(edge.source) → \(edge.target)", file: edge.file, line: edge.line))
            }
            let kept = Set(newEdges.map(Pair.init))
            for edge in old.edges where edge.kind == .import && !kept.contains(Pair(edge)) {
                events.append(HistoryEvent(kind: .edgeRemoved, commit: commit, subject: "\(edge.source) → \(edge.target)"))
            }
            let oldCycles = Set(old.cycles), newCycles = Set(new.cycles)
            for cycle in new.cycles where !oldCycles.contains(cycle) {
                events.append(HistoryEvent(kind: .cycleIntroduced, commit: commit, subject: cycle.joined(separator: ", ")))
            }
            for cycle in old.cycles where !newCycles.contains(cycle) {
                events.append(HistoryEvent(kind: .cycleBroken, commit: commit, subject: cycle.joined(separator: ", ")))
            }
            let violation = "layer-violation"
            let oldViolations = Set(old.findings.filter { $0.rule == violation }.map(\.fingerprint))
            let newViolations = new.findings.filter { $0.rule == violation }
            for finding in newViolations where !oldViolations.contains(finding.fingerprint) {
                events.append(HistoryEvent(
                    kind: .violationIntroduced, commit: commit, subject: Self.pair(finding), file: finding.file, line: finding.line))
            }
            let present = Set(newViolations.map(\.fingerprint))
            for finding in old.findings where finding.rule == violation && !present.contains(finding.fingerprint) {
                events.append(HistoryEvent(kind: .violationFixed, commit: commit, subject: Self.pair(finding)))
            }
        }
        return events
    }

    /// An edge's two ends, as a set element.
    private struct Pair: Hashable {
        var source, target: String
        init(_ edge: CommitSnapshot.EdgeRow) {
            source = edge.source
            target = edge.target
        }
    }

    private static func pair(_ finding: CommitSnapshot.FindingRow) -> String {
        finding.dependency.map { "\(finding.module) → \($0)" } ?? finding.module
    }

    public init(kind: Kind, commit: String, subject: String, file: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.commit = commit
        self.subject = subject
        self.file = file
        self.line = line
    }
}
