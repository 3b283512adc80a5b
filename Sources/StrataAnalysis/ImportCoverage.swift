import StrataModel

/// Which import of a file gives it all another gives: the other is then redundant.
extension ImportUsage {
    /// The imports of one file grouped by the modules they reach, so that the import covering
    /// another is found by group, not by a search of every import (a file may repeat one
    /// import thousands of times).
    struct Coverage {
        /// Imports that may cover another (reaching only modules here, not narrowly covered
        /// themselves), by the set of modules they reach, each group's positions in order.
        private var groups: [(reach: Set<Int>, positions: [Int], testable: [Int])] = []
        /// By target, the first `@testable` import that may cover another.
        private var firstTestableCovering: [Int: Int] = [:]
        /// By target, the first `@testable` import of it.
        private(set) var firstTestable: [Int: Int] = [:]
        private let candidates: [Candidate]

        init(_ candidates: [Candidate], narrow: [Int: Int]) {
            self.candidates = candidates
            var groupOf: [[Int]: Int] = [:]
            for (position, candidate) in candidates.enumerated() {
                if candidate.testable, let target = candidate.target, firstTestable[target] == nil { firstTestable[target] = position }
                guard narrow[position] == nil, let reach = candidate.reachedModules else { continue }
                let key = Array(Set(reach)).sorted()
                let group: Int
                if let known = groupOf[key] {
                    group = known
                } else {
                    group = groups.count
                    groupOf[key] = group
                    groups.append((Set(key), [], []))
                }
                groups[group].positions.append(position)
                if candidate.testable {
                    groups[group].testable.append(position)
                    if let target = candidate.target, firstTestableCovering[target] == nil { firstTestableCovering[target] = position }
                }
            }
        }

        /// The first other import giving the file all the import at `position` gives: one
        /// reaching more modules, one `@testable` where this is not, or an earlier one reaching
        /// the same (for an import opening internal names, an earlier `@testable` one of its module).
        func covering(_ position: Int, reach: [Int], opens: Bool) -> Int? {
            let candidate = candidates[position]
            if opens {
                guard let target = candidate.target, let first = firstTestableCovering[target], first < position else { return nil }
                return first
            }
            let wanted = Set(reach)
            var best: Int?
            // An import under another `#if` condition (`#elseif canImport(Musl)` beside
            // `#elseif canImport(Glibc)`) may be the one a platform compiles: it covers nothing.
            let condition = candidate.site.condition
            func compatible(_ other: Int) -> Bool { candidates[other].site.condition == nil || candidates[other].site.condition == condition }
            func consider(_ other: Int?) { if let other, other != position, best.map({ other < $0 }) ?? true { best = other } }
            for group in groups where group.reach.isSuperset(of: wanted) {
                if group.reach.count > wanted.count {
                    consider(group.positions.first(where: compatible))
                    continue
                }
                // The same modules: an earlier import, or a `@testable` one where this is not.
                consider(group.positions.first { $0 != position && compatible($0) }.flatMap { $0 < position ? $0 : nil })
                if !candidate.testable { consider(group.testable.first { $0 != position && compatible($0) }) }
            }
            return best
        }
    }

    /// The imports of a file that give it nothing of their own module, only what it
    /// re-exports, all of which another import of the file gives (`@testable import
    /// Metrics` beside `@testable import CoreMetrics`, Metrics re-exporting CoreMetrics):
    /// by position, that other import. The other one must use its own module, so two
    /// such imports never cover each other; internal names need it `@testable` on their
    /// module.
    static func narrowlyCovered(_ candidates: [Candidate]) -> [Int: Int] {
        var covered: [Int: Int] = [:]
        func ownUse(_ candidate: Candidate) -> Bool { candidate.matched.contains { $0.modules.contains { $0 == candidate.target } } }
        // `@_spi` and `@preconcurrency` give the file more than names: such an import stays.
        func plain(_ candidate: Candidate) -> Bool { (candidate.site.attributes ?? []).allSatisfy { $0 == "@testable" } }
        let owning = candidates.indices.filter { ownUse(candidates[$0]) && candidates[$0].reachedModules != nil }
        // Imports alike (one module, as testable, for one symbol) are covered alike: each is
        // looked up once, however often the file repeats it.
        struct Alike: Hashable {
            var target: Int?
            var testable: Bool
            var symbol: String?
            var condition: String?
        }
        var known: [Alike: Int?] = [:]
        for (position, candidate) in candidates.enumerated()
        where !candidate.matched.isEmpty && candidate.target != nil && plain(candidate) && !ownUse(candidate) {
            let alike = Alike(target: candidate.target, testable: candidate.testable, symbol: candidate.site.symbol, condition: candidate.site.condition)
            if let answer = known[alike] {
                covered[position] = answer
                continue
            }
            let answer = owning.first { other in
                let wider = candidates[other]
                guard wider.site.condition == nil || wider.site.condition == candidate.site.condition else { return false }
                guard let reach = wider.reachedModules else { return false }
                // Each name from a module it reaches; an internal one through `@testable` of that module.
                return candidate.matched.allSatisfy { match in
                    match.symbol.exposed ? match.modules.contains(where: reach.contains) : wider.testable && match.modules.contains { $0 == wider.target }
                }
            }
            known[alike] = answer
            covered[position] = answer
        }
        return covered
    }
}
