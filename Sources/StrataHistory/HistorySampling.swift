import Foundation

/// Which commits of a history to analyze (`--every`).
public enum HistorySampling: Hashable, Sendable {
    /// Every Nth commit counted back from the newest, which is always in.
    case count(Int)
    /// The last commit of each UTC day, ISO week or month.
    case day, week, month
    /// The tagged commits (chosen by the caller from the tags; all of them are kept).
    case tag

    /// `N`, `day`, `week`, `month` or `tag`; nil for anything else.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "day": self = .day
        case "week": self = .week
        case "month": self = .month
        case "tag": self = .tag
        default:
            guard let count = Int(argument), count > 0 else { return nil }
            self = .count(count)
        }
    }

    /// The sampled commits of `commits` (oldest first), oldest first, the newest `max` of them.
    public func pick(_ commits: [HistoryCommit], max: Int? = nil) -> [HistoryCommit] {
        var picked: [HistoryCommit]
        switch self {
        case .tag: picked = commits
        case .count(let step):
            picked = commits.enumerated().filter { (commits.count - 1 - $0.offset) % step == 0 }.map(\.element)
        case .day, .week, .month:
            // The last commit of each period, in walk order (commit times are not monotonic).
            var last: [Int: Int] = [:]
            for (index, commit) in commits.enumerated() { last[period(commit.time)] = index }
            let keep = Set(last.values)
            picked = commits.enumerated().filter { keep.contains($0.offset) }.map(\.element)
        }
        if let max, picked.count > max { picked = Array(picked.suffix(max)) }
        return picked
    }

    private func period(_ time: Int) -> Int {
        let day = Int((Double(time) / 86_400).rounded(.down))
        switch self {
        case .week: return Int((Double(day + 3) / 7).rounded(.down))  // 1970-01-01 was a Thursday; weeks start on Monday
        case .month:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: TimeInterval(time)))
            return (parts.year ?? 0) * 12 + (parts.month ?? 0)
        default: return day
        }
    }
}
