import StrataDiscovery
import StrataModel
import StrataSourceTree
import Testing

/// Podspec reading: one module per pod, whatever Ruby the podspec is written in.
@Suite struct PodspecReaderTests {
    func read(_ text: String, path: String = "Pods/Kit/Kit.podspec", files: [String] = []) -> Manifest {
        PodspecReader.read(Array(text.utf8), path: path, files: files)
    }

    func discover(_ files: [String: String]) throws -> Discovery {
        let tree = MemoryTree(files)
        return Discoverer(tree: tree).discover(files: try tree.files())
    }

    /// Found by the fuzzer: a helper calling itself five times hung the reader (5^32 calls
    /// within the depth bound). A helper that calls itself is stopped with a warning.
    @Test func aHelperThatCallsItselfIsStoppedNotRunForever() {
        let start = ContinuousClock.now
        let manifest = PodfileReader.read(Array("""
            def scene_pods
            scene_pods
            scene_pods
            scene_pods
            scene_pods
            scene_pods
              pod 'LoginScene', :path => '../Scene/LoginScene'
            end
            def ping
              pong
            end
            def pong
              ping
            end
            target 'App' do
              scene_pods
              ping
            end
            """.utf8), path: "App/Podfile", rootName: "Repo")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(manifest.targets.first { $0.name == "App" }?.dependencies.map(\.name) == ["LoginScene"])
        #expect(manifest.diagnostics.map(\.message).contains("`scene_pods` calls itself; stopped"))
        #expect(manifest.diagnostics.map(\.message).contains("`ping` calls itself; stopped"))
    }

    /// Whatever its shape, a script runs at most 100,000 statements (the fuzzer's Podfile:
    /// a helper calling itself on 4,000 lines, called in a loop, took 1 s, and 7 s at 16,000).
    @Test func aScriptRunsABoundedNumberOfStatements() {
        let loop = "%w[" + (0..<400).map { "a\($0)" }.joined(separator: " ") + "].each do |x|\n  each_line\nend\n"
        let body = String(repeating: "  each_line\n", count: 400)
        let source = "def each_line\n" + body + "end\n" + loop + "target 'App' do\n  pod 'Kit'\nend\n"
        let manifest = PodfileReader.read(Array(source.utf8), path: "Podfile", rootName: "Repo")
        let messages = manifest.diagnostics.map(\.message)
        #expect(messages.contains("more than 100000 statements run; the rest was not read"), "\(messages.prefix(3))")
        #expect(manifest.targets.isEmpty)  // the rest, `target 'App'` included, was not run
    }

    @Test func mergesSubspecsIntoOneModuleWithoutDependenciesOnItsOwnSubspecs() throws {
        let discovery = try discover([
            "Module/Dependencies/Dependencies.podspec": """
                Pod::Spec.new do |spec|
                  spec.name = 'Dependencies'
                  spec.version = '1.0.5'
                  spec.default_subspec = :none

                  spec.subspec 'Core' do |core|
                    core.source_files = 'Sources/Core/**/*.swift'
                    core.dependency 'DIContainer', '~> 1.0.5'
                  end

                  spec.subspec 'Login' do |login|
                    login.source_files = 'Sources/Login/**/*.{h,m,swift}'
                    login.dependency "#{spec.name}/Core"
                    login.dependency 'DIContainer'

                    login.subspec 'Routing' do |routing|
                      routing.source_files = 'Sources/Routing/*.swift'
                      routing.dependency 'Router/Core', '2.0'
                    end
                  end
                end
                """,
            "Module/Dependencies/Sources/Core/Session.swift": "",
            "Module/Dependencies/Sources/Login/LoginDependency.swift": "",
            "Module/Dependencies/Sources/Routing/Route.swift": "",
            "Module/Dependencies/Sources/Other/Unlisted.swift": "",
        ])
        #expect(discovery.diagnostics.isEmpty)
        let module = try #require(discovery.modules.first)
        #expect(discovery.modules.count == 1)
        #expect(module.name == "Dependencies")
        #expect(module.system == .cocoapods)
        #expect(module.product == "pod")
        #expect(module.kind == .library)
        #expect(module.path == "Module/Dependencies/Sources")
        #expect(module.sourceFiles == [
            "Module/Dependencies/Sources/Core/Session.swift", "Module/Dependencies/Sources/Login/LoginDependency.swift",
            "Module/Dependencies/Sources/Routing/Route.swift",
        ])
        #expect(module.dependencies.map(\.name) == ["DIContainer", "Router/Core"])
        #expect(module.dependencies.map(\.kind) == [.pod, .pod])
        #expect(module.dependencies[0].evidence == Location(file: "Module/Dependencies/Dependencies.podspec", line: 8))
        #expect(module.dependencies[1].package == "Core")
    }

    @Test func aDefaultSubspecThatIsNotASubspecIsReported() {
        let manifest = read("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.default_subspecs = 'Core', 'Extras'
              s.subspec('Core') { |core| core.source_files = 'Core/*.swift' }
            end
            """)
        #expect(manifest.diagnostics.map(\.message) == ["default_subspec 'Extras' names no subspec of Kit"])
        #expect(manifest.diagnostics.map(\.line) == [3])
        guard case .globs(let include, _) = manifest.targets.first?.sources else {
            Issue.record("no globs")
            return
        }
        #expect(include == ["Pods/Kit/Core/*.swift"])
    }

    @Test func staticFrameworkDecidesTheLinkageWithItsLine() throws {
        let discovery = try discover([
            "DI/DI.podspec": """
                Pod::Spec.new do |s|
                  s.name = 'DI'
                  s.source_files = 'Sources/**/*.swift'

                  s.static_framework = true
                end
                """,
            "DI/Sources/Container.swift": "",
            "Net/Net.podspec": "Pod::Spec.new do |s|\n  s.name = 'Net'\n  s.source_files = 'Sources/*.swift'\nend\n",
            "Net/Sources/Client.swift": "",
        ])
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(byName["DI"]?.linkage == Linkage(.static, evidence: Location(file: "DI/DI.podspec", line: 5), reason: "s.static_framework = true"))
        // No Podfile decides Net's linkage.
        #expect(byName["Net"]?.linkage.kind == .unknown)
    }

    @Test func moduleNameDefaultsToThePodNameMadeAnIdentifier() {
        #expect(read("Pod::Spec.new do |s|\n  s.name = 'GRDB.swift'\n  s.module_name = 'GRDB'\nend").targets.first?.importName == "GRDB")
        #expect(read("Pod::Spec.new do |s|\n  s.name = 'CSV.swift'\nend").targets.first?.importName == "CSV_swift")
    }

    @Test func evaluatesLocalsInterpolationLoopsAndPlatformScopes() {
        let manifest = read(
            """
            require 'json'
            version = '2.1.0'.freeze
            core = 'Kit/Core'

            Pod::Spec.new do |s|
              s.name         = "Kit"
              s.version      = version
              s.summary      = <<~DESC
                Has `end`, `do |x|` and "quotes" in a heredoc.
              DESC
              s.source       = { git: "https://example.com/#{s.name}.git", :tag => "v#{s.version}" }
              s.source_files = %w[Sources/A Sources/B/*.swift]
              s.osx.source_files = "Sources/Mac/**/*.swift"

              %w[Alamofire Kingfisher].each do |name|
                s.dependency name, '~> 5.0'
              end
              [s.ios, s.tvos].each do |platform|
                platform.dependency "Lib#{s.version.to_s}"
              end
              s.ios.frameworks = 'UIKit', 'Photos'
              s.vendored_frameworks = 'Vendor/Analytics.xcframework'
            end
            """,
            files: ["Pods/Kit/Sources/A/One.swift", "Pods/Kit/Sources/B/Two.swift"])
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        let target = manifest.targets[0]
        guard case .globs(let include, _) = target.sources else {
            Issue.record("no globs")
            return
        }
        #expect(include == ["Pods/Kit/Sources/A/**", "Pods/Kit/Sources/B/*.swift", "Pods/Kit/Sources/Mac/**/*.swift"])
        #expect(target.dependencies.map(\.name) == ["Alamofire", "Kingfisher", "Lib2.1.0", "UIKit", "Photos", "Analytics"])
        #expect(target.dependencies.map(\.kind) == [.pod, .pod, .pod, .sdk, .sdk, .binary])
        #expect(target.dependencies.map(\.evidence.line) == [16, 16, 19, 21, 21, 22])
    }

    @Test func readsComputedPodspecsInTheReactNativeStyle() {
        let manifest = read(
            """
            require "json"
            package = JSON.parse(File.read(File.join(__dir__, "package.json")))
            source = { :git => 'https://example.com/rn.git' }
            source[:tag] = "v#{package['version']}"
            headers = { 'ImageHeaders' => 'Libraries/Image/*.h', 'TextHeaders' => 'Libraries/Text/*.swift' }

            Pod::Spec.new do |s|
              s.name = "RN"
              s.version = package['version']
              s.source = source
              s.subspec "Core" do |ss|
                ss.subspec "Default" do
                  # no block variable, nothing declared
                end
                ss.subspec "Views" do |sss|
                  sss.source_files  = "React/**/*.{m,swift}"
                  sss.exclude_files = "React/Legacy/*",
                                      "React/Fabric/*",
                  sss.private_header_files = "React/Cxx*/*.h"
                end
                headers.each do |name, files|
                  ss.subspec name do |sss|
                    sss.source_files = files
                    sss.dependency "RN/Core/Views"
                  end
                end
                ss.dependency "Folly", package['folly']
              end
            end
            """, path: "RN.podspec")
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Folly"])
        guard case .globs(let include, let exclude) = manifest.targets[0].sources else {
            Issue.record("no globs")
            return
        }
        #expect(include == ["React/**/*.{m,swift}", "Libraries/Text/*.swift"])
        // The trailing comma makes the next assignment part of the list, as in Ruby.
        #expect(exclude == ["React/Legacy/*", "React/Fabric/*", "React/Cxx*/*.h"])
    }

    @Test func testAndAppSpecsAreModulesOfTheirOwn() {
        let manifest = read("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.source_files = 'Sources/**/*.swift'
              s.test_spec 'Tests' do |t|
                t.source_files = 'Tests/**/*.swift'
                t.dependency 'Quick'
              end
              s.test_spec 'UITests' do |t|
                t.test_type = :ui
                t.source_files = 'UITests/**/*.swift'
              end
              s.app_spec do |app|
                app.source_files = 'Demo/**/*.swift'
              end
            end
            """)
        #expect(manifest.targets.map(\.name) == ["Kit", "Kit-Unit-Tests", "Kit-UI-UITests", "Kit-App"])
        #expect(manifest.targets.map(\.kind) == [.library, .test, .test, .example])
        #expect(manifest.targets[1].dependencies.map(\.name) == ["Kit", "Quick"])
        #expect(manifest.targets[1].linkage?.kind == .executable)
        #expect(manifest.targets[1].linkage?.evidence == Location(file: "Pods/Kit/Kit.podspec", line: 4))
        #expect(manifest.targets[0].dependencies.isEmpty)
    }

    @Test func readsTheJSONForm() {
        let manifest = read(
            """
            {
              "name": "Spectre",
              "version": "0.10.1",
              "module_name": "SpectreKit",
              "source_files": "Sources/**/*.swift",
              "dependencies": {
                "PathKit": [
                  "~> 1.0"
                ]
              },
              "static_framework": true,
              "ios": {
                "dependencies": { "UIKitHelpers": [] }
              },
              "subspecs": [
                {
                  "name": "Reporters",
                  "source_files": "Reporters/*.swift",
                  "dependencies": { "Spectre/Core": [], "Rainbow": [">= 3"] }
                }
              ],
              "testspecs": [
                { "name": "Tests", "test_type": "unit", "source_files": "Tests/*.swift" }
              ],
              "default_subspecs": "none",
              "license": { "type": "BSD", "file": null }
            }
            """, path: "Spectre.podspec.json")
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.name == "Spectre")
        #expect(manifest.targets.map(\.name) == ["Spectre", "Spectre-Unit-Tests"])
        let pod = manifest.targets[0]
        #expect(pod.importName == "SpectreKit")
        #expect(pod.dependencies.map(\.name) == ["PathKit", "UIKitHelpers", "Rainbow"])
        #expect(pod.dependencies.map(\.evidence.line) == [7, 13, 19])
        #expect(pod.linkage == Linkage(.static, evidence: Location(file: "Spectre.podspec.json", line: 11), reason: "\"static_framework\": true"))
        guard case .globs(let include, _) = pod.sources else {
            Issue.record("no globs")
            return
        }
        #expect(include == ["Sources/**/*.swift", "Reporters/*.swift"])
    }

    @Test func unknownRubyIsAWarningWithItsLineAndTheRestIsKept() {
        let manifest = read("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = File.read('VERSION').strip
              s.source = { :git => 'https://example.com/kit.git', :tag => s.version }
              s.source_files = Dir.glob('Sources/**/*.swift')
              if ENV['WITH_EXTRAS']
                s.dependency 'Extras'
              else
                s.dependency 'Basics'
              end
              class Helper; end
              s.dependency 'After', ~> '1.0'
              s.dependency 'Kept'
              while true do s.dependency 'Loop' end
            end
            """)
        #expect(manifest.targets.map(\.name) == ["Kit"])
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Basics", "Kept"])
        #expect(manifest.diagnostics.map(\.line) == [5, 6, 11, 12, 14])
        #expect(manifest.diagnostics[0].message.contains("source_files `Dir.glob(...)` cannot be evaluated"))
        #expect(manifest.diagnostics[1].message == "condition `ENV[\"WITH_EXTRAS\"]` cannot be evaluated; taken as false")
    }

    @Test func garbageAndNonUTF8PodspecsAreWarningsNotCrashes() throws {
        let garbage = PodspecReader.read([0xFF, 0xFE, 0x00, 0x7B, 0x22, 0x5B, 0x0A, 0xC3, 0x28, 0x7D, 0x7D, 0x65, 0x6E, 0x64], path: "Bad.podspec", files: [])
        #expect(garbage.targets.isEmpty)
        #expect(garbage.diagnostics.contains { $0.message.contains("no `Pod::Spec.new do |s| ... end` found") })

        let brokenJSON = PodspecReader.read(Array("{ \"name\": \"X\", ".utf8), path: "X.podspec.json", files: [])
        #expect(brokenJSON.targets.isEmpty)
        #expect(brokenJSON.diagnostics.map(\.message) == ["not understood (`}` missing); the podspec was not read"])

        // Latin-1 in an author's name is not UTF-8, and reads fine.
        var latin1 = Array("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.author = { 'Gwendal Rou".utf8)
        latin1 += [0xE9] + Array("' => 'g@example.com' }\n  s.source_files = 'Sources/*.swift'\nend\n".utf8)
        let manifest = PodspecReader.read(latin1, path: "Kit.podspec", files: [])
        #expect(manifest.diagnostics.isEmpty)
        #expect(manifest.targets.map(\.name) == ["Kit"])

        let unterminated = read("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.subspec 'Core' do |c|\n    c.source_files = 'x'\n")
        #expect(!unterminated.diagnostics.isEmpty)
    }
}

/// Podfile reading: targets, their pods, and the linkage `use_frameworks!` gives those pods.
@Suite struct PodfileReaderTests {
    func read(_ text: String, path: String = "App/Podfile") -> Manifest {
        PodfileReader.read(Array(text.utf8), path: path, rootName: "Repo")
    }

    func discover(_ files: [String: String]) throws -> Discovery {
        let tree = MemoryTree(files)
        return Discoverer(tree: tree).discover(files: try tree.files())
    }

    @Test func defGroupsNestedTargetsAndInheritance() {
        let manifest = read("""
            source 'https://github.com/example/Specs.git'
            source 'https://cdn.cocoapods.org/'
            platform :ios, '15.0'
            project 'App.xcodeproj'

            def network_pods
              pod 'Network', :path => '../Network'
            end

            def shared_pods
              network_pods
              pod 'Kingfisher', '~> 7.0'
            end

            abstract_target 'Shared' do
              shared_pods

              target 'App' do
                pod 'Auth/Login', :path => '../Auth'

                target 'AppTests' do
                  inherit! :search_paths
                  pod 'Quick'
                end

                target 'AppUITests' do
                  inherit! :none
                end

                target 'AppSnapshots' do
                  pod 'SnapshotTesting'
                end
              end
            end
            """)
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["App", "AppTests", "AppUITests", "AppSnapshots"])
        #expect(manifest.targets.map(\.kind) == [.app, .test, .test, .app])
        let pods = manifest.targets.map { $0.dependencies.map(\.name) }
        #expect(pods[0] == ["Auth/Login", "Network", "Kingfisher"])
        #expect(pods[1] == ["Quick"])
        #expect(pods[2] == [])
        #expect(pods[3] == ["SnapshotTesting", "Auth/Login", "Network", "Kingfisher"])
        // The evidence of a pod from a def group is its `pod` line.
        #expect(manifest.targets[0].dependencies[1].evidence == Location(file: "App/Podfile", line: 7))
        #expect(manifest.targets[0].dependencies[0].package == "Login")
        guard case .amends(let fallback) = manifest.targets[0].sources else {
            Issue.record("not amending")
            return
        }
        #expect(fallback == ["App/App/**"])
        #expect(manifest.localDependencies == ["Auth", "Network"])
        #expect(manifest.remoteDependencies == ["Kingfisher", "Quick", "SnapshotTesting"])
    }

    @Test func subspecsOptionNamesEachSubspec() {
        let manifest = read("target 'App' do\n  pod 'Kit', :path => 'Kit', :subspecs => ['Core', 'UI']\nend\n")
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Kit/Core", "Kit/UI"])
        #expect(manifest.targets[0].dependencies.map(\.evidence.line) == [2, 2])
    }

    @Test func aTargetWithoutABlockInheritsTheTopLevelPods() {
        let manifest = read("""
            use_frameworks!
            target 'iOS'
            pod 'GRDB.swift', path: '../..'
            post_install do |installer|
              installer.pods_project.targets.select { |t| t.name == "GRDB" }.each do |target|
                target.build_configurations.each { |config| config.build_settings['X'] = "$(inherited) -D Y" }
              end
            end
            """)
        #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
        #expect(manifest.targets.map(\.name) == ["iOS"])
        #expect(manifest.targets[0].dependencies.map(\.name) == ["GRDB.swift"])
        #expect(manifest.targets[0].podLinkage == Linkage(.dynamic, evidence: Location(file: "App/Podfile", line: 1), reason: "use_frameworks!"))
    }

    @Test func useFrameworksVariantsGiveEachPodItsLinkage() throws {
        func pod(_ name: String) -> String {
            "Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.source_files = 'Sources/*.swift'\n  s.dependency '\(name)Core'\nend\n"
        }
        func core(_ name: String) -> String { "Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.source_files = '*.swift'\nend\n" }
        let discovery = try discover([
            "App/Podfile": """
                target 'Dynamic' do
                  use_frameworks!
                  pod 'A', :path => '../LocalPods/A'
                end

                target 'Static' do
                  use_frameworks! :linkage => :static
                  pod 'B', :path => '../LocalPods/B'
                end

                target 'Labelled' do
                  use_frameworks!(linkage: :dynamic)
                  pod 'C', :path => '../LocalPods/C'
                end

                target 'Plain' do
                  pod 'D', :path => '../LocalPods/D'
                end
                """,
            "LocalPods/A/A.podspec": pod("A"), "LocalPods/A/Sources/A.swift": "",
            "LocalPods/B/B.podspec": pod("B"), "LocalPods/B/Sources/B.swift": "",
            "LocalPods/C/C.podspec": pod("C"), "LocalPods/C/Sources/C.swift": "",
            "LocalPods/D/D.podspec": pod("D"), "LocalPods/D/Sources/D.swift": "",
            "LocalPods/ACore/ACore.podspec": core("ACore"), "LocalPods/ACore/ACore.swift": "",
            "LocalPods/BCore/BCore.podspec": core("BCore"), "LocalPods/BCore/BCore.swift": "",
        ])
        let byName = Dictionary(uniqueKeysWithValues: discovery.modules.map { ($0.name, $0) })
        #expect(byName["A"]?.linkage == Linkage(.dynamic, evidence: Location(file: "App/Podfile", line: 2), reason: "use_frameworks!"))
        #expect(byName["ACore"]?.linkage == byName["A"]?.linkage)
        #expect(byName["B"]?.linkage == Linkage(.static, evidence: Location(file: "App/Podfile", line: 7), reason: "use_frameworks! :linkage => :static"))
        #expect(byName["BCore"]?.linkage.kind == .static)
        #expect(byName["C"]?.linkage == Linkage(.dynamic, evidence: Location(file: "App/Podfile", line: 12), reason: "use_frameworks! :linkage => :dynamic"))
        #expect(byName["D"]?.linkage == Linkage(.static, evidence: Location(file: "App/Podfile", line: 16), reason: "no use_frameworks!: pods are static libraries"))
        // Without an Xcode project the Podfile targets take their folders.
        #expect(byName["Dynamic"]?.path == "App/Dynamic")
        #expect(byName["Dynamic"]?.kind == .app)
        #expect(byName["Dynamic"]?.dependencies.map(\.name) == ["A"])
    }

    @Test func unknownRubyInAPodfileIsAWarningWithItsLine() {
        let manifest = read("""
            target 'App' do
              pod 'Always'
              if ENV['CI']
                pod 'OnlyOnCI'
              end
              pod 'Debug' unless ENV['RELEASE']
              pod some_helper_name
              load 'Shared.rb'
              frobnicate! :now
              pod 'Last'
            end
            """)
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Always", "Debug", "Last"])
        #expect(manifest.diagnostics.map(\.line) == [3, 6, 7, 8, 9])
        #expect(manifest.diagnostics[2].message.contains("pod name `some_helper_name` cannot be evaluated"))
        #expect(manifest.diagnostics[3].message.contains("`load(...)` not understood"))
        #expect(manifest.diagnostics[4].message.contains("`frobnicate!(...)` not understood"))
    }

    @Test func loopsMakeTargetsAndOnlyHelpersFromOtherFilesAreWarnedAbout() {
        let manifest = read("""
            require_relative '../node_modules/react-native/scripts/react_native_pods'
            ENV['RCT_NEW_ARCH_ENABLED'] = '1'
            platform :ios, min_ios_version_supported

            target 'HelloWorld' do
              config = use_native_modules!
              use_react_native!(
                :path => config[:reactNativePath],
                :app_path => "#{Pod::Config.instance.installation_root}/.."
              )
              pod 'Local', :path => '../Local'

              %w[HelloWorldTests HelloWorldUITests].each do |name|
                target name do
                  inherit! :complete
                end
              end
            end
            """)
        #expect(manifest.targets.map(\.name) == ["HelloWorld", "HelloWorldTests", "HelloWorldUITests"])
        #expect(manifest.targets.map { $0.dependencies.map(\.name) } == [["Local"], ["Local"], ["Local"]])
        #expect(manifest.diagnostics.map(\.line) == [7])
        #expect(manifest.diagnostics.first?.message == "`use_react_native!(...)` not understood; skipped")
    }

    @Test func pathPodsAreTheRepositorysAndOthersStayExternal() throws {
        let discovery = try discover([
            "Podfile": "use_frameworks!\ntarget 'App' do\n  pod 'Local', :path => 'Local'\n  pod 'Alamofire'\nend\n",
            "Local/Local.podspec": "Pod::Spec.new do |s|\n  s.name = 'Local'\n  s.source_files = 'Sources/**/*.swift'\nend\n",
            "Local/Sources/L.swift": "import Alamofire\n",
            "App/main.swift": "import Local\n",
        ])
        let packages = discovery.packages.filter { $0.manifest == "Podfile" }
        #expect(packages.first?.localDependencies == ["Local"])
        #expect(packages.first?.remoteDependencies == ["Alamofire"])
        let app = try #require(discovery.modules.first { $0.name == "App" })
        #expect(app.sourceFiles == ["App/main.swift"])
        #expect(app.system == .cocoapods)
        #expect(discovery.modules.map(\.name) == ["App", "Local"])
    }
}
