import StrataModel

/// What a Tuist `product:` makes of a target: its kind of module and how it is linked.
///
/// `.framework` and `.dynamicLibrary` are images of their own that dyld loads;
/// `.staticFramework` and `.staticLibrary` are copied into every image that links them;
/// apps, extensions, tests and tools are final images; a `.bundle` holds resources only.
struct TuistProduct {
    var kind: ModuleKind
    var linkage: Linkage.Kind

    /// Tuist's `Product` cases (and the extensions Xcode knows that Tuist spells alike).
    static let all: [String: TuistProduct] = {
        var table: [String: TuistProduct] = [
            "framework": TuistProduct(kind: .library, linkage: .dynamic),
            "dynamicLibrary": TuistProduct(kind: .library, linkage: .dynamic),
            "staticFramework": TuistProduct(kind: .library, linkage: .static),
            "staticLibrary": TuistProduct(kind: .library, linkage: .static),
            "unitTests": TuistProduct(kind: .test, linkage: .executable),
            "uiTests": TuistProduct(kind: .test, linkage: .executable),
            "commandLineTool": TuistProduct(kind: .executable, linkage: .executable),
            "macro": TuistProduct(kind: .macro, linkage: .executable),
            "bundle": TuistProduct(kind: .bundle, linkage: .unknown),
        ]
        let apps = [
            "app", "appClip", "watch2App", "watchApp", "appExtension", "watch2Extension", "watchExtension",
            "tvTopShelfExtension", "messagesExtension", "stickerPackExtension", "widgetExtension", "intentsExtension",
            "extensionKitExtension", "xpc", "systemExtension", "driverExtension", "onDemandInstallCapableApplication",
        ]
        for app in apps { table[app] = TuistProduct(kind: .app, linkage: .executable) }
        return table
    }()

    /// A feature's demo app: an `.app` named `...Example` or `...Demo`, or whose sources sit
    /// in an `Example`/`Demo` folder.
    static func isExample(product: String, name: String, sources: [String]) -> Bool {
        guard product == "app" else { return false }
        let markers: Set<Substring> = ["Example", "Examples", "Demo"]
        return name.hasSuffix("Example") || name.hasSuffix("Demo")
            || sources.contains { $0.split(separator: "/").contains(where: markers.contains) }
    }
}
