/// Modules that come with Apple's SDKs or the Swift toolchain, so an import of one is
/// "Apple SDK" rather than third party, and `canImport` finds them. The names are data, `Data/SystemModules.txt`,
/// compiled into the binary.
public enum SystemModules {
    public static let names: Set<String> = {
        let text = String(decoding: PackageResources.SystemModules_txt, as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line in
            line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).first.map(String.init)
        })
    }()

    /// A listed name, a submodule of one (`os.log`), or a cross-import overlay `_A_B` of two
    /// listed modules (`_MapKit_SwiftUI`, `_StoreKit_SwiftUI`).
    public static func contains(_ name: String) -> Bool {
        if names.contains(name) { return true }
        if let dot = name.firstIndex(of: "."), names.contains(String(name[..<dot])) { return true }
        guard name.hasPrefix("_") else { return false }
        let parts = name.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { names.contains(String($0)) }
    }

    /// Modules of Apple's SDKs only one platform family has: `canImport(UIKit)` is false on
    /// macOS and watchOS, `canImport(AppKit)` only true on macOS.
    static let macOSOnly: Set<String> = ["AppKit", "Cocoa", "Carbon", "Quartz", "ApplicationServices", "IOKit", "ScreenSaver", "CoreWLAN", "Hypervisor", "Virtualization", "OSAKit", "InputMethodKit", "PreferencePanes", "QuickLookUI", "SecurityInterface", "ScriptingBridge"]
    static let notMacOS: Set<String> = ["UIKit", "CoreTelephony", "CarPlay", "ActivityKit", "CallKit", "MessageUI", "AssetsLibrary", "TVUIKit", "TVServices", "TVMLKit", "WatchKit", "ClockKit", "ARKit", "VisionKit"]
    static let toolchain: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Distributed", "Observation", "RegexBuilder", "Synchronization",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "XCTest", "Testing",
    ]

    /// Whether `canImport(name)` holds on `platform` for a module that comes with the SDK or
    /// toolchain (nil: not such a module).
    public static func isAvailable(_ name: String, on platform: String) -> Bool? {
        let apple = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"].contains(platform)
        switch name {
        case "Glibc", "SwiftGlibc", "FoundationNetworking", "FoundationXML": return platform == "Linux"
        case "Musl": return false
        case "WinSDK", "ucrt": return platform == "Windows"
        case "Android", "Bionic": return platform == "Android"
        default: break
        }
        guard contains(name) else { return nil }
        if toolchain.contains(name) { return true }
        guard apple else { return false }
        if macOSOnly.contains(name) { return platform == "macOS" }
        if notMacOS.contains(name) { return platform != "macOS" && !(platform == "watchOS" && name == "UIKit") }
        return true
    }
}

/// The Swift standard library, which every file sees without an import.
public enum StandardLibrary {
    /// The member names it declares (`magnitude`, `description`, `count`): data,
    /// `Data/StandardLibraryMembers.txt`, made from the toolchain's interfaces by
    /// `Tests/Support/make-standard-library-members` and compiled into the binary.
    public static let members: Set<String> = {
        let text = String(decoding: PackageResources.StandardLibraryMembers_txt, as: UTF8.self)
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }()
}
