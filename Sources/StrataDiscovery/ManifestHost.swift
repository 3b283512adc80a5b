/// The operating system a `Package.swift` is compiled and run on, which decides its
/// `#if os(...)` and `canImport(...)`.
public enum ManifestHost {
    /// Manifests are read as on a Mac, where Apple-platform projects are built, whatever
    /// machine Strata runs on: the same commit gives the same modules on Linux CI and on a Mac.
    public static let standard = "macOS"

    /// The host for a repository built for `platforms` (`build.platforms` in `strata.yml`): a
    /// Mac when any is an Apple platform or none is named, else the first one named (a
    /// server package built only for Linux is read as on Linux).
    public static func of(platforms: [String]?) -> String {
        let apple: Set = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
        guard let platforms, let first = platforms.first, !platforms.contains(where: apple.contains) else { return standard }
        return first
    }
}
