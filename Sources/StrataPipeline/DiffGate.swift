import Foundation
import StrataModel

/// The gate: which changes make `strata diff` exit 1.
public enum DiffGate: String, CaseIterable, Sendable {
    /// An error-severity finding at HEAD that BASE does not have (always on unless `none`).
    case newError = "new-error"
    case newCycle = "new-cycle"
    /// Any internal import edge added.
    case newEdge = "new-edge"
    /// A module's distance from the main sequence worse by more than the threshold.
    case distance
    /// An app loading more dynamic frameworks at launch.
    case launch
    /// No gate: exit 0 whatever changed.
    case none

    /// The reasons the diff fails these gates, one line each; empty when it passes.
    public static func failures(_ diff: GraphDiff, gates: Set<DiffGate>, distanceThreshold: Double) -> [String] {
        guard !gates.contains(.none) else { return [] }
        var reasons: [String] = []
        let s = diff.summary
        if gates.contains(.newError), s.newFindings.error > 0 {
            reasons.append("\(s.newFindings.error) new error finding\(s.newFindings.error == 1 ? "" : "s")")
        }
        if gates.contains(.newCycle), s.cyclesIntroduced > 0 { reasons.append("\(s.cyclesIntroduced) new cycle\(s.cyclesIntroduced == 1 ? "" : "s")") }
        if gates.contains(.newEdge), s.edgesAdded > 0 { reasons.append("\(s.edgesAdded) new import edge\(s.edgesAdded == 1 ? "" : "s")") }
        if gates.contains(.distance) {
            for delta in diff.metrics where delta.distanceChange > distanceThreshold + 1e-9 {
                reasons.append(String(format: "%@: distance from the main sequence %.2f → %.2f", delta.module, delta.base.distance, delta.head.distance))
            }
        }
        if gates.contains(.launch) {
            for change in diff.launch where change.head > change.base {
                reasons.append("\(change.app) loads \(change.head) dynamic frameworks at launch, \(change.base) before")
            }
        }
        return reasons
    }
}
