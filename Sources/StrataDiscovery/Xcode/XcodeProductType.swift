import StrataModel

/// What an Xcode `productType` (`com.apple.product-type.framework`) makes: the module kind and
/// the linkage it has unless `MACH_O_TYPE` says otherwise.
struct XcodeProductType {
    /// The identifier as written.
    let identifier: String
    /// Nil for a product type Strata does not know.
    let kind: ModuleKind?
    let linkage: Linkage.Kind

    init(_ identifier: String) {
        self.identifier = identifier
        let shortName = Self.shortName(identifier)
        switch shortName {
        case "framework", "library.dynamic":
            (kind, linkage) = (.library, .dynamic)
        case "framework.static", "library.static":
            (kind, linkage) = (.library, .static)
        case "tool":
            (kind, linkage) = (.executable, .executable)
        case "bundle":
            (kind, linkage) = (.bundle, .unknown)
        default:
            if shortName.hasPrefix("bundle.") && shortName.contains("test") {
                (kind, linkage) = (.test, .executable)
            } else if shortName.hasPrefix("application") || shortName.hasSuffix("-extension")
                || shortName.hasPrefix("app-extension") || shortName == "xpc-service"
            {
                // Final images: `application*`, every `*-extension` (`app-extension`,
                // `watchkit2-extension`, `extensionkit-extension`, `system-extension`, ...),
                // `app-extension.*` (`app-extension.messages`), and `xpc-service`.
                (kind, linkage) = (.app, .executable)
            } else {
                (kind, linkage) = (nil, .unknown)
            }
        }
    }

    /// The identifier without Apple's prefix, as used in linkage reasons: `framework`,
    /// `library.static`, `app-extension`.
    var shortName: String { Self.shortName(identifier) }

    private static func shortName(_ identifier: String) -> String {
        let prefix = "com.apple.product-type."
        return identifier.hasPrefix(prefix) ? String(identifier.dropFirst(prefix.count)) : identifier
    }

    /// What a `MACH_O_TYPE` value makes, nil for a value Strata does not know.
    static func linkage(machOType value: String) -> Linkage.Kind? {
        switch value {
        case "staticlib", "mh_object": .static
        case "mh_dylib": .dynamic
        case "mh_execute", "mh_bundle": .executable
        default: nil
        }
    }
}
