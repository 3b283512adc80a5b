import StrataModel
import StrataStarlark

/// What Strata makes of a rule it knows (rules_swift, rules_apple, rules_ios, objc and cc
/// libraries): the module's kind, linkage, platform and default module name.
struct BazelRuleKind: Sendable {
    /// How the module is named when the rule has no `module_name`.
    enum Naming: Sendable {
        /// rules_swift's name from the label (`Modules/Core:Core` -> `Modules_Core_Core`).
        case derived
        /// The target's name as written (rules_ios, rules_apple bundles: `iOS-12.0-AppHost`).
        case target
    }

    var kind: ModuleKind
    /// Nil when the rule decides none (a build test links nothing).
    var linkage: Linkage.Kind?
    /// The platform of rules_apple's bundle rules (`ios_application`: `iOS`).
    var platform: String?
    var naming: Naming
    /// A prebuilt framework: not a module, a binary dependency of those that list it.
    var isImport = false
    /// A rule of another repository, not read, taken for a Swift module by its sources.
    var isGuessed = false

    /// The attributes whose labels are the target's dependencies.
    static let dependencyAttributes = [
        "deps", "private_deps", "implementation_deps", "extensions", "extension", "watch_application", "app_clips",
        "xpc_services", "frameworks", "test_host", "targets",
    ]
    /// Whether the images an attribute names are loaded at run time by the target, which
    /// rules_apple then does not link their code into (`avoid_deps`): a bundle's `frameworks`,
    /// and a unit test's `test_host`, its bundle loader unless `test_host_is_bundle_loader` is
    /// False (a UI test runs apart from its host and links what it uses).
    static func loads(_ attribute: String, of rule: StarlarkRuleCall) -> Bool {
        switch attribute {
        case "frameworks": true
        case "test_host": rule.kind.hasSuffix("unit_test") && rule["test_host_is_bundle_loader"]?.truth != false
        default: false
        }
    }
    /// The attributes whose files are the target's sources.
    static let sourceAttributes = ["srcs", "hdrs", "textual_hdrs", "non_arc_srcs"]

    /// What a rule call makes: a rule of the rule sets Strata knows, else, for a rule or macro
    /// of another repository (not read here: `@my_rules//:defs.bzl`'s `sdk_module`), a Swift
    /// module when its `srcs` hold Swift files: a test when its kind says so, named by
    /// `module_name` or the target's name. Nil for a rule that makes no module.
    static func of(_ call: StarlarkRuleCall) -> BazelRuleKind? {
        if let known = of(call.kind) { return known }
        guard case .external = call.origin,
            call["srcs"]?.flattened.elements?.contains(where: { $0.string?.hasSuffix(".swift") == true }) == true
        else { return nil }
        let test = call.kind.lowercased().contains("test")
        return BazelRuleKind(kind: test ? .test : .library, linkage: test ? .executable : .static, naming: .target, isGuessed: true)
    }

    /// The rule `kind` is, or nil for a rule that makes no module (a filegroup, a resource bundle).
    static func of(_ kind: String) -> BazelRuleKind? {
        if let known = fixed[kind] { return known }
        guard let underscore = kind.firstIndex(of: "_"), let platform = platforms[String(kind[..<underscore])] else {
            return imports[kind]
        }
        return bundles[String(kind[kind.index(after: underscore)...])].map { made in
            var rule = made
            rule.platform = platform
            return rule
        }
    }

    private static let fixed: [String: BazelRuleKind] = [
        "swift_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "swift_library_group": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "swift_module_alias": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        // rules_swift's Swift and Objective-C module in one; generated code's modules.
        "mixed_language_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "swift_proto_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "swift_grpc_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "swift_binary": BazelRuleKind(kind: .executable, linkage: .executable, naming: .derived),
        "swift_test": BazelRuleKind(kind: .test, linkage: .executable, naming: .derived),
        "objc_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        "cc_library": BazelRuleKind(kind: .library, linkage: .static, naming: .derived),
        // rules_ios: a framework is static unless `link_dynamic = True`.
        "apple_library": BazelRuleKind(kind: .library, linkage: .static, naming: .target),
        "apple_framework": BazelRuleKind(kind: .library, linkage: .static, naming: .target),
    ]

    /// rules_apple's platform prefixes, as Strata names platforms elsewhere.
    private static let platforms = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]

    /// rules_apple's bundle rules, by what follows the platform (`ios_` + `application`).
    private static let bundles: [String: BazelRuleKind] = [
        "application": BazelRuleKind(kind: .app, linkage: .executable, naming: .target),
        "extension": BazelRuleKind(kind: .app, linkage: .executable, naming: .target),
        "command_line_application": BazelRuleKind(kind: .executable, linkage: .executable, naming: .target),
        "framework": BazelRuleKind(kind: .library, linkage: .dynamic, naming: .target),
        "static_framework": BazelRuleKind(kind: .library, linkage: .static, naming: .target),
        "unit_test": BazelRuleKind(kind: .test, linkage: .executable, naming: .derived),
        "ui_test": BazelRuleKind(kind: .test, linkage: .executable, naming: .derived),
        "build_test": BazelRuleKind(kind: .test, linkage: nil, naming: .derived),
    ]

    /// rules_apple's imports of prebuilt frameworks.
    private static let imports: [String: BazelRuleKind] = [
        "apple_static_framework_import": BazelRuleKind(kind: .binary, linkage: .static, naming: .target, isImport: true),
        "apple_dynamic_framework_import": BazelRuleKind(kind: .binary, linkage: .dynamic, naming: .target, isImport: true),
        "apple_static_xcframework_import": BazelRuleKind(kind: .binary, linkage: .static, naming: .target, isImport: true),
        "apple_dynamic_xcframework_import": BazelRuleKind(kind: .binary, linkage: .dynamic, naming: .target, isImport: true),
    ]

    /// rules_swift's module name for a target without `module_name`: the package and the name,
    /// each with runs of non-identifier characters made one `_` (leading and trailing ones
    /// dropped), joined by `_`, and `_` first if that begins with a digit
    /// (`derive_swift_module_name` in rules_swift's `swift/module_name.bzl`).
    static func derivedModuleName(package: String, name: String) -> String {
        let packagePart = identifierSafe(package), namePart = identifierSafe(name)
        let joined = packagePart.isEmpty ? namePart : packagePart + "_" + namePart
        guard let first = joined.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return joined }
        return "_" + joined
    }

    /// rules_swift's `_module_name_safe`: ASCII letters, digits and `_` kept, every run of other
    /// characters between them one `_`.
    static func identifierSafe(_ text: String) -> String {
        var result = ""
        var pending = false
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber || character == "_" {
                if pending { result.append("_") }
                pending = false
                result.append(character)
            } else if !result.isEmpty {
                pending = true
            }
        }
        return result
    }
}
