import Foundation
import StrataModel
import StrataPipeline
import Testing

/// Imports of C and Objective-C modules graded from what their public headers declare (issue
/// 45): the three shapes the issue reproduces, as packages of three targets
/// (`Tests/Fixtures/Imports/Clang`, each with its `expected.txt`), and the ways headers reach
/// Swift (umbrella header, umbrella folder, a module map's umbrella folder, Bazel's `hdrs`).
@Suite struct ClangImportTests {
    static let fixtures = repositoryRoot + "/Tests/Fixtures/Imports/Clang"

    /// The imports graded `unused` or `probably-unused`, and the counts, as `expected.txt` says.
    static func check(_ package: String) throws -> AnalysisResult {
        let root = fixtures + "/" + package
        let result = try Pipeline.run(.init(path: root, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        let lines = try String(contentsOfFile: root + "/expected.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" }.sorted()
            == lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.sorted())
        let counts = try #require(lines.first { $0.hasPrefix("# counts: ") }).dropFirst("# counts: ".count)
        #expect(report.counts == Dictionary(uniqueKeysWithValues: counts.split(separator: ",").map { entry in
            let parts = entry.split(separator: " ")
            return (String(parts[0]), Int(parts[1])!)
        }))
        return result
    }

    static func symbols(_ result: AnalysisResult, _ from: String, _ to: String) -> [String] {
        (result.namedEdges.first { $0.from == from && $0.to == to }?.edge.symbols ?? []).map { "\($0.kind) \($0.name) \($0.count) \($0.evidence)" }
    }

    /// A warm session reads the headers again only when one changed: a Swift edit keeps what
    /// they declare; an edit of the header that drops a function makes its call a use of nothing.
    @Test func aSessionReadsTheHeadersAgainOnlyWhenOneChanged() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.removeItem(atPath: folder.path)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/CFunction", toPath: folder.path)
        var session = try StrataSession(AnalysisSession.Input(repository: folder.path, cacheDirectory: nil))
        func grade(_ file: String) -> String? {
            session.result.imports?.imports.first { $0.evidence.file == file && $0.imported == "CMath" }?.grade.rawValue
        }
        #expect(grade("Sources/Report/Alone.swift") == "probably-unused" && grade("Sources/Report/Print.swift") == "unused")
        try folder.write("Sources/Calculator/Pair.swift", (try String(contentsOfFile: folder.path + "/Sources/Calculator/Pair.swift", encoding: .utf8)) + "// edited\n")
        let swiftEdit = session.refresh(changed: ["Sources/Calculator/Pair.swift"])
        // What the headers re-export (the C library) and declare is still known.
        #expect(swiftEdit.parsed == 1 && grade("Sources/Report/Alone.swift") == "probably-unused" && grade("Sources/Report/Print.swift") == "unused")
        #expect(Self.symbols(session.result, "Calculator", "CMath").contains("func cm_add 1 Sources/Calculator/main.swift:3"))
        let header = folder.path + "/Sources/CMath/api/cmath_ops.h"
        try folder.write("Sources/CMath/api/cmath_ops.h", (try String(contentsOfFile: header, encoding: .utf8)).replacingOccurrences(of: "int32_t cm_add(int32_t a, int32_t b);\n", with: ""))
        session.refresh(changed: ["Sources/CMath/api/cmath_ops.h"])
        #expect(!Self.symbols(session.result, "Calculator", "CMath").contains { $0.hasPrefix("func cm_add") })
    }

    /// A file creating an instance of a class an `@interface` of the umbrella header's includes
    /// declares uses the module; so does one calling a method of a category in a second header.
    @Test func anObjectiveCClassInstantiated() throws {
        let result = try Self.check("ObjCClass")
        // `title:` is the initializer's label: a property of the class too.
        // A category's initializers (one a factory method) and subscript of Foundation's
        // classes: what the file spells is the class (NSUserDefaults as UserDefaults).
        #expect(Self.symbols(result, "Screens", "Widgets") == [
            "extension NSNumber 3 Sources/Screens/Counts.swift:4", "extension UserDefaults 1 Sources/Screens/Defaults.swift:5",
            "type XYZWidget 1 Sources/Screens/HomeScreen.swift:4", "member layoutIfNeededNow 1 Sources/Screens/Relayout.swift:5",
            "member title 1 Sources/Screens/HomeScreen.swift:4",
        ])
        let widgets = try #require(result.modules.first { $0.module.name == "Widgets" }?.module.headers)
        #expect(widgets.headers == 4 && widgets.uncertain == nil && widgets.reexports == ["Foundation"])
        let settings = try #require(result.imports?.imports.first { $0.module == "Settings" })
        #expect(settings.clangHeaders == true && settings.explanation.contains("its headers re-export Foundation"))
        let unrelated = try #require(result.imports?.imports.first { $0.module == "Screens" })
        #expect(unrelated.explanation == "uses nothing from Widgets (it declares XYZWidget, init, layoutIfNeededNow, … 12 names)")
    }

    /// A file calling a function, naming a `#define` constant or a typedef'd struct of a C
    /// target's umbrella folder (`publicHeadersPath`) uses it; the function-like macro is no name.
    @Test func aCFunctionCalled() throws {
        let result = try Self.check("CFunction")
        #expect(Self.symbols(result, "Calculator", "CMath") == [
            "type cm_pair 3 Sources/Calculator/Pair.swift:4", "member first 2 Sources/Calculator/Pair.swift:4",
            "member second 2 Sources/Calculator/Pair.swift:4", "var CM_LIMIT 1 Sources/Calculator/Limit.swift:4",
            "func cm_add 1 Sources/Calculator/main.swift:3",
        ])
        let alone = try #require(result.imports?.imports.first { $0.evidence.file == "Sources/Report/Alone.swift" })
        #expect(alone.explanation.contains("its headers re-export the C library, which no other import of the file gives"))
        let cmath = try #require(result.modules.first { $0.module.name == "CMath" }?.module.headers)
        // cm_add, CM_LIMIT (not CM_MAX), cm_pair and its two fields.
        #expect(cmath.headers == 2 && cmath.names == 5 && cmath.reexports == ["libc"])
    }

    /// Files that only name the framework's classes (one renamed by `NS_SWIFT_NAME`) and its
    /// error type in signatures use it.
    @Test func anObjectiveCFrameworkInSignaturesOnly() throws {
        let result = try Self.check("ObjCFramework")
        #expect(Self.symbols(result, "Sync", "Vault") == [
            "type VLTError 1 Sources/Sync/Failure.swift:4", "type VLTRecord 1 Sources/Sync/Record.swift:4",
            "type VaultItem 1 Sources/Sync/Storing.swift:5",
        ])
        // The `why` of the edge names them.
        let why = try #require(result.namedEdges.first { $0.from == "Sync" && $0.to == "Vault" }?.edge)
        #expect(EdgeSymbol.list(why.symbols ?? [], limit: 2, more: why.moreSymbols) == "VLTError (1 site), VLTRecord (1), and 1 more")
    }

    /// A module map's umbrella folder, a header another module's header includes (re-exported
    /// to Swift), a generated header that is absent, and C++.
    @Test func moduleMapsReexportsAndUncertainHeaders() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Mixed", targets: [
                .target(name: "Sensors"),
                .target(name: "Fusion", dependencies: ["Sensors"]),
                .target(name: "Generated"),
                .target(name: "Cxx"),
                .target(name: "App", dependencies: ["Sensors", "Fusion", "Generated", "Cxx"]),
            ])
            """)
        try repo.write("Sources/Sensors/include/module.modulemap", "module Sensors {\n  umbrella \"Headers\"\n  export *\n}\n")
        try repo.write("Sources/Sensors/include/Headers/SNSGyro.h", "typedef struct { double x, y, z; } SNSVector;\nSNSVector sns_gyro_read(void);\n")
        try repo.write("Sources/Sensors/include/Headers/SNSAccel.h", "double sns_accel_magnitude(void);\n")
        try repo.write("Sources/Sensors/sensors.c", "#include \"SNSGyro.h\"\n")
        try repo.write("Sources/Fusion/include/Fusion.h", "#include <Headers/SNSGyro.h>\nSNSVector fsn_fuse(SNSVector a, SNSVector b);\n")
        try repo.write("Sources/Fusion/fusion.c", "#include \"Fusion.h\"\n")
        try repo.write("Sources/Generated/include/Generated.h", "#include \"Generated-Version.h\"\nint gen_build(void);\n")
        try repo.write("Sources/Generated/generated.c", "int gen_build(void) { return 1; }\n")
        try repo.write("Sources/Cxx/include/Cxx.h", "int cxx_plain(void);\nnamespace cxx { int twice(int); }\n")
        try repo.write("Sources/Cxx/cxx.cpp", "int cxx_plain(void) { return 0; }\n")
        // The umbrella folder's second header.
        try repo.write("Sources/App/Accel.swift", "import Sensors\nlet magnitude = sns_accel_magnitude()\n")
        // Fusion's header includes Sensors' header: `import Fusion` gives Sensors' names too.
        try repo.write("Sources/App/Fused.swift", "import Fusion\nlet fused = fsn_fuse(sns_gyro_read(), sns_gyro_read())\n")
        try repo.write("Sources/App/Twice.swift", "import Fusion\nimport Sensors\nlet vector = sns_gyro_read()\n")
        try repo.write("Sources/App/Build.swift", "import Generated\nlet nothing = 0\n")
        try repo.write("Sources/App/Plain.swift", "import Cxx\nlet none = 1\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        let graded = report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" }.sorted()
        #expect(graded == [
            "probably-unused Sources/App/Build.swift:1 Generated", "probably-unused Sources/App/Plain.swift:1 Cxx",
            "unused Sources/App/Twice.swift:1 Fusion",
        ])
        let build = try #require(report.imports.first { $0.imported == "Generated" })
        #expect(build.headersNote == "not all of its headers could be read (Sources/Generated/include/Generated.h:1: includes \"Generated-Version.h\", "
            + "which is not in the repository: what it declares is not known)")
        let cxx = try #require(report.imports.first { $0.imported == "Cxx" })
        #expect(cxx.headersNote?.contains("C++ (`namespace`)") == true)
        let twice = try #require(report.imports.first { $0.imported == "Fusion" })
        #expect(twice.explanation.contains("uses only sns_gyro_read from Fusion, which its import of Sensors gives too"))
        #expect(result.modules.first { $0.module.name == "Fusion" }?.module.headers?.reexports == ["Sensors"])
        #expect(Self.symbols(result, "App", "Sensors") == [
            "func sns_accel_magnitude 1 Sources/App/Accel.swift:2", "func sns_gyro_read 1 Sources/App/Twice.swift:3",
        ])
    }

    /// An `objc_library`'s `hdrs` are its public headers; a file naming a class of one uses it.
    @Test func aBazelObjectiveCLibrary() throws {
        let repo = try TemporaryDirectory()
        try repo.write("MODULE.bazel", "module(name = \"shop\")\n")
        try repo.write("Legacy/BUILD.bazel", """
            objc_library(
                name = "Legacy",
                srcs = ["LGCCart.m"],
                hdrs = ["LGCCart.h"],
                module_name = "Legacy",
            )
            """)
        try repo.write("Legacy/LGCCart.h", "#import <Foundation/Foundation.h>\n@interface LGCCart : NSObject\n- (void)checkout;\n@end\n")
        try repo.write("Legacy/LGCCart.m", "#import \"LGCCart.h\"\n@implementation LGCCart\n- (void)checkout {}\n@end\n")
        try repo.write("Cart/BUILD.bazel", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            swift_library(name = "Cart", srcs = glob(["*.swift"]), module_name = "Cart", deps = ["//Legacy"])
            """)
        try repo.write("Cart/Cart.swift", "import Legacy\nlet cart = LGCCart()\n")
        try repo.write("Cart/Idle.swift", "import Foundation\nimport Legacy\nlet idle = Date()\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        #expect(report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" } == ["unused Cart/Idle.swift:2 Legacy"])
        #expect(Self.symbols(result, "Cart", "Legacy") == ["type LGCCart 1 Cart/Cart.swift:2"])
    }

    /// A module imported in two branches of one `#if` chain is needed in each: the branch one
    /// platform compiles is not the other's, so neither import covers the other.
    @Test func importsInOtherBranchesOfAnIfCoverNothing() throws {
        let repo = try TemporaryDirectory()
        try repo.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Branches", targets: [.target(name: "CPlatform"), .target(name: "App", dependencies: ["CPlatform"])])
            """)
        try repo.write("Sources/CPlatform/include/CPlatform.h", "int platform_page_size(void);\n")
        try repo.write("Sources/CPlatform/platform.c", "int platform_page_size(void) { return 4096; }\n")
        try repo.write("Sources/App/Page.swift", """
            #if os(Linux)
            import CPlatform
            #elseif os(Android)
            import CPlatform
            #endif

            let page = platform_page_size()
            """)
        try repo.write("Sources/App/Twice.swift", "import CPlatform\nimport CPlatform\nlet size = platform_page_size()\n")
        let result = try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
        let report = try #require(result.imports)
        // The plain duplicate is still unused; the branches' imports are both used.
        #expect(report.imports.map { "\($0.grade.rawValue) \($0.evidence) \($0.imported)" } == ["unused Sources/App/Twice.swift:2 CPlatform"])
        #expect(report.counts["used"] == 3)
    }
}
