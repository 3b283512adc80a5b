import Foundation
import StrataAnalysis
import StrataConfiguration
import StrataDiscovery
import StrataScan
import StrataModel
import StrataPipeline
import StrataSourceTree
import Testing

/// One bad thing beside a good module: the run finishes in bounded time, warns naming the
/// bad file and what is wrong with it, and still analyzes the good module.
@Suite struct HostileInputTests {
    /// A package with a good module (`Good`, importing Foundation) and `bad` files added.
    func analyze(
        _ bad: [String: String], manifest: String? = nil, excludes: [String] = [], setUp: (String) throws -> Void = { _ in }
    ) throws -> (result: AnalysisResult, seconds: Double) {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", manifest ?? """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Good"), .target(name: "Bad")])
            """)
        try repo.write("Sources/Good/Good.swift", "import Foundation\npublic struct Good {}\n")
        for (path, text) in bad { try repo.write(path, text) }
        try setUp(repo.path)
        let start = ContinuousClock.now
        let outcome = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil, excludes: excludes))
        let elapsed = ContinuousClock.now - start
        #expect(outcome.result.modules.contains { $0.module.name == "Good" && $0.module.files == 1 })
        return (outcome.result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    func nested(_ open: String, _ close: String, _ depth: Int, around inner: String = "1") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    @Test func deeplyNestedSwiftIsReportedNotACrashNorAHang() throws {
        for depth in [30, 1_000, 10_000] {
            let (result, seconds) = try analyze([
                "Sources/Bad/Deep.swift": "import Foundation\nlet x = \(nested("[", "]", depth))\n",
                "Sources/Bad/Parens.swift": "let y = \(nested("(", ")", depth))\n",
            ])
            #expect(result.warnings.contains { $0.file == "Sources/Bad/Deep.swift" && $0.message.hasPrefix("nesting too deep") })
            #expect(result.modules.contains { $0.module.name == "Bad" && $0.module.files == 2 })
            #expect(seconds < 20, "depth \(depth): \(seconds) s")
        }
    }

    @Test func deeplyNestedManifestsAreReportedNotACrash() throws {
        let (result, _) = try analyze([
            "Deep.podspec": "Pod::Spec.new do |s|\n  s.name = 'Deep'\n  s.version = \(nested("(", ")", 10_000))\nend\n",
            "Arrays.podspec": "Pod::Spec.new do |s|\n  s.name = 'Arrays'\n  s.source_files = \(nested("[", "]", 10_000, around: "'A/*.swift'"))\nend\n",
            "Json.podspec.json": nested("{\"a\": ", "}", 10_000, around: "1"),
            "Sources/Bad/Bad.swift": "let z = Array(repeating: 0, count: 1)\n",
        ])
        for file in ["Deep.podspec", "Arrays.podspec", "Json.podspec.json"] {
            #expect(result.warnings.contains { $0.file == file && $0.message.contains("nesting too deep") }, "\(file)")
        }
    }

    /// Found by the fuzzer: thousands of blocks left open took seconds (recovery scanned to
    /// the end of the file again for every block around the failure).
    @Test func blocksLeftOpenAreReadInLinearTime() {
        let start = ContinuousClock.now
        let podspec = PodspecReader.read(Array(String(repeating: "Pod::Spec.new do ", count: 5_000).utf8), path: "X.podspec", files: [])
        let podfile = PodfileReader.read(Array(("target 'App' do\n" + String(repeating: "def f\n\n", count: 5_000)).utf8), path: "Podfile", rootName: "R")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(!podspec.diagnostics.isEmpty)
        #expect(!podfile.diagnostics.isEmpty)
    }

    @Test func aDeeplyNestedPackageSwiftIsReportedWithItsLine() throws {
        let (result, _) = try analyze([:], manifest: """
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Good")])
            let deep = \(nested("[", "]", 1_000))
            """)
        #expect(result.warnings.contains { $0.file == "Package.swift" && $0.line == 3 && $0.message.hasPrefix("nesting too deep") })
    }

    @Test func globsMatchInLinearTime() throws {
        let pattern = Array(repeating: "**", count: 20).joined(separator: "/") + "/zzz"
        let glob = GlobPattern(pattern)
        let path = Array(repeating: "a", count: 40).joined(separator: "/") + "/b"
        let start = ContinuousClock.now
        #expect(!glob.matches(path))
        #expect(GlobPattern(pattern).matches("a/b/zzz"))
        #expect(ContinuousClock.now - start < .seconds(1))
        // Through `--exclude`, on every folder of a deep tree.
        let deep = Array(repeating: "d", count: 30).joined(separator: "/")
        let (_, seconds) = try analyze(["Sources/Bad/\(deep)/Bad.swift": "let a = 1\n"], excludes: [pattern])
        #expect(seconds < 20)
    }

    @Test func braceBombsAreBoundedAndReported() throws {
        let bomb = String(repeating: "{a,b}", count: 40)
        #expect(GlobPattern.expandingBraces(bomb).count <= GlobPattern.maximumAlternatives)
        #expect(GlobPattern.expandsTooMuch(bomb))
        #expect(!GlobPattern.expandsTooMuch("Sources/**/*.{h,m,swift}"))
        #expect(GlobPattern.expandingBraces("A/{x,y{1,2}}.swift") == ["A/x.swift", "A/y1.swift", "A/y2.swift"])
        #expect(GlobPattern.expandingBraces("{a{b,c}") == ["{ab", "{ac"])
        // Found by the fuzzer (a podspec.json taking 100 s): thousands of braces left open
        // are literal, found in one pass each.
        // Found by the fuzzer next (a podspec.json taking 7.6 s): open braces with a few closed
        // groups among them, whose alternatives each copied the 30 KB glob. Globs longer than
        // any real one are taken as written and reported.
        let copies = "Kit/**/*.{h,swift}/" + String(repeating: "*.{h,", count: 4_000) + String(repeating: "x}", count: 30)
        let began = ContinuousClock.now
        #expect(GlobPattern.expandingBraces(copies) == [copies])
        #expect(GlobPattern.expandsTooMuch(copies))
        #expect(ContinuousClock.now - began < .seconds(1))
        let open = "Kit/**/*.{h,swift/" + String(repeating: "**/*.{h,swift/", count: 4_000)
        let start = ContinuousClock.now
        #expect(GlobPattern.expandingBraces(open) == [open])
        #expect(ContinuousClock.now - start < .seconds(2))
        let (result, seconds) = try analyze([
            "Bomb.podspec": "Pod::Spec.new do |s|\n  s.name = 'Bomb'\n  s.source_files = 'Bomb/\(bomb)/*.swift'\nend\n",
            "Sources/Bad/Bad.swift": "let a = 1\n",
        ])
        #expect(result.warnings.contains { $0.file == "Bomb.podspec" && $0.message.contains("brace alternatives") })
        #expect(seconds < 20)
    }
}

/// Files that are not what their names say, links out of the repository, folders that cannot
/// be read, and where the reports cannot go.
@Suite struct HostileTreeTests {
    @Test func onlyRegularFilesInsideTheRepositoryAreRead() throws {
        let (result, seconds) = try HostileInputTests().analyze(["Sources/Bad/Fine.swift": "let a = 1\n"]) { root in
            try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Bad/Zero.swift", withDestinationPath: "/dev/zero")
            try FileManager.default.createSymbolicLink(atPath: root + "/Zero.podspec", withDestinationPath: "/dev/zero")
            try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Bad/Out.swift", withDestinationPath: "/etc/hostname")
            try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Bad/In.swift", withDestinationPath: "Fine.swift")
            #expect(mkfifo(root + "/fifo", 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Bad/Fifo.swift", withDestinationPath: "../../fifo")
        }
        let messages = Dictionary(result.warnings.map { ($0.file, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(messages["Sources/Bad/Zero.swift"]?.contains("symbolic link out of the repository (to /dev/zero)") == true)
        #expect(messages["Zero.podspec"]?.contains("symbolic link out of the repository") == true)
        #expect(messages["Sources/Bad/Out.swift"]?.contains("symbolic link out of the repository") == true)
        #expect(messages["Sources/Bad/Fifo.swift"] == "cannot be read: a FIFO, not a regular file; not read")
        #expect(result.modules.contains { $0.module.name == "Bad" && $0.module.imports.isEmpty })
        #expect(seconds < 20)
    }

    /// Reads are bounded, not refused: a generated source of tens of megabytes is read whole.
    @Test func aLargeGeneratedSourceIsReadWhole() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Big.swift", Data(repeating: UInt8(ascii: "a"), count: 30 << 20))
        #expect(try WorkingDirectoryTree(rootPath: repo.path).read("Big.swift").count == 30 << 20)
    }

    @Test func foldersTooDeepAreReportedAndTheRestAnalyzed() throws {
        let deep = Array(repeating: "d", count: InputLimits.maximumDirectoryDepth + 20).joined(separator: "/")
        let (result, _) = try HostileInputTests().analyze(["Sources/Bad/\(deep)/Deep.swift": "let a = 1\n"])
        #expect(result.warnings.contains { $0.message.hasPrefix("folder not read: deeper than") && $0.file.hasPrefix("Sources/Bad/d/d/") })
    }

    @Test func anOutputFolderThatCannotBeCreatedSaysWhy() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Good\")])\n")
        try repo.write("Sources/Good/Good.swift", "let a = 1\n")
        try repo.write("blocker", "a file")
        #expect {
            try Pipeline.run(.init(path: repo.path, outputDirectory: repo.path + "/blocker/report", cacheDirectory: nil))
        } throws: { error in
            "\(error)" == "\(repo.path)/blocker/report: cannot create the output folder: a file is in the way (\(repo.path)/blocker)"
        }
        #expect {
            try Pipeline.run(.init(path: repo.path + "/blocker", cacheDirectory: nil))
        } throws: { error in
            "\(error)" == "\(repo.path)/blocker: not a directory"
        }
    }

    @Test func anEmptyRepositoryIsAWarningNotAModuleOfNoFiles() throws {
        let repo = try TemporaryDirectory()
        try repo.write("README.md", "nothing here\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        #expect(result.modules.isEmpty)
        #expect(result.warnings.contains { $0.message.hasPrefix("no Swift file found") })
    }

    @Test func linesEndAsTheCompilerEndsThem() {
        let table = LineTable(Array("a\rb\r\nc\nd\re".utf8))
        #expect(table.lineCount == 5)
        #expect([0, 2, 5, 7, 9].map { table.line(at: $0) } == [1, 2, 3, 4, 5])
        let facts = FileScanner.scan(Array("import A\rimport B\r\rstruct S {}\r".utf8))
        #expect(facts.imports.map(\.line) == [1, 2])
        #expect(facts.declarations.map(\.line) == [4])
        #expect(facts.lines == 4)
    }

    @Test func aLayerPatternThatMatchesNoModuleIsAWarning() throws {
        let configuration = try Configuration.parse("layers:\n  - name: core\n    modules: [Good]\n  - name: ui\n    modules: [Feature*]\n", file: "strata.yml")
        let project = Project(root: "P", packages: [], modules: [], edges: [], diagnostics: [])
        let unmatched = LayerRules.unmatchedPatterns(project: project, rules: configuration.rules)
        #expect(unmatched.map(\.message) == [
            "layer core: `Good` matches no module; its rules check nothing",
            "layer ui: `Feature*` matches no module; its rules check nothing",
        ])
        #expect(unmatched.map(\.line) == [2, 4])
    }
}
