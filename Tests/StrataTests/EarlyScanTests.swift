import Foundation
import StrataModel
import StrataScan
import StrataSourceTree
import Testing

typealias Scanner = StrataScan.Scanner

/// `Scanner.begin`: a scan begun on every Swift file of the walk while discovery runs, cut off
/// when discovery is done at any point, gives `scan(_:early:)` what a whole scan of the sources
/// finds: the same facts, hashes, diagnostics and counts, and nothing of the files that were
/// not sources (their facts, their read errors, their place in the store).
struct EarlyScanTests {
    /// Sources (one unreadable: listed, but not in the tree), and Swift files no module has.
    static let tree = CuttingTree(MemoryTree([
        "App/App.swift": "import Core\nimport Feature\n@main struct App {}\n",
        "Core/Core.swift": "public struct Core {}\n",
        "Core/Extra.swift": "import Foundation\nextension Core { public func run() {} }\n",
        "Feature/Feature.swift": "import Core\nstruct Feature { let core: Core }\n",
        "Feature/Broken.swift": "import Core\nstruct Broken { func f( }\n",
        "Feature/Wiring.swift": "import Core\nlet core: Core = inject()\n",
        "Scripts/generate.swift": "import Foundation\nprint(\"not a module's\")\n",
        "Templates/Template.swift": "import UIKit\nfinal class ___FILEBASENAME___ {}\n",
    ]))
    static let sources = ["App/App.swift", "Core/Core.swift", "Core/Extra.swift", "Core/Missing.swift", "Feature/Broken.swift", "Feature/Feature.swift", "Feature/Wiring.swift"]
    static let walked = sources.filter { $0 != "Core/Missing.swift" } + ["Scripts/generate.swift", "Scripts/gone.swift", "Templates/Template.swift"]

    func same(_ a: Scanner.Outcome, _ b: Scanner.Outcome) {
        #expect(a.facts == b.facts)
        #expect(a.hashes == b.hashes)
        #expect(a.diagnostics == b.diagnostics)
        #expect(a.timedOut == b.timedOut)
        #expect((a.parsed, a.reused) == (b.parsed, b.reused))
    }

    @Test func cutOffAfterAnyNumberOfReadsTheScanIsAWholeScans() {
        let whole = Scanner(tree: Self.tree, store: FactStore(cache: nil)).scan(Self.sources)
        #expect(whole.parsed == 6 && whole.facts.count == 6)
        #expect(whole.diagnostics.contains { $0.file == "Core/Missing.swift" })
        // Never cut off (every walked file scanned), cut off before it begins, and after each read.
        for reads in [Int.max, 0] + Array(1...Self.walked.count) {
            let tree = Self.tree.cutting(after: reads)
            let store = FactStore(cache: nil)
            let scanner = Scanner(tree: tree, store: store)
            let early = scanner.begin(Self.walked, until: tree.cutoff)
            if reads == 0 { #expect(early.parsed == 0) }
            if reads == .max { #expect(early.parsed == Self.walked.count - 1) }
            let outcome = scanner.scan(Self.sources, early: early)
            same(outcome, whole)
            // Each file read once: by the early scan, or by the scan when the early one did not.
            if reads == .max { #expect(tree.reads.count == Self.walked.count + 1) }
            // Nothing of the files that are not sources reached the store: scanned now, they are parsed.
            let others = Scanner(tree: tree, store: store).scan(["Scripts/generate.swift", "Templates/Template.swift"])
            #expect(others.parsed == 2, "after \(reads) reads")
        }
    }

    @Test func factsTheStoreKnowsAreReusedAsByAWholeScan() {
        func knowing() -> FactStore {
            let store = FactStore(cache: nil)
            _ = Scanner(tree: Self.tree, store: store).scan(["Core/Core.swift", "Feature/Feature.swift"])
            return store
        }
        let whole = Scanner(tree: Self.tree, store: knowing()).scan(Self.sources)
        #expect((whole.parsed, whole.reused) == (4, 2))
        let tree = Self.tree.cutting(after: .max)
        let scanner = Scanner(tree: tree, store: knowing())
        same(scanner.scan(Self.sources, early: scanner.begin(Self.walked, until: tree.cutoff)), whole)
    }

    /// An early scan with other injection names (or another time limit) found other facts (here
    /// `inject()` resolves): it is not taken.
    @Test func anEarlyScanWithOtherNamesIsNotTaken() {
        let tree = Self.tree.cutting(after: .max)
        let names = InjectionNames(calls: ["inject"])
        let early = Scanner(tree: tree, store: FactStore(cache: nil), names: names).begin(Self.walked, until: tree.cutoff)
        let outcome = Scanner(tree: Self.tree, store: FactStore(cache: nil)).scan(Self.sources, early: early)
        #expect(outcome.parsed == 6)
        same(outcome, Scanner(tree: Self.tree, store: FactStore(cache: nil)).scan(Self.sources))
    }
}

/// A tree that stops its cutoff once it has been read `limit` times: an early scan cut off by
/// discovery at that point.
struct CuttingTree: SourceTree {
    let base: MemoryTree
    let cutoff = TimeBudget.Cutoff()
    let limit: Int
    let reads = Counter()

    init(_ base: MemoryTree, limit: Int = .max) {
        self.base = base
        self.limit = limit
        if limit == 0 { cutoff.stop() }
    }

    func cutting(after reads: Int) -> CuttingTree { CuttingTree(base, limit: reads) }

    var name: String { base.name }
    func files() throws -> [String] { try base.files() }

    func read(_ path: String) throws -> [UInt8] {
        if reads.increment() >= limit { cutoff.stop() }
        return try base.read(path)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var reads = 0

        func increment() -> Int { lock.withLock { reads += 1; return reads } }
        var count: Int { lock.withLock { reads } }
    }
}
