import Foundation
import StrataDiscovery
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree
import Testing

/// Bazel workspaces read without Bazel: every BUILD file evaluated with one interpreter, rules
/// made targets, labels in every spelling resolved to the same module, through the pipeline.
@Suite struct BazelReaderTests {
    static let shop = repositoryRoot + "/Tests/Fixtures/BazelShop"

    /// The manifests a workspace's marker gives, by BUILD file.
    static func manifests(_ root: String, marker: String = "MODULE.bazel") throws -> [String: Manifest] {
        let tree = WorkingDirectoryTree(rootPath: root)
        let manifests = try BazelReader.read(path: marker, tree: tree, files: try tree.files())
        return Dictionary(uniqueKeysWithValues: manifests.map { ($0.path, $0) })
    }

    static func memory(_ files: [String: String]) throws -> [Manifest] {
        let tree = MemoryTree(files)
        let all = try tree.files()
        return try all.filter(BazelReader.accepts).flatMap { try BazelReader.read(path: $0, tree: tree, files: all) }
    }

    func target(_ manifests: [String: Manifest], _ build: String, _ name: String) throws -> Manifest.Target {
        try #require(manifests[build]?.targets.first { $0.name == name }, "\(name) in \(build)")
    }

    func files(_ target: Manifest.Target) -> [String] {
        guard case .files(_, let paths) = target.sources else { return [] }
        return paths
    }

    func labels(_ target: Manifest.Target) -> [String] {
        target.dependencies.map { "\($0.kind.rawValue):\($0.package.map { $0 + ":" } ?? "")\($0.name)" }
    }

    @Test func eachBuildFileOfTheWorkspaceIsOneManifest() throws {
        let manifests = try Self.manifests(Self.shop)
        #expect(manifests.keys.sorted() == [
            "BUILD.bazel", "Modules/Cart/BUILD.bazel", "Modules/Catalog/BUILD.bazel", "Modules/LegacyKit/BUILD",
            "Modules/Networking/BUILD", "Modules/Payments/BUILD.bazel", "Vendor/BUILD.bazel", "bazel/BUILD.bazel",
        ])
        #expect(manifests.values.allSatisfy { $0.system == .bazel })
        #expect(manifests["Modules/Cart/BUILD.bazel"]?.name == "Modules/Cart")
        // MODULE.bazel is read; the WORKSPACE beside it is not read a second time.
        #expect(try Self.manifests(Self.shop, marker: "WORKSPACE").isEmpty)
        // The only diagnostic: a genrule's output in srcs, whose file is not in the repository.
        let diagnostics = manifests.values.flatMap(\.diagnostics)
        #expect(diagnostics.map(\.message) == ["sources that name targets or generated files (:widget_strings) are not read"])
        #expect(diagnostics.allSatisfy { $0.isNote })
    }

    /// What rules_apple does not link into a target (`avoidsLinking`): a bundle's `frameworks`,
    /// also when `deps` lists the same label first; a unit test's host, its bundle loader, but
    /// not with `test_host_is_bundle_loader = False`, nor a UI test's, which runs apart.
    @Test func frameworksAndAUnitTestsHostAreLoadedNotLinked() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "",
            "BUILD": """
                ios_framework(name = "Kit", deps = [":Lib"])
                swift_library(name = "Lib", srcs = ["Lib.swift"])
                ios_application(name = "App", deps = [":Lib", ":Kit"], frameworks = [":Kit"])
                ios_unit_test(name = "UnitTests", deps = [":Lib"], test_host = ":App")
                ios_unit_test(name = "ApartTests", deps = [":Lib"], test_host = ":App", test_host_is_bundle_loader = False)
                ios_ui_test(name = "UITests", deps = [":Lib"], test_host = ":App")
                """,
            "Lib.swift": "",
        ])
        let build = Dictionary(uniqueKeysWithValues: manifests.map { ($0.path, $0) })
        func loaded(_ name: String) throws -> [String] {
            try target(build, "BUILD", name).dependencies.filter { $0.avoidsLinking == true }.map(\.name)
        }
        #expect(try loaded("App") == ["Kit"])
        #expect(try target(build, "BUILD", "App").dependencies.filter { $0.name == "Kit" }.count == 1)
        #expect(try loaded("UnitTests") == ["App"])
        #expect(try loaded("ApartTests").isEmpty && loaded("UITests").isEmpty)
    }

    @Test func rulesBecomeTargetsWithKindsModuleNamesFilesAndLinkage() throws {
        let manifests = try Self.manifests(Self.shop)
        let root = try #require(manifests["BUILD.bazel"])
        #expect(root.targets.map(\.name) == ["ShopLib", "WidgetLib", "ShopWidget", "Shop", "ShopTestsLib", "ShopTests"])
        #expect(root.targets.map(\.kind) == [.library, .library, .app, .app, .test, .test])
        #expect(root.targets.map(\.linkage?.kind) == [.static, .static, .executable, .executable, .static, .executable])
        #expect(root.targets[3].platforms == ["iOS"] && root.targets[3].product == "ios_application")
        #expect(root.targets[0].linkage?.evidence == Location(file: "BUILD.bazel", line: 5))
        // module_name, else rules_swift's name from the label (tests too).
        #expect(root.targets.map(\.importName) == ["ShopApp", "ShopWidgetKit", "ShopWidget", "Shop", "ShopTestsLib", "ShopTests"])
        let payments = try target(manifests, "Modules/Payments/BUILD.bazel", "Payments")
        #expect(payments.importName == "Modules_Payments_Payments")
        #expect(files(payments) == ["Modules/Payments/Payments.swift"])
        // The macro's targets, from a .bzl that loads another.
        let cart = try #require(manifests["Modules/Cart/BUILD.bazel"])
        #expect(cart.targets.map(\.name) == ["Cart", "CartTestsLib", "CartTests"])
        #expect(cart.targets.map(\.kind) == [.library, .test, .test])
        #expect(cart.targets.map(\.importName) == ["Cart", "CartTests", "Modules_Cart_CartTests"])
        #expect(cart.targets.map(\.line) == [3, 3, 3])
        #expect(files(cart.targets[1]) == ["Modules/Cart/Tests/CartTests.swift"])
        // A glob with exclude; Objective-C sources and headers.
        #expect(files(try target(manifests, "Modules/Catalog/BUILD.bazel", "Catalog")) == ["Modules/Catalog/Sources/Catalog.swift"])
        let legacy = try target(manifests, "Modules/LegacyKit/BUILD", "LegacyKit")
        #expect(files(legacy) == ["Modules/LegacyKit/src/LKLegacy.m", "Modules/LegacyKit/include/LKLegacy.h"])
        #expect(legacy.importName == "LegacyKit" && legacy.linkage?.kind == .static)
        // A prebuilt framework is no module of its own.
        #expect(try target(manifests, "Vendor/BUILD.bazel", "Analytics").kind == .binary)
    }

    @Test func dependenciesAreLabelsWithTheLinesThatWriteThem() throws {
        let manifests = try Self.manifests(Self.shop)
        let shopLib = try target(manifests, "BUILD.bazel", "ShopLib")
        #expect(labels(shopLib) == ["project:Modules/Cart:Cart", "project:Modules/Catalog:Catalog", "external:swiftpkg_swift_collections:Collections"])
        #expect(shopLib.dependencies.map(\.evidence.line) == [10, 11, 12])
        // A select's branches together; `:b` in the same package.
        let catalog = try target(manifests, "Modules/Catalog/BUILD.bazel", "Catalog")
        #expect(labels(catalog) == [
            "project:Modules/Networking:Networking", "project:Modules/LegacyKit:LegacyKit", "project:Modules/Catalog:CatalogDebug",
        ])
        #expect(catalog.dependencies.map(\.evidence.line) == [12, 13, 15])
        // Bundles: their library, extensions and test host.
        #expect(labels(try target(manifests, "BUILD.bazel", "Shop")) == ["project::ShopLib", "project::ShopWidget"])
        #expect(labels(try target(manifests, "BUILD.bazel", "ShopTests")) == ["project::ShopTestsLib", "project::Shop"])
        #expect(labels(try target(manifests, "BUILD.bazel", "ShopTestsLib")) == ["project::ShopLib"])
        #expect(labels(try target(manifests, "BUILD.bazel", "WidgetLib")) == ["project:Modules/Catalog:Catalog"])
        // Through a macro: `@//`, a prebuilt framework, SDK frameworks; the BUILD file's lines.
        let cart = try target(manifests, "Modules/Cart/BUILD.bazel", "Cart")
        #expect(labels(cart) == ["project:Modules/Catalog:Catalog", "project:Modules/Payments:Payments", "binary:Analytics"])
        #expect(cart.dependencies.map(\.evidence.line) == [6, 7, 8])
        #expect(labels(try target(manifests, "Modules/LegacyKit/BUILD", "LegacyKit")) == ["sdk:UIKit"])
    }

    @Test func everyRuleKindHasItsKindLinkageAndName() throws {
        let rules: [(call: String, expected: String)] = [
            ("swift_library_group(name = \"Group\", deps = [])", "library static Kit_Group"),
            ("swift_module_alias(name = \"Alias\", module_name = \"OldKit\", deps = [])", "library static OldKit"),
            ("swift_binary(name = \"tool\")", "executable executable Kit_tool"),
            ("mixed_language_library(name = \"Mixed\", module_name = \"MixedKit\")", "library static MixedKit"),
            ("swift_proto_library(name = \"api_proto\")", "library static Kit_api_proto"),
            ("swift_test(name = \"KitTests\")", "test executable Kit_KitTests"),
            ("cc_library(name = \"zlib-ng\")", "library static Kit_zlib_ng"),
            ("apple_library(name = \"Legacy\")", "library static Legacy"),
            ("apple_framework(name = \"Dyn\", link_dynamic = True)", "library dynamic Dyn"),
            ("macos_framework(name = \"MacKit\")", "library dynamic MacKit"),
            ("tvos_static_framework(name = \"TVKit\")", "library static TVKit"),
            ("watchos_extension(name = \"Watch\")", "app executable Watch"),
            ("visionos_ui_test(name = \"VisionUITests\")", "test executable Kit_VisionUITests"),
            ("ios_build_test(name = \"BuildTest\", targets = [])", "test unknown Kit_BuildTest"),
            ("macos_command_line_application(name = \"cli\")", "executable executable cli"),
            ("apple_static_xcframework_import(name = \"Vendor\")", "binary static Vendor"),
            // A bundle keeps its name as written; a Clang module takes its interop hint's name.
            ("ios_application(name = \"iOS-12.0-AppHost\", xpc_services = [\":tool\"])", "app executable iOS-12.0-AppHost"),
            ("objc_library(name = \"FW_objc\", aspect_hints = [\":FW_hint\"])", "library static FW"),
        ]
        let hint = "swift_interop_hint(name = \"FW_hint\", module_name = \"FW\")\n"
        let manifests = try Self.memory(["MODULE.bazel": "", "Kit/BUILD": rules.map(\.call).joined(separator: "\n") + "\nfilegroup(name = \"files\")\n" + hint])
        let targets = try #require(manifests.first).targets
        #expect(targets.map { "\($0.kind.rawValue) \($0.linkage?.kind.rawValue ?? "unknown") \($0.importName ?? "")" } == rules.map(\.expected))
        #expect(targets[8].linkage?.reason == "apple_framework(link_dynamic = True)")
        #expect(targets[9].platforms == ["macOS"])
        #expect(labels(targets[16]) == ["project:Kit:tool"])
    }

    /// rules_ios names itself `build_bazel_rules_ios` (MODULE.bazel's `repo_name`, WORKSPACE's
    /// `workspace(name)`) in its own loads and labels: those are the main repository's, its
    /// macros evaluated and its targets local.
    @Test func theMainRepositorysOwnNamesAreLocalInLoadsAndLabels() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "module(\n    name = \"rules_kit\",\n    repo_name = \"build_bazel_rules_kit\",\n)\n",
            "WORKSPACE": "workspace(name = \"kit_old\")\n",
            "rules/BUILD": "",
            "rules/defs.bzl": "def kit_library(name, deps = []):\n    native.objc_library(name = name + \"_objc\", deps = deps)\n    swift_library(name = name, module_name = name, srcs = native.glob([\"*.swift\"]), deps = deps + [\":\" + name + \"_objc\"])\n",
            "Lib/BUILD": "load(\"@build_bazel_rules_kit//rules:defs.bzl\", \"kit_library\")\nkit_library(name = \"Lib\")\n",
            "Lib/Lib.swift": "",
            "App/BUILD": """
                load("@@build_bazel_rules_kit//rules:defs.bzl", "kit_library")
                kit_library(name = "App", deps = ["@kit_old//Lib", "@rules_kit//Lib:Lib", "@build_bazel_rules_kit//Lib"])
                """,
        ])
        let lib = try #require(manifests.first { $0.path == "Lib/BUILD" })
        #expect(lib.targets.map(\.name) == ["Lib_objc", "Lib"])
        #expect(lib.diagnostics.isEmpty)
        let app = try #require(manifests.first { $0.path == "App/BUILD" }?.targets.last)
        #expect(labels(app) == ["project:Lib:Lib", "project:App:App_objc"])
    }

    @Test func everySpellingOfALabelNamesTheSameTarget() throws {
        // `@kit` is the main repository by MODULE.bazel's name; an alias is followed.
        let spellings = ["//a/b", "//a/b:b", ":b", "b", "@//a/b:b", "@@//a/b:b", "@kit//a/b", ":b_alias"]
        var build = "load(\"@rules_swift//swift:swift.bzl\", \"swift_library\")\n"
        for (index, spelling) in spellings.enumerated() {
            build += "swift_library(name = \"user\(index)\", srcs = [], deps = [\"\(spelling)\"])\n"
        }
        build += "alias(name = \"b_alias\", actual = \"//a/b\")\n"
        build += "swift_library(name = \"b\", srcs = [\"B.swift\"])\n"
        let manifests = try Self.memory([
            "ws/MODULE.bazel": "module(\n    name = \"kit\",\n    version = \"1.0\",\n)\n", "ws/a/b/BUILD.bazel": build, "ws/a/b/B.swift": "",
        ])
        let targets = try #require(manifests.first).targets
        for target in targets.dropLast() {
            #expect(labels(target) == ["project:ws/a/b:b"], "\(target.name)")
        }
        #expect(files(targets.last!) == ["ws/a/b/B.swift"])
        #expect(targets.last!.importName == "a_b_b")
        #expect(targets.count == spellings.count + 1)
    }

    /// rules_ios' `apple_framework` expands to a library and a packaging rule that depends on
    /// it; swift-syntax's `opt_wrapper` wraps one with `dep`: a label of the wrapper means what
    /// it wraps. A resource bundle forwards to nothing.
    @Test func aRuleThatMakesNoModuleStandsForWhatItWraps() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "",
            "rules/framework.bzl": """
                _packaging = rule(implementation = lambda ctx: None, attrs = {})

                def framework(name):
                    swift_library(name = name + "_swift", module_name = name, srcs = native.glob([name + "/*.swift"]))
                    _packaging(name = name, deps = [":" + name + "_swift"])
                """,
            "BUILD.bazel": """
                load("//rules:framework.bzl", "framework")

                framework(name = "Kit")

                opt_wrapper(name = "Kit_opt", dep = ":Kit")

                apple_resource_bundle(name = "KitResources", resources = [])

                swift_library(name = "App", deps = [":Kit_opt", ":KitResources"])
                """,
        ])
        let app = try #require(manifests.first?.targets.first { $0.name == "App" })
        #expect(labels(app) == ["project::Kit_swift"])
        #expect(app.dependencies.first?.evidence.line == 9)
    }

    /// An SDK's modules made by its own macro, which calls another repository's macro (not
    /// read here): a target with Swift sources is a Swift module (a test when its kind says
    /// so), named by `module_name` or its name, and its dependencies resolve to it.
    @Test func anotherRepositorysMacroWithSwiftSourcesMakesAModule() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "module(name = \"sdk\")\n",
            "build/sdk.bzl": """
                load("@vendor_rules//apple:defs.bzl", _framework = "vendor_framework", _unit_test = "vendor_unit_test")

                def sdk_module(name, deps = [], **kwargs):
                    _framework(
                        name = name,
                        srcs = native.glob(["Sources/**/*.swift"], allow_empty = True),
                        deps = deps,
                        **kwargs
                    )
                    _unit_test(name = name + "Tests", srcs = native.glob(["Tests/*.swift"], allow_empty = True), deps = [":" + name])
                """,
            "Core/BUILD.bazel": """
                load("//build:sdk.bzl", "sdk_module")
                load("@rules_proto//proto:defs.bzl", "proto_library")

                sdk_module(name = "SDKCore")

                proto_library(name = "core_proto", srcs = ["core.proto"])
                """,
            "Core/Sources/Core.swift": "", "Core/Tests/CoreTests.swift": "", "Core/core.proto": "",
            "Feature/BUILD.bazel": """
                load("//build:sdk.bzl", "sdk_module")

                sdk_module(name = "Feature", module_name = "SDKFeature", deps = ["//Core:SDKCore"])
                """,
            "Feature/Sources/Feature.swift": "",
        ])
        let core = try #require(manifests.first { $0.path == "Core/BUILD.bazel" })
        #expect(core.targets.map(\.name) == ["SDKCore", "SDKCoreTests"])
        #expect(core.targets.map(\.kind) == [.library, .test])
        #expect(core.targets.map(\.product) == ["vendor_framework", "vendor_unit_test"])
        #expect(labels(core.targets[1]) == ["project:Core:SDKCore"])
        #expect(core.diagnostics.map(\.message) == [
            "vendor_framework(), vendor_unit_test() of another repository are not read here: 2 targets with Swift sources read as Swift modules",
        ])
        let feature = try #require(manifests.first { $0.path == "Feature/BUILD.bazel" })
        // A test without Swift files (its glob matched none) makes no module.
        #expect(feature.targets.map(\.importName) == ["SDKFeature"])
        #expect(labels(feature.targets[0]) == ["project:Core:SDKCore"])
    }

    /// rules_ios' and cocoapods-bazel's vendored pods: a `Pods` folder whose pods have BUILD
    /// files is read, in the working directory and in a revision alike; one without BUILD
    /// files (CocoaPods' own output) is not.
    @Test func podsWithBuildFilesArePackagesOfTheWorkspace() throws {
        let folder = try TemporaryDirectory()
        try folder.write("MODULE.bazel", "module(name = \"app\")\n")
        try folder.write("App/BUILD.bazel", "swift_library(name = \"App\", module_name = \"App\", srcs = glob([\"*.swift\"]), deps = [\"//Vendor/Pods/Tink\"])\n")
        try folder.write("App/App.swift", "import Tink\nimport Generated\n")
        try folder.write("Vendor/Pods/Tink/BUILD.bazel", "swift_library(name = \"Tink\", module_name = \"Tink\", srcs = glob([\"Sources/*.swift\"]))\n")
        try folder.write("Vendor/Pods/Tink/Sources/Tink.swift", "public struct Keyset {}\n")
        try folder.write("Pods/Generated/Generated.swift", "public struct Generated {}\n")
        try folder.write("Pods/Generated/BUILD.txt", "")
        let working = try WorkingDirectoryTree(rootPath: folder.path).files()
        #expect(working.contains("Vendor/Pods/Tink/Sources/Tink.swift"))
        #expect(!working.contains { $0.hasPrefix("Pods/") })
        let git = { (arguments: [String]) throws in
            let done = try run("/usr/bin/git", ["-c", "user.name=Strata", "-c", "user.email=strata@example.com"] + arguments, in: folder.path)
            #expect(done.status == 0, "\(done.all)")
        }
        try git(["init", "-q"])
        try git(["add", "-f", "."])
        try git(["commit", "-qm", "c0"])
        let repository = try GitRepository(path: folder.path)
        let revision = try GitRevisionTree(repository: repository, commit: try repository.resolve("HEAD"))
        #expect(try revision.files() == working)
        #expect(try revision.narrowed(by: PathFilter(excludes: ["App/**"])).files().contains("Vendor/Pods/Tink/BUILD.bazel"))
        let result = try Pipeline.run(.init(path: folder.path, cacheDirectory: nil)).result
        #expect(result.modules.map(\.module.name) == ["App", "Tink"])
        #expect(result.namedEdges.map { "\($0.from)->\($0.to) \($0.edge.declared) \($0.edge.imported)" } == ["App->Tink true true"])
    }

    /// A `filegroup` in `srcs` stands for its files, wherever it is and however many filegroups
    /// deep; a genrule's outputs are generated and stay unread.
    @Test func aFilegroupInSourcesStandsForItsFiles() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "",
            "Shared/BUILD": """
                filegroup(name = "shared_sources", srcs = glob(["*.swift"]), visibility = ["//visibility:public"])
                """,
            "Shared/Log.swift": "",
            "Kit/BUILD.bazel": """
                KIT_SOURCES = "kit_sources"

                filegroup(name = KIT_SOURCES, srcs = ["A.swift", ":more"])

                filegroup(
                    name = "more",
                    srcs = select({"//conditions:default": ["B.swift"], ":debug": ["Debug.swift"]}),
                )

                genrule(name = "generated", srcs = ["A.swift"], outs = ["A.gen.swift"], cmd = "cp $< $@")

                swift_library(
                    name = "Kit",
                    srcs = [":" + KIT_SOURCES, "//Shared:shared_sources", ":generated", "C.swift"],
                )
                """,
            "Kit/A.swift": "", "Kit/B.swift": "", "Kit/C.swift": "", "Kit/Debug.swift": "",
        ])
        let kit = try #require(manifests.first { $0.path == "Kit/BUILD.bazel" })
        #expect(files(try #require(kit.targets.first)) == ["Kit/A.swift", "Kit/B.swift", "Kit/Debug.swift", "Shared/Log.swift", "Kit/C.swift"])
        #expect(kit.diagnostics.map(\.message) == ["sources that name targets or generated files (:generated) are not read"])
    }
    /// A rule of another repository whose target sources name (rules_pkg's `pkg_files` in a
    /// module's or a `pkg_zip`'s `srcs`, as rules_player's release zip does with
    /// `Package.swift`) stands for its files and makes no module; a genrule's input is no source,
    /// so a vendored rule's Swift module it reads stays a module.
    @Test func aRuleOfAnotherRepositoryNamedInSourcesIsAFileGroup() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "",
            "BUILD.bazel": """
                load("@rules_pkg//:mappings.bzl", "pkg_files")
                load("@rules_pkg//:pkg.bzl", "pkg_zip")
                load("@vendor_rules//swift:defs.bzl", "vendor_swift_library")

                pkg_files(name = "release_data_0", srcs = ["Package.swift"], prefix = "")
                pkg_zip(name = "release", srcs = [":release_data_0"])
                vendor_swift_library(name = "Lib", srcs = ["Lib.swift"])
                genrule(name = "docs", srcs = [":Lib"], outs = ["docs.txt"], cmd = "touch $@")
                pkg_files(name = "kit_sources", srcs = glob(["Kit/*.swift"]))
                swift_library(name = "Kit", srcs = [":kit_sources"], deps = [":Lib"])
                """,
            "Package.swift": "", "Lib.swift": "", "Kit/Kit.swift": "",
        ])
        let root = try #require(manifests.first { $0.path == "BUILD.bazel" })
        #expect(root.targets.map(\.name) == ["Lib", "Kit"])
        #expect(files(try #require(root.targets.last)) == ["Kit/Kit.swift"])
    }

    /// PodToBUILD's vendored pods: an objc_library whose module map names the module.
    @Test func aModuleMapNamesTheModuleOfTheLibraryUsingIt() throws {
        let manifests = try Self.memory([
            "WORKSPACE": "",
            "Vendor/Kit/BUILD.bazel": """
                objc_library(name = "Kit", srcs = glob(["Source/*.m"]), module_map = ":Kit_module_map")
                gen_module_map(name = "Kit_module_map", module_name = "IGKit", hdrs = [])
                """,
        ])
        #expect(manifests.first?.targets.map(\.importName) == ["IGKit"])
    }

    @Test func workspacesDecideWhichBuildFilesAreRead() throws {
        let manifests = try Self.memory([
            "Outside/BUILD": "swift_library(name = \"Outside\")\n",
            "app/WORKSPACE": "# The app.\nworkspace(name = 'legacy_app')\n",
            "app/BUILD": "swift_library(name = \"Old\")\n",
            "app/BUILD.bazel": "swift_library(name = \"New\", deps = [\"@legacy_app//lib:Lib\"])\n",
            "app/lib/BUILD.bazel": "swift_library(name = \"Lib\", srcs = glob([\"**/*.swift\"]))\n",
            "app/lib/A.swift": "",
            "app/lib/nested/MODULE.bazel": "",
            "app/lib/nested/BUILD.bazel": "swift_library(name = \"Nested\")\n",
            "app/.bazelignore": "# vendored checkouts\nnode_modules\n third_party/spm/ \n",
            "app/node_modules/x/BUILD": "swift_library(name = \"Ignored\")\n",
            "app/third_party/spm/BUILD.bazel": "swift_library(name = \"AlsoIgnored\")\n",
        ])
        #expect(manifests.map(\.path).sorted() == ["app/BUILD.bazel", "app/lib/BUILD.bazel", "app/lib/nested/BUILD.bazel"])
        #expect(manifests.flatMap(\.targets).map(\.name).sorted() == ["Lib", "Nested", "New"])
        let lib = try #require(manifests.first { $0.path == "app/lib/BUILD.bazel" }?.targets.first)
        #expect(files(lib) == ["app/lib/A.swift"])
        // WORKSPACE's name is the main repository's.
        #expect(labels(try #require(manifests.first { $0.path == "app/BUILD.bazel" }?.targets.first)) == ["project:app/lib:Lib"])
    }

    @Test func aLoadNeverReadsOutsideTheWorkspace() throws {
        let folder = try TemporaryDirectory()
        try folder.write("secret.bzl", "def lib(name):\n    swift_library(name = name)\n")
        try folder.write("ws/MODULE.bazel", "")
        try folder.write("ws/BUILD.bazel", "load(\"//../:secret.bzl\", \"lib\")\nload(\"//..:secret.bzl\", \"lib\")\n\nlib(name = \"Leak\")\n")
        let manifests = try Self.manifests(folder.path + "/ws")
        #expect(manifests["BUILD.bazel"]?.targets.map(\.kind) != [.library])
        let tree = WorkingDirectoryTree(rootPath: folder.path)
        let nested = try BazelReader.read(path: "ws/MODULE.bazel", tree: tree, files: try tree.files())
        #expect(nested.flatMap(\.targets).map(\.product) != ["swift_library"])

        // Another repository a hostile workspace names: the disk's root, a folder with no marker
        // of a repository, a name that climbs out of the output base, a link out of a folder.
        try folder.write("other/WORKSPACE", "local_repository(name = \"root\", path = \"/\")\nlocal_repository(name = \"up\", path = \"..\")\n")
        try folder.write("other/BUILD", """
            load("@root//:secret.bzl", a = "lib")
            load("@up//:secret.bzl", b = "lib")
            load("@..//:secret.bzl", c = "lib")
            load("@@.//:secret.bzl", d = "lib")
            a(name = "A")
            b(name = "B")
            c(name = "C")
            d(name = "D")
            """)
        try FileManager.default.createDirectory(atPath: folder.path + "/outputs/execroot/_main", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/outputs/external/linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/outputs/external/linked/secret.bzl", withDestinationPath: folder.path + "/secret.bzl")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/other/bazel-other", withDestinationPath: folder.path + "/outputs/execroot/_main")
        try folder.write("other/L/BUILD", "load(\"@linked//:secret.bzl\", \"lib\")\nlib(name = \"L\")\n")
        let hostile = try Self.manifests(folder.path + "/other", marker: "WORKSPACE")
        // Each load stays a stub: its symbol records a rule of its own name, not the file's `swift_library`.
        #expect(hostile.values.flatMap(\.targets).allSatisfy { $0.product != "swift_library" }, "\(hostile.values.flatMap(\.targets).map(\.product))")
        #expect(hostile.values.flatMap(\.diagnostics).allSatisfy { !$0.message.contains("macros of other repositories read") })
    }

    @Test func evaluationProblemsNameTheFileAndLine() throws {
        let manifests = try Self.memory([
            "MODULE.bazel": "",
            "BUILD": "load(\"//tools:defs.bzl\", \"lib\")\n\nlib(name = \"A\", deps = undefined)\n",
            "tools/defs.bzl": "def lib(name, deps):\n    swift_library(name = name, deps = deps + missing)\n",
        ])
        let diagnostics = manifests.flatMap(\.diagnostics)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.contains { $0.file == "BUILD" && $0.line == 3 }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.file == "tools/defs.bzl" && $0.line == 2 }, "\(diagnostics)")
    }

    @Test func theWorkspaceIsAnalyzedThroughThePipeline() throws {
        let result = try Pipeline.run(.init(path: Self.shop, cacheDirectory: nil)).result
        let modules = Dictionary(uniqueKeysWithValues: result.modules.map { ($0.module.name, $0.module) })
        #expect(modules.keys.sorted() == [
            "Cart", "CartTests", "CartTestsLib", "Catalog", "CatalogDebug", "LegacyKit", "Networking", "Payments", "Shop", "ShopLib",
            "ShopTests", "ShopTestsLib", "ShopWidget", "WidgetLib",
        ])
        #expect(modules.values.allSatisfy { $0.system == .bazel })
        #expect(modules["Catalog"]?.path == "Modules/Catalog" && modules["Catalog"]?.files == 1)
        #expect(modules["LegacyKit"]?.path == "Modules/LegacyKit" && modules["LegacyKit"]?.files == 0)
        #expect(modules["Shop"]?.kind == .app && modules["ShopTestsLib"]?.kind == .test)
        // Declared dependencies resolve to modules, whatever the spelling; external ones do not.
        #expect(modules["Cart"]?.dependencies.map(\.modules) == [["Catalog"], ["Payments"], nil])
        #expect(modules["ShopTests"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["ShopTestsLib", "Shop"])
        #expect(modules["Shop"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["ShopLib", "ShopWidget"])
        // Imports resolve by module name: an Objective-C module, a derived name, a test's @testable.
        let imported = Set(result.namedEdges.filter(\.edge.imported).map { "\($0.from)->\($0.to)" })
        for edge in ["Catalog->LegacyKit", "Catalog->Networking", "Cart->Payments", "Cart->Catalog", "ShopLib->Cart", "WidgetLib->Catalog",
            "CartTestsLib->Cart", "ShopTestsLib->ShopLib", "Payments->Networking"]
        {
            #expect(imported.contains(edge), "\(edge)")
        }
        #expect(result.edges.filter { $0.imported && !$0.declared }.isEmpty, "\(result.edges.filter { $0.imported && !$0.declared })")
        // Bundles and tests compile nothing themselves; a select's debug-only branch is unused.
        #expect(result.unusedDependencies.map { "\($0.module)->\($0.dependency)" } == ["Catalog->CatalogDebug"])
        // The Package.swift files beside BUILD files describe no module, and say so once.
        let notes = result.warnings.filter { $0.message.contains("Package.swift") }
        #expect(notes.map(\.file) == ["MODULE.bazel"])
        #expect(notes.first?.message.hasPrefix("2 Package.swift files") == true)
    }

    /// swift-syntax and Yams ship BUILD files for Bazel users; their Package.swift is what
    /// most users build, and Bazel's `.library` twins of their tests would be modules twice.
    @Test func aSwiftPackageThatAlsoBuildsWithBazelIsReadAsAPackage() throws {
        let tree = MemoryTree([
            "MODULE.bazel": "module(name = \"kit\")\n",
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit"), .testTarget(name: "KitTests", dependencies: ["Kit"])])
                """,
            "BUILD.bazel": """
                swift_library(name = "Kit", module_name = "Kit", srcs = glob(["Sources/Kit/**/*.swift"]))
                swift_library(name = "KitTests.library", module_name = "KitTests", srcs = glob(["Tests/KitTests/*.swift"]), deps = [":Kit"])
                """,
            "Tests/BUILD": "swift_library(name = \"Helpers\")\n",
            "Sources/Kit/Kit.swift": "",
            "Tests/KitTests/KitTests.swift": "import Kit\n",
        ])
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        #expect(discovery.modules.map(\.name) == ["Kit", "KitTests"])
        #expect(discovery.modules.allSatisfy { $0.system == .swiftpm })
        #expect(discovery.diagnostics.map(\.message) == [
            "a Swift package that also builds with Bazel: its Package.swift is read, 2 BUILD files (BUILD.bazel, ...) are not",
        ])
    }

    /// player-ui's `Package.swift` describes the release it publishes (each folder then holds
    /// only its sources); in the repository its targets' folders hold tests too, which the
    /// BUILD files compile apart, and a demo app. BUILD files that compile more Swift files than
    /// the package, most of the package's among them, are read instead; the same number (Yams)
    /// or fewer (swift-syntax) keep the package.
    @Test(arguments: [true, false])
    func buildFilesThatCompileMoreThanTheRootPackageAreRead(withDemoApp: Bool) throws {
        var files = [
            "MODULE.bazel": "module(name = \"kit\")\n",
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit", path: "Kit")])
                """,
            "Kit/BUILD.bazel": """
                swift_library(name = "Kit", module_name = "Kit", srcs = glob(["Sources/**/*.swift"]))
                swift_library(name = "KitTests", testonly = True, srcs = glob(["Tests/**/*.swift"], allow_empty = True), deps = [":Kit"])
                """,
            "Kit/Sources/Kit.swift": "",
            "Kit/Tests/KitTests.swift": "@testable import Kit\n",
            // Compiled by the package only (UmbraCore's `_Aliases.swift` files).
            "Kit/Aliases.swift": "",
        ]
        if withDemoApp {
            files["Demo/BUILD"] = "ios_application(name = \"Demo\", deps = [\":DemoLib\"])\nswift_library(name = \"DemoLib\", srcs = glob([\"*.swift\"]), deps = [\"//Kit\"])\n"
            files["Demo/Demo.swift"] = "import Kit\n"
            files["Demo/DemoView.swift"] = ""
        }
        let tree = MemoryTree(files)
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        #expect(discovery.modules.allSatisfy { $0.system == (withDemoApp ? .bazel : .swiftpm) })
        #expect(discovery.modules.map(\.name).sorted() == (withDemoApp ? ["Demo", "DemoLib", "Kit", "KitTests"] : ["Kit"]))
        #expect(discovery.diagnostics.map(\.message) == [withDemoApp
            ? "a Bazel workspace whose BUILD files compile more Swift files (4) than its Package.swift (3): the package is set aside, the BUILD files are read"
            : "a Swift package that also builds with Bazel: its Package.swift is read, 1 BUILD file (Kit/BUILD.bazel) is not"])
    }

    /// Another repository's macros are read when its files are at hand: a folder the workspace
    /// names (`local_repository` in `WORKSPACE`), or Bazel's output base, which the working
    /// directory's `bazel-<folder>` link leads to (`external/<module>+`). Its own labels are of
    /// it; what its files do not evaluate is one note; a rule set Strata reads by name
    /// (rules_swift) stays a stub even when the workspace names its folder.
    @Test func anotherRepositorysMacrosAreReadWhenItsFilesAreAtHand() throws {
        let folder = try TemporaryDirectory()
        try folder.write("ws/WORKSPACE", """
            workspace(name = "ws")
            local_repository(name = "vendored", path = "third_party/vendored")  # inside the repository
            local_repository(
                name = "build_bazel_rules_swift",
                path = "third_party/rules_swift",
            )
            """)
        try folder.write("ws/third_party/vendored/WORKSPACE", "")
        try folder.write("ws/third_party/vendored/defs.bzl", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            load("//private:names.bzl", "NAME")
            def vendored_lib(name):
                swift_library(name = name, module_name = NAME + name, srcs = native.glob(["*.swift"]))
            """)
        try folder.write("ws/third_party/vendored/private/names.bzl", "NAME = \"Vendored\"\n")
        // A rules_swift whose macro would rename the rule: never read.
        try folder.write("ws/third_party/rules_swift/swift/swift.bzl", "def swift_library(**kwargs):\n    native.cc_library(**kwargs)\n")
        try folder.write("ws/A/BUILD", "load(\"@vendored//:defs.bzl\", \"vendored_lib\")\nvendored_lib(name = \"A\")\n")
        try folder.write("ws/A/A.swift", "")
        // Fetched by Bazel into its output base (Bazel 8 names a module's repository `name+`).
        try folder.write("outputs/external/fetched_rules+/ios/defs.bzl", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            load("@aspect_bazel_lib//lib:stamping.bzl", "STAMP_ATTRS")
            _ATTRS = dict({"stable": True}, **STAMP_ATTRS)
            def fetched_lib(name):
                swift_library(name = name, srcs = native.glob(["*.swift"]), deps = [Label("//ios:shim")])
            """)
        try FileManager.default.createDirectory(atPath: folder.path + "/outputs/execroot/_main", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/ws/bazel-ws", withDestinationPath: folder.path + "/outputs/execroot/_main")
        try folder.write("ws/B/BUILD", "load(\"@fetched_rules//ios:defs.bzl\", \"fetched_lib\")\nfetched_lib(name = \"B\")\n")
        try folder.write("ws/B/B.swift", "")
        let manifests = try Self.manifests(folder.path + "/ws", marker: "WORKSPACE")
        let a = try target(manifests, "A/BUILD", "A")
        #expect(a.importName == "VendoredA" && a.product == "swift_library" && files(a) == ["A/A.swift"])
        let b = try target(manifests, "B/BUILD", "B")
        #expect(b.product == "swift_library" && files(b) == ["B/B.swift"])
        // `Label("//ios:shim")` in the fetched repository's file is that repository's target.
        #expect(labels(b) == ["external:fetched_rules:shim"])
        let notes = manifests.values.flatMap(\.diagnostics).filter { $0.file == "WORKSPACE" }.map(\.message).sorted()
        #expect(notes == [
            "@fetched_rules: 1 construct of its .bzl files not evaluated (first: @fetched_rules//ios/defs.bzl:3: **kwargs must be a dict, not a rule)",
            "macros of other repositories read: @fetched_rules from Bazel's output base (external/fetched_rules+), @vendored from third_party/vendored",
        ], "\(notes)")
        // No other problem is reported for the workspace's own files.
        #expect(manifests.values.flatMap(\.diagnostics).allSatisfy { $0.isNote }, "\(manifests.values.flatMap(\.diagnostics))")
    }

    /// rules_apple's tests take their code from a library, often not marked `testonly`: a
    /// library only tests without sources of their own depend on (a suite too) is test code,
    /// whatever spells the label (`:Lib`, `//pkg:Lib`, the main repository's name, an alias).
    /// One a library uses (a test helper, code only a test library imports so far), an app, a
    /// `build_test`, a `swift_test` with sources (testing it) or nothing stays a library, as
    /// does a framework a test links; and every library does when a BUILD file is read only
    /// in part (the app that uses it may be in what was not).
    @Test func aLibraryOnlyTestsBundleIsTestCode() throws {
        var files = [
            "MODULE.bazel": "module(name = \"shop\", repo_name = \"my_shop\")\n",
            "Modules/Cart/BUILD.bazel": """
                swift_library(name = "Cart", srcs = ["Cart.swift"], visibility = ["//visibility:public"])
                swift_library(name = "CartTestsLib", srcs = ["CartTests.swift"], deps = [":Cart", "//Testing:TestingUtils"])
                ios_unit_test(name = "CartTests", minimum_os_version = "16.0", deps = [":CartTestsLib"])
                swift_library(name = "CartMocks", srcs = ["CartMocks.swift"], deps = [":Cart"])
                alias(name = "mocks", actual = ":CartMocks")
                swift_library(name = "CartUITestsLib", srcs = ["CartUITests.swift"])
                alias(name = "ui", actual = ":CartUITestsLib")
                ios_ui_test(name = "CartUITests", deps = ["@my_shop//Modules/Cart:ui"])
                swift_library(name = "Checkout", srcs = ["Checkout.swift"])
                ios_build_test(name = "CheckoutBuilds", minimum_os_version = "16.0", targets = [":Checkout"])
                """,
            "Modules/Payments/BUILD.bazel": """
                swift_library(name = "PaymentsTestsLib", srcs = ["PaymentsTests.swift"], deps = ["@my_shop//Testing:TestingUtils", "//Modules/Cart:mocks"])
                macos_unit_test(name = "PaymentsTests", deps = ["//Modules/Payments:PaymentsTestsLib"])
                swift_test(name = "PaymentsSwiftTests", srcs = ["PaymentsSwiftTests.swift"], deps = [":PaymentsCore"])
                swift_library(name = "Refunds", srcs = ["Refunds.swift"])
                swift_test(name = "RefundsTests", srcs = glob(["RefundsTests/*.swift"], allow_empty = True), deps = [":Refunds"])
                swift_library(name = "SuiteLib", srcs = ["Suite.swift"])
                ios_unit_test_suite(name = "SuiteTests", deps = [":SuiteLib"], runners = ["//Testing:runner"])
                swift_library(name = "SDKLib", srcs = ["SDK.swift"])
                ios_framework(name = "SDK", bundle_id = "sdk", families = ["iphone"], minimum_os_version = "16.0", deps = [":SDKLib"])
                ios_unit_test(name = "SDKTests", deps = [":SDKTestsLib"], frameworks = [":SDK"])
                swift_library(name = "SDKTestsLib", srcs = ["SDKTests.swift"])
                swift_library(name = "PaymentsCore", srcs = ["PaymentsCore.swift"])
                swift_test(name = "LedgerTests", deps = [":LedgerTestsLib"])
                swift_library(name = "LedgerTestsLib", srcs = ["LedgerTests.swift"], deps = [":PaymentsCore"])
                """,
            "Testing/BUILD.bazel": """
                swift_library(name = "TestingUtils", srcs = ["TestingUtils.swift"], visibility = ["//visibility:public"])
                swift_library(name = "Fixtures", srcs = ["Fixtures.swift"], deps = [":TestingUtils"])
                swift_library(name = "Unused", srcs = ["Unused.swift"])
                """,
            "App/BUILD.bazel": """
                swift_library(name = "AppLib", srcs = ["App.swift"], deps = ["//Modules/Cart", "//Testing:Fixtures"])
                ios_application(name = "App", bundle_id = "shop", families = ["iphone"], minimum_os_version = "16.0", deps = [":AppLib"])
                """,
            "Modules/Cart/Cart.swift": "public struct Cart {}\n",
            "Modules/Cart/CartTests.swift": "import XCTest\n@testable import Cart\nimport TestingUtils\n",
            "Modules/Cart/CartMocks.swift": "import Cart\n",
            "Modules/Payments/PaymentsTests.swift": "import TestingUtils\nimport CartMocks\n",
            "Modules/Cart/CartUITests.swift": "", "Modules/Cart/Checkout.swift": "",
            "Modules/Payments/PaymentsSwiftTests.swift": "import PaymentsCore\n", "Modules/Payments/PaymentsCore.swift": "",
            "Modules/Payments/LedgerTests.swift": "import PaymentsCore\n", "Modules/Payments/Refunds.swift": "",
            "Modules/Payments/Suite.swift": "", "Modules/Payments/SDK.swift": "", "Modules/Payments/SDKTests.swift": "",
            "Testing/TestingUtils.swift": "", "Testing/Fixtures.swift": "import TestingUtils\n", "Testing/Unused.swift": "",
            "App/App.swift": "import Cart\nimport Fixtures\n",
        ]
        func kinds() throws -> [String: ModuleKind] {
            let tree = MemoryTree(files)
            return Dictionary(uniqueKeysWithValues: Discoverer(tree: tree).discover(files: try tree.files()).modules.map { ($0.name, $0.kind) })
        }
        let read = try kinds()
        for name in ["CartTestsLib", "PaymentsTestsLib", "CartUITestsLib", "LedgerTestsLib", "SuiteLib", "SDKTestsLib"] {
            #expect(read[name] == .test, "\(name)")
        }
        for name in ["Cart", "TestingUtils", "CartMocks", "Fixtures", "Unused", "AppLib", "Checkout", "PaymentsCore", "Refunds", "SDKLib", "SDK"] {
            #expect(read[name] == .library, "\(name)")
        }
        #expect(read["CartTests"] == .test && read["App"] == .app)
        // A BUILD file that stops half-way: no library is taken for a test's code.
        files["Broken/BUILD.bazel"] = "swift_library(name = \"Broken\", srcs = [])\nfail(\"unsupported\")\n"
        let partial = try kinds()
        #expect(partial["CartTestsLib"] == .library && partial["LedgerTestsLib"] == .library)
    }

    /// A package of a workspace analyzed on its own (rules_xcodeproj's `examples/simple`): its
    /// BUILD file is read only within its workspace, and the warning says which folder to
    /// analyze instead of claiming no manifest was found.
    @Test(arguments: ["BUILD", "Feature/BUILD.bazel"])
    func aPackageWithoutItsWorkspaceSaysWhereToLook(build: String) throws {
        let tree = MemoryTree([build: "swift_library(name = \"Feature\", srcs = glob([\"**/*.swift\"]))\n", "Sources/Feature/Feature.swift": ""])
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        #expect(discovery.diagnostics.map(\.message) == [
            "\(build) is a Bazel package, but the folder analyzed has no workspace (MODULE.bazel, WORKSPACE.bazel, WORKSPACE, REPO.bazel): analyze the folder that has one; modules guessed from the Sources/ and Tests/ folders",
        ])
    }

    /// rules_xcodeproj writes an Xcode project of the workspace's targets (committed by some
    /// repositories, as its own examples' test fixtures are): the BUILD files describe those
    /// targets, so the project is set aside, with one note and none of its warnings (its
    /// sources include Bazel's generated files). A project of its own in a workspace stays.
    @Test(arguments: ["MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"])
    func anXcodeProjectRulesXcodeprojMadeIsSetAside(marker: String) throws {
        func project(_ target: String, sources: [String]) -> String {
            var project = ProjectFile()
            project.project(targets: ["T"], mainGroup: "MAIN")
            project.add("MAIN", "isa = PBXGroup; children = (\(sources.indices.map { "F\($0), " }.joined())); sourceTree = \"<group>\";")
            for (index, source) in sources.enumerated() {
                project.add("F\(index)", "isa = PBXFileReference; path = \(source); sourceTree = SOURCE_ROOT;")
                project.add("B\(index)", "isa = PBXBuildFile; fileRef = F\(index);")
            }
            project.add("PHASE", "isa = PBXSourcesBuildPhase; files = (\(sources.indices.map { "B\($0), " }.joined()));")
            project.target("T", name: target, type: "framework", phases: ["PHASE"], settings: "BAZEL_PACKAGE_BIN_DIR = Kit;")
            return project.text
        }
        var files = [
            marker: "",
            "Kit/BUILD.bazel": "swift_library(name = \"Kit\", srcs = glob([\"*.swift\"]))\n",
            "Kit/Kit.swift": "public struct Kit {}\n",
            "tools/fixtures/Kit.xcodeproj/project.pbxproj": project("Kit", sources: ["_BazelForcedCompile_.swift", "Kit/Kit.swift"]),
            "tools/fixtures/Kit.xcodeproj/rules_xcodeproj/bazel/swiftc.sh": "",
            "Dev.xcodeproj/project.pbxproj": project("Kit", sources: ["_BazelForcedCompile_.swift", "Kit/Kit.swift"]),
            "Dev.xcodeproj/rules_xcodeproj/generated.xcfilelist": "",
        ]
        let tree = MemoryTree(files)
        let discovery = Discoverer(tree: tree).discover(files: try tree.files())
        #expect(discovery.modules.map(\.name) == ["Kit"] && discovery.modules.allSatisfy { $0.system == .bazel })
        #expect(discovery.diagnostics.map(\.message) == [
            "2 Xcode projects (Dev.xcodeproj/project.pbxproj, ...) are set aside: rules_xcodeproj made them from the Bazel targets, which are read",
        ])
        #expect(discovery.diagnostics.map(\.file) == [marker])
        // A project without rules_xcodeproj's folder is a project of its own, read as one.
        files["Demo/Demo.xcodeproj/project.pbxproj"] = project("Demo", sources: ["Kit/Kit.swift"])
        let demo = MemoryTree(files)
        #expect(Discoverer(tree: demo).discover(files: try demo.files()).modules.map(\.name).sorted() == ["Demo", "Kit"])
        // Outside a Bazel workspace, nothing describes the project's targets but the project.
        files[marker] = nil
        files["Kit/BUILD.bazel"] = nil
        let alone = MemoryTree(files)
        #expect(Discoverer(tree: alone).discover(files: try alone.files()).modules.contains { $0.system == .xcode && $0.name.hasSuffix("Kit") })
    }

    @Test func aWarmSessionReadsTheWorkspaceAgainWhenABuildOrBzlFileChanges() throws {
        let folder = try TemporaryDirectory()
        try folder.write("MODULE.bazel", "module(name = \"warm\")\n")
        try folder.write("defs.bzl", "def lib(name):\n    swift_library(name = name, srcs = native.glob([name + \"/*.swift\"]))\n")
        try folder.write("BUILD.bazel", "load(\":defs.bzl\", \"lib\")\n\nlib(name = \"Core\")\n")
        try folder.write("Core/Money.swift", "public struct Money {}\n")
        try folder.write("Feature/Cart.swift", "import Core\n")
        var session = try StrataSession(AnalysisSession.Input(repository: folder.path, cacheDirectory: nil))
        let names = { session.result.modules.map(\.module.name) }
        #expect(names() == ["Core"])
        try folder.write("BUILD.bazel", "load(\":defs.bzl\", \"lib\")\n\nlib(name = \"Core\")\n\nlib(name = \"Feature\")\n")
        #expect(session.refresh(changed: ["BUILD.bazel"]).rediscovered)
        #expect(names() == ["Core", "Feature"])
        // The macro now names its modules differently: every BUILD file that loads it changes.
        try folder.write("defs.bzl", "def lib(name):\n    swift_library(name = name + \"Lib\", module_name = name, srcs = native.glob([name + \"/*.swift\"]))\n")
        #expect(session.refresh(changed: ["defs.bzl"]).rediscovered)
        #expect(names() == ["CoreLib", "FeatureLib"])
        #expect(session.result.namedEdges.contains { $0.from == "FeatureLib" && $0.to == "CoreLib" && $0.edge.imported })
    }

    /// swift-syntax's tests are a `swift_test` and a `swift_library` of one module name and
    /// the same files: one module, which a dependency on either reaches.
    @Test func twoTargetsOfOneModuleNameAndTheSameFilesAreOneModule() throws {
        let folder = try TemporaryDirectory()
        try folder.write("MODULE.bazel", "")
        try folder.write("BUILD.bazel", """
            swift_test(name = "KitTests", module_name = "KitTests", srcs = glob(["Tests/*.swift"]))
            swift_library(name = "KitTests.library", module_name = "KitTests", srcs = glob(["Tests/*.swift"]))
            swift_library(name = "Helpers", srcs = ["Helpers.swift"], deps = [":KitTests.library", ":Legacy_cxx"])
            objc_library(name = "Legacy", module_name = "LegacyKit", srcs = ["Legacy.m"])
            objc_library(name = "Legacy_cxx", module_name = "LegacyKit", srcs = ["Legacy.mm"])
            """)
        try folder.write("Tests/KitTests.swift", "public struct KitTests {}\n")
        try folder.write("Helpers.swift", "import KitTests\nimport LegacyKit\n")
        try folder.write("Legacy.m", "")
        try folder.write("Legacy.mm", "")
        let result = try Pipeline.run(.init(path: folder.path, cacheDirectory: nil)).result
        #expect(result.modules.map(\.module.name) == ["Helpers", "KitTests", "Legacy", "Legacy_cxx"])
        #expect(result.modules[1].module.alsoDeclaredIn == [Location(file: "BUILD.bazel", line: 2)])
        // Of two modules of one name (PodToBUILD's library and its `_cxx`), the one declared.
        #expect(result.namedEdges.map { "\($0.from)->\($0.to) \($0.edge.declared) \($0.edge.imported)" } == [
            "Helpers->KitTests true true", "Helpers->Legacy_cxx true true",
        ])
    }

    /// rules_ios' `apple_framework` and rules_swift's `mixed_language_library` make one module
    /// of a `swift_library` and an `objc_library` of one `module_name`: an import of it loads
    /// both, so a module declaring both imports both, and neither is an unused dependency.
    @Test func anImportLoadsEveryDeclaredPartOfAMixedModule() throws {
        let folder = try TemporaryDirectory()
        try folder.write("MODULE.bazel", "")
        try folder.write("Kit/BUILD.bazel", """
            swift_library(name = "Kit_swift", module_name = "Kit", srcs = ["Kit.swift"], visibility = ["//visibility:public"])
            objc_library(name = "Kit_objc", module_name = "Kit", srcs = ["Kit.m"], hdrs = ["Kit.h"], visibility = ["//visibility:public"])
            """)
        try folder.write("BUILD.bazel", """
            swift_library(name = "App", srcs = ["App.swift"], deps = ["//Kit:Kit_swift", "//Kit:Kit_objc"])
            swift_library(name = "Widget", srcs = ["Widget.swift"], deps = ["//Kit:Kit_objc"])
            """)
        try folder.write("Kit/Kit.swift", "public struct Kit {}\n")
        try folder.write("Kit/Kit.m", "")
        try folder.write("Kit/Kit.h", "@interface KitObject\n@end\n")
        try folder.write("App.swift", "import Kit\n")
        try folder.write("Widget.swift", "import Kit\n")
        let result = try Pipeline.run(.init(path: folder.path, cacheDirectory: nil)).result
        #expect(result.namedEdges.map { "\($0.from)->\($0.to) \($0.edge.declared) \($0.edge.imported)" }.sorted() == [
            "App->Kit_objc true true", "App->Kit_swift true true", "Widget->Kit_objc true true",
        ])
        #expect(result.unusedDependencies.isEmpty, "\(result.unusedDependencies)")
    }

    /// rules_apple's per-platform copies of one module (`module_name = "BasicFramework"` in the
    /// ios, macos and watchos packages) share a file; the watchOS one adds its own: one module
    /// with every file, whose imports are all read.
    @Test func perPlatformTwinsOfOneModuleKeepEveryFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write("MODULE.bazel", "")
        try folder.write("Shared/Basic.swift", "public struct Basic {}\n")
        try folder.write("Shared/main.swift", "import Helpers\n")
        try folder.write("Helpers/Helpers.swift", "")
        try folder.write("Helpers/BUILD", "swift_library(name = \"Helpers\", module_name = \"Helpers\", srcs = [\"Helpers.swift\"])\n")
        try folder.write("Shared/BUILD", "exports_files([\"Basic.swift\", \"main.swift\"])\n")
        for platform in ["ios", "watchos"] {
            let sources = platform == "ios" ? "[\"//Shared:Basic.swift\"]" : "[\"//Shared:Basic.swift\", \"//Shared:main.swift\"]"
            try folder.write("\(platform)/BUILD", "swift_library(name = \"basic_framework_lib\", module_name = \"BasicFramework\", srcs = \(sources), deps = [\"//Helpers\"])\n")
        }
        let result = try Pipeline.run(.init(path: folder.path, cacheDirectory: nil)).result
        let basic = try #require(result.modules.first { $0.module.importName == "BasicFramework" })
        #expect(result.modules.count == 2)
        #expect(basic.module.files == 2 && basic.module.imports.map(\.evidence.file) == ["Shared/main.swift"])
        #expect(basic.module.alsoDeclaredIn == [Location(file: "watchos/BUILD", line: 1)])
        #expect(result.namedEdges.map { "\($0.from)->\($0.to) \($0.edge.declared) \($0.edge.imported)" } == ["basic_framework_lib->Helpers true true"])
    }

    /// A macro changed in a .bzl file: the modules whose declaration it changed are affected.
    @Test func aMacroChangeAffectsTheModulesItRedeclares() throws {
        let folder = try TemporaryDirectory()
        let git = { (arguments: [String]) throws in
            let done = try run("/usr/bin/git", ["-c", "user.name=Strata", "-c", "user.email=strata@example.com"] + arguments, in: folder.path)
            #expect(done.status == 0, "\(done.all)")
        }
        try folder.write("MODULE.bazel", "module(name = \"lab\")\n")
        try folder.write("defs.bzl", "def lib(name, deps = []):\n    swift_library(name = name, module_name = name, srcs = native.glob([name + \"/*.swift\"]), deps = deps)\n")
        try folder.write("BUILD.bazel", "load(\":defs.bzl\", \"lib\")\n\nlib(name = \"Core\")\n\nlib(name = \"Feature\", deps = [\":Core\"])\n\nlib(name = \"App\", deps = [\":Feature\"])\n\nswift_library(name = \"AppTestsLib\", testonly = True, srcs = glob([\"AppTests/*.swift\"]), deps = [\":App\"])\n\nios_unit_test(name = \"AppTests\", deps = [\":AppTestsLib\"])\n")
        try folder.write("AppTests/AppTests.swift", "import App\n")
        try folder.write("Core/Core.swift", "public struct Core {}\n")
        try folder.write("Feature/Feature.swift", "import Core\n")
        try folder.write("App/App.swift", "import Feature\n")
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-qm", "c0"])
        try folder.write("defs.bzl", "def lib(name, deps = []):\n    swift_library(name = name, module_name = name, srcs = native.glob([name + \"/*.swift\"]), deps = deps + ([\":Core\"] if name == \"App\" else []))\n")
        try git(["commit", "-qam", "c1"])
        let answer = try AffectedAnalysis.run(.init(.init(repository: folder.path, cacheDirectory: nil), base: "HEAD~1", head: "HEAD")).affected
        #expect(answer.changes.map(\.modules) == [["App"]])
        #expect(answer.modules.map(\.name) == ["App", "AppTests", "AppTestsLib"])
        #expect(answer.tests == ["AppTests", "AppTestsLib"])
        // What `bazel test` runs: the test rule, not the testonly library holding its code.
        #expect(try AffectedFormat.bazel.text(for: answer) == "//:AppTests\n")
    }

    @Test func theStarlarkFixturesAreAnalyzedToo() throws {
        let fixtures = repositoryRoot + "/Tests/Fixtures/Bazel"
        let app = try Pipeline.run(.init(path: fixtures + "/AppWorkspace", cacheDirectory: nil)).result
        let appModules = Dictionary(uniqueKeysWithValues: app.modules.map { ($0.module.name, $0.module) })
        #expect(appModules["Core"]?.files == 3)
        #expect(appModules["Feature"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["Core", "Legacy"])
        #expect(appModules["AppSources"]?.importName == "App")
        #expect(appModules["App"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["AppSources", "WidgetExtension"])
        let lab = try Pipeline.run(.init(path: fixtures + "/MacroLab", cacheDirectory: nil)).result
        let labModules = Dictionary(uniqueKeysWithValues: lab.modules.map { ($0.module.name, $0.module) })
        #expect(labModules["profile_lib"]?.importName == "Profile")
        #expect(labModules["profile_tests"]?.importName == "Features_Profile_profile_tests")
        #expect(labModules["SearchUI"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["SearchIndex"])
        // rules_pkg's `pkg_files` named in `srcs` (player-ui's `ios_pipeline`; `pkg_filegroup`s of
        // them) stand for their files, as a filegroup does, and make no module of their own; the
        // generated resource shim beside them is not read.
        #expect(labModules["BeaconPlugin"]?.files == 2)
        #expect(labModules["MetricsPlugin"]?.files == 3)
        #expect(labModules["MetricsPlugin"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["BeaconPlugin"])
        #expect(lab.warnings.map(\.message).contains("sources that name targets or generated files (:BeaconPluginResourceShim) are not read"))
        // The company's rule set, vendored and named by `local_path_override` under the name its
        // `bazel_dep` gives it (`@acme_rules`): its macro is evaluated, through a load relative
        // to its own repository (`//swift/private:library.bzl`, `:naming.bzl`), and makes the
        // library and its test; rules_swift, which it loads, stays the stub Strata reads by name.
        #expect(labModules["share"]?.importName == "AcmeShare")
        #expect(labModules["shareTests"]?.dependencies.compactMap(\.modules).flatMap { $0 } == ["share"])
        #expect(labModules["shareTests"]?.kind == .test)
        #expect(lab.modules.count == 12)
        #expect(lab.warnings.contains {
            $0.file == "MODULE.bazel" && $0.isNote && $0.message == "macros of other repositories read: @acme_rules from third_party/company_rules"
        })

        // Telegram-iOS' shape: variables of a generated repository, a watch app's `extension`,
        // `watch_application` and `extensions` behind selects, frameworks, genrule headers.
        let messenger = try Pipeline.run(.init(path: fixtures + "/Messenger", cacheDirectory: nil)).result
        let modules = Dictionary(uniqueKeysWithValues: messenger.modules.map { ($0.module.name, $0.module) })
        func dependencies(_ name: String) -> [String] { modules[name]?.dependencies.compactMap(\.modules).flatMap { $0 } ?? [] }
        #expect(messenger.modules.count == 20)
        #expect(dependencies("Telegram") == [
            "Main", "Lib", "NotificationServiceExtension", "BroadcastUploadExtension", "TelegramWatchApp", "SwiftSignalKitFramework",
            "TelegramUIFramework",
        ])
        #expect(dependencies("TelegramWatchApp") == ["TelegramWatchExtension"])
        #expect(dependencies("Lib") == ["TelegramUI", "AccountContext", "_LocalDebugOptions"])
        #expect(modules["Lib"]?.importName == "Telegram_Lib")
        #expect(modules["TelegramUI"]?.files == 1)
        #expect(modules["TelegramUIFramework"]?.linkage.kind == .dynamic)
        #expect(messenger.warnings.allSatisfy { $0.isNote }, "\(messenger.warnings)")
        #expect(messenger.edges.filter(\.imported).count == 18)
        // rules_apple links a library into the `frameworks` that carry it, not again into the
        // app or extension that lists them (`avoid_deps`), through frameworks of frameworks too:
        // SwiftSignalKit only in its framework, TelegramUI only in TelegramUIFramework.
        func links(_ name: String) -> [String] { modules[name]?.links.map(\.target) ?? [] }
        #expect(links("SwiftSignalKitFramework") == ["SwiftSignalKit"])
        #expect(links("TelegramUIFramework").contains("TelegramUI") && !links("TelegramUIFramework").contains("SwiftSignalKit"))
        #expect(links("Telegram").allSatisfy { !links("TelegramUIFramework").contains($0) } && links("Telegram").contains("Lib"))
        #expect(links("BroadcastUploadExtension") == ["BroadcastUploadExtensionLib"], "BuildConfig comes with TelegramUI")
        #expect(modules["Telegram"]?.dependencies.filter { $0.avoidsLinking == true }.map(\.name) == ["SwiftSignalKitFramework", "TelegramUIFramework"])
    }
}
