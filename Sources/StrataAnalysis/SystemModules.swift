/// Modules that come with Apple's SDKs or the Swift toolchain, so an import of one is
/// "Apple SDK" rather than third party. The names are data, `Data/SystemModules.txt`,
/// compiled into the binary.
enum SystemModules {
    static let names: Set<String> = {
        let text = String(decoding: PackageResources.SystemModules_txt, as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line in
            line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).first.map(String.init)
        })
    }()

    /// A listed name, a submodule of one (`os.log`), or a cross-import overlay `_A_B` of two
    /// listed modules (`_MapKit_SwiftUI`, `_StoreKit_SwiftUI`).
    static func contains(_ name: String) -> Bool {
        if names.contains(name) { return true }
        if let dot = name.firstIndex(of: "."), names.contains(String(name[..<dot])) { return true }
        guard name.hasPrefix("_") else { return false }
        let parts = name.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { names.contains(String($0)) }
    }
}
