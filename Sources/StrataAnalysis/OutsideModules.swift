import StrataModel

/// Modules from outside the repository that a C or Objective-C module's headers re-export
/// (`#import <Foundation/Foundation.h>`, `#include <stdint.h>`), and which imports give them to a
/// file anyway: removing an import of the module loses none of them when another import does.
enum OutsideModules {
    /// The name `ClangInterface.outside` gives the C library's headers.
    static let cLibrary = "libc"

    /// Modules that give a file the C library: the platforms' own and what re-exports them.
    static let givingCLibrary: Set<String> = [
        "Darwin", "Glibc", "Musl", "Bionic", "Android", "WASILibc", "WinSDK", "ucrt", "CRT", "Foundation", "FoundationEssentials",
        "CoreFoundation", "Dispatch", "ObjectiveC", "UIKit", "AppKit", "Cocoa", "SwiftUI", "WatchKit", "TVUIKit", "System",
    ]
    /// Modules that give a file Foundation (and with it CoreFoundation, ObjectiveC, Dispatch).
    static let givingFoundation: Set<String> = ["Foundation", "UIKit", "AppKit", "Cocoa", "SwiftUI", "WatchKit", "TVUIKit"]
    static let underFoundation: Set<String> = ["Foundation", "CoreFoundation", "ObjectiveC", "Dispatch", "Darwin"]

    /// Whether a file importing `imports` (and what their headers re-export) has `module`.
    static func gives(_ module: String, imports: Set<String>) -> Bool {
        if imports.contains(module) { return true }
        if module == cLibrary { return !imports.isDisjoint(with: givingCLibrary) }
        if underFoundation.contains(module) { return !imports.isDisjoint(with: givingFoundation) }
        return false
    }
}
