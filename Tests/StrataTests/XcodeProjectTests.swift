import Foundation
import StrataDiscovery
import StrataModel
import StrataPropertyList
import StrataSourceTree
import Testing

/// A pbxproj written from a list of objects, as Xcode lays it out (one object per entry).
struct ProjectFile {
    var objects: [(id: String, body: String)] = []

    mutating func add(_ id: String, _ body: String) {
        objects.append((id, body))
    }

    var text: String {
        var lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tobjectVersion = 77;", "\tobjects = {"]
        for object in objects { lines.append("\t\t\(object.id) = {\(object.body)};") }
        lines += ["\t};", "\trootObject = PROJECT;", "}"]
        return lines.joined(separator: "\n")
    }

    /// The line of an object's `id = {` (the evidence line of a target).
    func line(of id: String) -> Int {
        5 + 1 + (objects.firstIndex { $0.id == id } ?? -100)
    }

    /// The project object and its (empty) configuration list.
    mutating func project(targets: [String], mainGroup: String, packages: [String] = [], settings: String = "") {
        add("PROJECT", "isa = PBXProject; buildConfigurationList = PROJECTLIST; mainGroup = \(mainGroup); packageReferences = (\(packages.map { $0 + ", " }.joined())); projectDirPath = \"\"; targets = (\(targets.map { $0 + ", " }.joined()));")
        add("PROJECTLIST", "isa = XCConfigurationList; buildConfigurations = (PROJECTRELEASE, ); defaultConfigurationName = Release;")
        add("PROJECTRELEASE", "isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release;")
    }

    /// A native target with one Release configuration.
    mutating func target(
        _ id: String, name: String, type: String, phases: [String] = [], dependencies: [String] = [],
        synchronized: [String] = [], packages: [String] = [], settings: String = "", product: String? = nil
    ) {
        func list(_ ids: [String]) -> String { "(" + ids.map { $0 + ", " }.joined() + ")" }
        add(id, """
            isa = PBXNativeTarget; buildConfigurationList = \(id)LIST; buildPhases = \(list(phases)); \
            dependencies = \(list(dependencies)); fileSystemSynchronizedGroups = \(list(synchronized)); name = \(name); \
            packageProductDependencies = \(list(packages)); \(product.map { "productReference = \($0); " } ?? "")\
            productType = "com.apple.product-type.\(type)";
            """)
        add(id + "LIST", "isa = XCConfigurationList; buildConfigurations = (\(id)DEBUG, \(id)RELEASE, ); defaultConfigurationName = Release;")
        add(id + "DEBUG", "isa = XCBuildConfiguration; buildSettings = {}; name = Debug;")
        add(id + "RELEASE", "isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release;")
    }
}

@Suite struct XcodeProjectTests {
    func discover(_ files: [String: String]) throws -> Discovery {
        let tree = MemoryTree(files)
        return Discoverer(tree: tree).discover(files: try tree.files())
    }

    func module(_ discovery: Discovery, _ name: String) throws -> DiscoveredModule {
        try #require(discovery.modules.first { $0.name == name })
    }

    /// A local pod with its own Xcode project listing only some of its files: the Podfile
    /// pulls it in by `:path`, so the podspec's `source_files` decide, and the project is the
    /// second declaration.
    @Test func aPodFromAFolderTakesItsFilesFromThePodspecNotItsProject() throws {
        var project = ProjectFile()
        project.project(targets: ["KIT"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (A, B, ); path = Sources; sourceTree = \"<group>\";")
        project.add("A", "isa = PBXFileReference; path = A.swift; sourceTree = \"<group>\";")
        project.add("B", "isa = PBXFileReference; path = B.swift; sourceTree = \"<group>\";")
        project.add("KITSOURCES", "isa = PBXSourcesBuildPhase; files = (BA, BB, );")
        project.add("BA", "isa = PBXBuildFile; fileRef = A;")
        project.add("BB", "isa = PBXBuildFile; fileRef = B;")
        project.target("KIT", name: "PaymentKit", type: "framework", phases: ["KITSOURCES"])
        var files = [
            "PaymentKit/PaymentKit.xcodeproj/project.pbxproj": project.text,
            "PaymentKit/PaymentKit.podspec": """
                Pod::Spec.new do |s|
                  s.name = 'PaymentKit'
                  s.version = '1.0.0'
                  s.source_files = 'Sources/**/*.swift'
                end
                """,
            "PaymentKit/Sources/A.swift": "", "PaymentKit/Sources/B.swift": "",
            "PaymentKit/Sources/Cards/C.swift": "", "PaymentKit/Sources/Cards/D.swift": "",
        ]
        let alone = try module(try discover(files), "PaymentKit")
        #expect(alone.system == .xcode)
        #expect(alone.sourceFiles.count == 2)
        files["Podfile"] = "platform :ios, '16.0'\ntarget 'Shop' do\n  pod 'PaymentKit', :path => 'PaymentKit'\nend\n"
        let discovery = try discover(files)
        let kit = try module(discovery, "PaymentKit")
        #expect(kit.system == .cocoapods)
        #expect(kit.sourceFiles == [
            "PaymentKit/Sources/A.swift", "PaymentKit/Sources/B.swift", "PaymentKit/Sources/Cards/C.swift", "PaymentKit/Sources/Cards/D.swift",
        ])
        #expect(kit.alsoDeclaredIn.map(\.file) == ["PaymentKit/PaymentKit.xcodeproj/project.pbxproj"])
    }

    @Test func resolvesSourcePathsThroughGroupsAndSourceTrees() throws {
        var project = ProjectFile()
        project.project(targets: ["APP", "KIT"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (CORE, SHARED, VENDOR, MISSING, ); sourceTree = \"<group>\";")
        project.add("CORE", "isa = PBXGroup; children = (VIEWS, MODEL, ); path = Core; sourceTree = \"<group>\";")
        project.add("VIEWS", "isa = PBXGroup; children = (BUTTON, ); name = Views; sourceTree = \"<group>\";")
        project.add("BUTTON", "isa = PBXFileReference; path = Button.swift; sourceTree = \"<group>\";")
        project.add("MODEL", "isa = PBXFileReference; path = Model/User.swift; sourceTree = \"<group>\";")
        project.add("SHARED", "isa = PBXFileReference; name = Log.swift; path = Shared/Log.swift; sourceTree = SOURCE_ROOT;")
        project.add("VENDOR", "isa = PBXFileReference; path = ../Vendor/Zip.swift; sourceTree = \"<group>\";")
        project.add("MISSING", "isa = PBXFileReference; path = Gone.swift; sourceTree = \"<group>\";")
        project.add("APPSOURCES", "isa = PBXSourcesBuildPhase; files = (B1, B2, B4, );")
        project.add("KITSOURCES", "isa = PBXSourcesBuildPhase; files = (B3, );")
        project.add("B1", "isa = PBXBuildFile; fileRef = BUTTON;")
        project.add("B2", "isa = PBXBuildFile; fileRef = MODEL;")
        project.add("B3", "isa = PBXBuildFile; fileRef = VENDOR;")
        project.add("B4", "isa = PBXBuildFile; fileRef = MISSING;")
        project.target("APP", name: "Wallet", type: "application", phases: ["APPSOURCES"], settings: #"PRODUCT_NAME = "$(TARGET_NAME)";"#)
        project.target(
            "KIT", name: "ZipKit", type: "framework", phases: ["KITSOURCES"],
            settings: #"PRODUCT_NAME = "Zip Kit"; PRODUCT_MODULE_NAME = "$(PRODUCT_NAME:c99extidentifier)";"#)
        let discovery = try discover([
            "App/App.xcodeproj/project.pbxproj": project.text,
            "App/Core/Button.swift": "", "App/Core/Model/User.swift": "", "App/Shared/Log.swift": "",
            "Vendor/Zip.swift": "",
        ])
        let wallet = try module(discovery, "Wallet")
        #expect(wallet.sourceFiles == ["App/Core/Button.swift", "App/Core/Model/User.swift"])
        #expect(wallet.path == "App/Core")
        #expect(wallet.kind == .app)
        #expect(wallet.system == .xcode)
        #expect(wallet.product == "com.apple.product-type.application")
        #expect(wallet.importName == "Wallet")
        #expect(wallet.manifest == Location(file: "App/App.xcodeproj/project.pbxproj", line: project.line(of: "APP")))
        let kit = try module(discovery, "ZipKit")
        #expect(kit.sourceFiles == ["Vendor/Zip.swift"])
        #expect(kit.importName == "Zip_Kit")
        #expect(discovery.packages.map(\.manifest) == ["App/App.xcodeproj/project.pbxproj"])
        #expect(discovery.diagnostics.map(\.message) == [
            "target Wallet compiles 1 Swift file(s) that are not in the repository (App/Gone.swift); they are not analyzed",
        ])
    }

    @Test func aSourceRootFileIsFoundRelativeToTheProjectFolder() throws {
        var project = ProjectFile()
        project.project(targets: ["APP"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (LOG, ); sourceTree = \"<group>\";")
        project.add("LOG", "isa = PBXFileReference; path = Shared/Log.swift; sourceTree = SOURCE_ROOT;")
        project.add("SOURCES", "isa = PBXSourcesBuildPhase; files = (B1, );")
        project.add("B1", "isa = PBXBuildFile; fileRef = LOG;")
        project.target("APP", name: "Logger", type: "tool", phases: ["SOURCES"])
        let discovery = try discover(["Tools/Logger.xcodeproj/project.pbxproj": project.text, "Tools/Shared/Log.swift": ""])
        let logger = try module(discovery, "Logger")
        #expect(logger.sourceFiles == ["Tools/Shared/Log.swift"])
        #expect(logger.kind == .executable)
        #expect(logger.linkage.kind == .executable)
    }

    @Test func synchronizedFolderExceptionsChangeOnlyTheTargetTheyName() throws {
        var project = ProjectFile()
        project.project(targets: ["APP", "WIDGET"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (APPFOLDER, SHAREDFOLDER, ); sourceTree = \"<group>\";")
        project.add("APPFOLDER", "isa = PBXFileSystemSynchronizedRootGroup; exceptions = (APPEXCEPTIONS, ); path = App; sourceTree = \"<group>\";")
        project.add("SHAREDFOLDER", "isa = PBXFileSystemSynchronizedRootGroup; exceptions = (WIDGETEXCEPTIONS, ); path = Shared; sourceTree = \"<group>\";")
        project.add("APPEXCEPTIONS", "isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Debug/DebugMenu.swift, Legacy, ); target = APP;")
        project.add("WIDGETEXCEPTIONS", "isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Formatter.swift, ); target = WIDGET;")
        project.target("APP", name: "Wallet", type: "application", synchronized: ["APPFOLDER", "SHAREDFOLDER"])
        project.target("WIDGET", name: "WalletWidget", type: "app-extension", synchronized: ["APPFOLDER"])
        let discovery = try discover([
            "Wallet.xcodeproj/project.pbxproj": project.text,
            "App/WalletApp.swift": "", "App/Debug/DebugMenu.swift": "", "App/Legacy/Old.swift": "", "App/Info.plist": "",
            "Shared/Formatter.swift": "", "Shared/Colors.swift": "",
        ])
        let app = try module(discovery, "Wallet")
        #expect(app.sourceFiles == ["App/WalletApp.swift", "Shared/Colors.swift", "Shared/Formatter.swift"])
        #expect(app.path == "")
        let widget = try module(discovery, "WalletWidget")
        #expect(widget.sourceFiles == ["App/Debug/DebugMenu.swift", "App/Legacy/Old.swift", "App/WalletApp.swift", "Shared/Formatter.swift"])
        #expect(widget.kind == .app)
        #expect(discovery.diagnostics.isEmpty)
    }

    @Test func machOTypeOverridesTheProductTypeWithTheLineThatSetsIt() throws {
        var project = ProjectFile()
        project.project(targets: ["STATIC", "DYNAMIC", "CONFIGURED", "BUNDLE"], mainGroup: "MAIN", settings: "MACH_O_TYPE = mh_dylib;")
        project.add("MAIN", "isa = PBXGroup; children = (XCCONFIG, ); sourceTree = \"<group>\";")
        project.add("XCCONFIG", "isa = PBXFileReference; path = Configs/Kit.xcconfig; sourceTree = \"<group>\";")
        project.target("STATIC", name: "DesignKit", type: "framework", settings: "MACH_O_TYPE = staticlib;")
        project.target("DYNAMIC", name: "Network", type: "framework", settings: "MACH_O_TYPE = \"$(inherited)\";")
        project.target("CONFIGURED", name: "Storage", type: "framework")
        project.target("BUNDLE", name: "Resources", type: "bundle", settings: "MACH_O_TYPE = \"$(UNKNOWN_SETTING)\";")
        // Storage's Release configuration is based on an xcconfig that makes it static.
        var text = project.text
        text = text.replacingOccurrences(
            of: "CONFIGUREDRELEASE = {isa = XCBuildConfiguration;",
            with: "CONFIGUREDRELEASE = {isa = XCBuildConfiguration; baseConfigurationReference = XCCONFIG;")
        let pbxproj = "Kit.xcodeproj/project.pbxproj"
        let discovery = try discover([
            pbxproj: text,
            "Configs/Kit.xcconfig": "// Storage\n#include \"Base.xcconfig\"\nMACH_O_TYPE = staticlib // linked into each feature\n",
            "Configs/Base.xcconfig": "MACH_O_TYPE = mh_dylib\n",
        ])
        let releaseLine = { (id: String) in project.line(of: id + "RELEASE") }
        #expect(try module(discovery, "DesignKit").linkage == Linkage(
            .static, evidence: Location(file: pbxproj, line: releaseLine("STATIC")), reason: "MACH_O_TYPE = staticlib"))
        // `$(inherited)` passes to the project's setting.
        #expect(try module(discovery, "Network").linkage == Linkage(
            .dynamic, evidence: Location(file: pbxproj, line: project.line(of: "PROJECTRELEASE")), reason: "MACH_O_TYPE = mh_dylib"))
        #expect(try module(discovery, "Storage").linkage == Linkage(
            .static, evidence: Location(file: "Configs/Kit.xcconfig", line: 3), reason: "MACH_O_TYPE = staticlib"))
        let resources = try module(discovery, "Resources")
        #expect(resources.kind == .bundle)
        #expect(resources.linkage.kind == .unknown)
        #expect(discovery.diagnostics.map(\.message) == [
            "target Resources: MACH_O_TYPE = $(UNKNOWN_SETTING) is not understood; linkage taken from the product type",
        ])
    }

    @Test func aFrameworkWithoutMachOTypeIsDynamicByItsProductType() throws {
        var project = ProjectFile()
        project.project(targets: ["KIT", "LIB", "TESTS"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (); sourceTree = \"<group>\";")
        project.target("KIT", name: "Kit", type: "framework")
        project.target("LIB", name: "Legacy", type: "library.static")
        project.target("TESTS", name: "KitTests", type: "bundle.unit-test")
        let discovery = try discover(["Kit.xcodeproj/project.pbxproj": project.text])
        let kit = try module(discovery, "Kit")
        #expect(kit.linkage.kind == .dynamic)
        #expect(kit.linkage.reason == "productType framework")
        #expect(kit.linkage.evidence?.line == project.line(of: "KIT"))
        #expect(try module(discovery, "Legacy").linkage.kind == .static)
        #expect(try module(discovery, "KitTests").kind == .test)
        #expect(try module(discovery, "KitTests").linkage.kind == .executable)
    }

    @Test func readsTargetPackageSdkBinaryAndCrossProjectDependencies() throws {
        var project = ProjectFile()
        project.project(targets: ["APP", "KIT", "LINT"], mainGroup: "MAIN", packages: ["REMOTE", "LOCAL"])
        project.add("MAIN", "isa = PBXGroup; children = (UIKIT, PODS, VENDOR, OTHERPROJECT, ); sourceTree = \"<group>\";")
        project.add("KITPRODUCT", "isa = PBXFileReference; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR;")
        project.add("UIKIT", "isa = PBXFileReference; name = UIKit.framework; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT;")
        project.add("PODS", "isa = PBXFileReference; path = Pods_Wallet.framework; sourceTree = BUILT_PRODUCTS_DIR;")
        project.add("VENDOR", "isa = PBXFileReference; path = Vendor/Crypto.xcframework; sourceTree = \"<group>\";")
        project.add("OTHERPROJECT", "isa = PBXFileReference; path = /Users/someone/src/Wallet/Analytics/Analytics.xcodeproj; sourceTree = \"<absolute>\";")
        project.add("FRAMEWORKS", "isa = PBXFrameworksBuildPhase; files = (F1, F2, F3, F4, F5, );")
        project.add("F1", "isa = PBXBuildFile; fileRef = KITPRODUCT;")
        project.add("F2", "isa = PBXBuildFile; fileRef = UIKIT;")
        project.add("F3", "isa = PBXBuildFile; fileRef = PODS;")
        project.add("F4", "isa = PBXBuildFile; fileRef = VENDOR;")
        project.add("F5", "isa = PBXBuildFile; productRef = COLLECTIONS;")
        project.add("DEPKIT", "isa = PBXTargetDependency; target = KIT; targetProxy = PROXYKIT;")
        project.add("PROXYKIT", "isa = PBXContainerItemProxy; containerPortal = PROJECT; proxyType = 1; remoteGlobalIDString = KIT; remoteInfo = Kit;")
        project.add("DEPLINT", "isa = PBXTargetDependency; target = LINT;")
        project.add("DEPANALYTICS", "isa = PBXTargetDependency; name = Analytics; targetProxy = PROXYANALYTICS;")
        project.add("PROXYANALYTICS", "isa = PBXContainerItemProxy; containerPortal = OTHERPROJECT; proxyType = 1; remoteGlobalIDString = X; remoteInfo = Analytics;")
        project.add("DEPPLUGIN", "isa = PBXTargetDependency; productRef = PLUGIN;")
        project.add("REMOTE", "isa = XCRemoteSwiftPackageReference; repositoryURL = \"https://github.com/apple/swift-collections.git\";")
        project.add("LOCAL", "isa = XCLocalSwiftPackageReference; relativePath = Packages/Networking;")
        project.add("COLLECTIONS", "isa = XCSwiftPackageProductDependency; package = REMOTE; productName = OrderedCollections;")
        project.add("NETWORKING", "isa = XCSwiftPackageProductDependency; package = LOCAL; productName = Networking;")
        project.add("PLUGIN", "isa = XCSwiftPackageProductDependency; package = REMOTE; productName = \"plugin:Lint\";")
        project.target(
            "APP", name: "Wallet", type: "application", phases: ["FRAMEWORKS"],
            dependencies: ["DEPKIT", "DEPLINT", "DEPANALYTICS", "DEPPLUGIN"], packages: ["COLLECTIONS", "NETWORKING"])
        project.target("KIT", name: "Kit", type: "framework", product: "KITPRODUCT")
        project.add("LINT", "isa = PBXAggregateTarget; name = Lint;")
        let pbxproj = "Wallet.xcodeproj/project.pbxproj"
        let discovery = try discover([
            pbxproj: project.text,
            "Analytics/Analytics.xcodeproj/project.pbxproj": "{ objects = { P = { isa = PBXProject; targets = (); }; }; rootObject = P; }",
        ])
        let wallet = try module(discovery, "Wallet")
        func at(_ id: String) -> Location { Location(file: pbxproj, line: project.line(of: id)) }
        // Entries of the target's lists are on the target's own line in this compact file.
        let targetLine = at("APP"), frameworksLine = at("FRAMEWORKS")
        #expect(wallet.dependencies == [
            DeclaredDependency(name: "Kit", kind: .target, evidence: targetLine),
            DeclaredDependency(name: "Analytics", kind: .project, package: "Analytics/Analytics.xcodeproj", evidence: targetLine),
            DeclaredDependency(name: "OrderedCollections", kind: .product, package: "swift-collections", evidence: targetLine),
            DeclaredDependency(name: "Networking", kind: .product, package: "Networking", evidence: targetLine),
            DeclaredDependency(name: "UIKit", kind: .sdk, evidence: frameworksLine),
            DeclaredDependency(name: "Crypto", kind: .binary, evidence: frameworksLine),
        ])
        #expect(!discovery.modules.contains { $0.name == "Lint" })
        let info = try #require(discovery.packages.first { $0.manifest == pbxproj })
        #expect(info.remoteDependencies == ["swift-collections"])
        #expect(info.localDependencies == ["Networking"])
    }

    @Test func namesAnExampleAppAndReadsAModuleNameThatDiffersFromTheTarget() throws {
        var project = ProjectFile()
        project.project(targets: ["DEMO", "SHARED"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (); sourceTree = \"<group>\";")
        project.target("DEMO", name: "CardsExample", type: "application")
        project.target("SHARED", name: "Shared-iOS", type: "framework", settings: "PRODUCT_NAME = Shared;")
        let discovery = try discover(["Demo.xcodeproj/project.pbxproj": project.text])
        #expect(try module(discovery, "CardsExample").kind == .example)
        #expect(try module(discovery, "Shared-iOS").importName == "Shared")
    }

    @Test func aMalformedProjectBecomesAWarningWithItsLine() throws {
        let discovery = try discover([
            "Broken.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tobjects = {\n<<<<<<< HEAD\n\t\tA = {isa = PBXGroup;};\n",
            "NoRoot.xcodeproj/project.pbxproj": "{\n\tobjects = {\n\t};\n}\n",
        ])
        #expect(discovery.modules.isEmpty)
        #expect(discovery.diagnostics.map { "\($0.file):\($0.line ?? 0)" } == [
            "Broken.xcodeproj/project.pbxproj:4", "NoRoot.xcodeproj/project.pbxproj:1",
        ])
        #expect(discovery.diagnostics[0].message.hasPrefix("project.pbxproj not read: unexpected '<'"))
    }

    @Test func skipsProjectsTuistGeneratesAndCocoaPodsProjects() throws {
        var project = ProjectFile()
        project.project(targets: ["APP"], mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (); sourceTree = \"<group>\";")
        project.target("APP", name: "Wallet", type: "application")
        let files = ["App/Project.swift", "App/Wallet.xcodeproj/project.pbxproj"]
        let tree = MemoryTree([files[0]: "", files[1]: project.text])
        #expect(try XcodeProjectReader.read(path: files[1], tree: tree, files: files).isEmpty)
        #expect(!XcodeProjectReader.accepts("Pods/Pods.xcodeproj/project.pbxproj"))
        #expect(!XcodeProjectReader.accepts("App/Pods/Pods.xcodeproj/project.pbxproj"))
        #expect(XcodeProjectReader.accepts("App/Wallet.xcodeproj/project.pbxproj"))
    }

    @Test func aWorkspaceWarnsAboutAProjectMissingFromTheRepository() throws {
        let workspace = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:App/Wallet.xcodeproj">
               </FileRef>
               <Group
                  location = "container:Features"
                  name = "Features">
                  <FileRef
                     location = "group:Cards/Cards.xcodeproj">
                  </FileRef>
               </Group>
               <FileRef location = "group:Pods/Pods.xcodeproj"/>
               <FileRef location = "group:Generated.xcodeproj"/>
            </Workspace>
            """
        let discovery = try discover([
            "Wallet.xcworkspace/contents.xcworkspacedata": workspace,
            "App/Wallet.xcodeproj/project.pbxproj": "{ objects = { P = { isa = PBXProject; targets = (); }; }; rootObject = P; }",
            "App/Wallet.xcodeproj/project.xcworkspace/contents.xcworkspacedata": #"<Workspace><FileRef location = "self:"></FileRef></Workspace>"#,
        ])
        #expect(discovery.diagnostics.map { "\($0.file):\($0.line ?? 0) \($0.message)" } == [
            "Wallet.xcworkspace/contents.xcworkspacedata:10 the workspace lists Features/Cards/Cards.xcodeproj, which is not in the repository (not committed, or generated); its targets are not analyzed",
            "Wallet.xcworkspace/contents.xcworkspacedata:15 the workspace lists Generated.xcodeproj, which is not in the repository (not committed, or generated); its targets are not analyzed",
        ])
        #expect(discovery.packages.map(\.manifest) == ["App/Wallet.xcodeproj/project.pbxproj"])
    }

    @Test func readsABigProjectQuickly() throws {
        // About 2 MB: 400 targets of 25 files each, in Xcode's layout.
        var project = ProjectFile()
        var targets: [String] = [], groups: [String] = []
        for target in 0..<400 {
            var buildFiles: [String] = [], references: [String] = []
            for file in 0..<25 {
                let id = String(format: "%08X%08X0000AAAA", target, file)
                project.add("B" + id, "isa = PBXBuildFile; fileRef = F\(id) /* File\(file).swift */;")
                project.add("F" + id, "isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = File\(file).swift; sourceTree = \"<group>\";")
                buildFiles.append("B" + id)
                references.append("F" + id)
            }
            let group = "G\(target)"
            project.add(group, "isa = PBXGroup; children = (\(references.map { $0 + ", " }.joined())); path = Module\(target); sourceTree = \"<group>\";")
            project.add("S\(target)", "isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (\(buildFiles.map { $0 + " /* in Sources */, " }.joined())); runOnlyForDeploymentPostprocessing = 0;")
            project.target("T\(target)", name: "Module\(target)", type: "framework", phases: ["S\(target)"], settings: "PRODUCT_NAME = \"$(TARGET_NAME)\"; SWIFT_VERSION = 6.0;")
            targets.append("T\(target)")
            groups.append(group)
        }
        project.project(targets: targets, mainGroup: "MAIN")
        project.add("MAIN", "isa = PBXGroup; children = (\(groups.map { $0 + ", " }.joined())); sourceTree = \"<group>\";")
        let bytes = Array(project.text.utf8)
        #expect(bytes.count > 1_500_000)
        let clock = ContinuousClock()
        var manifest: Manifest?
        let elapsed = clock.measure {
            manifest = XcodeProjectReader.read(bytes, path: "Big.xcodeproj/project.pbxproj", tree: MemoryTree([:]), files: [])
        }
        #expect(manifest?.targets.count == 400)
        // Debug builds on a small CI machine; a release build reads it in a fraction of this.
        #expect(elapsed < .seconds(10))
    }
}
