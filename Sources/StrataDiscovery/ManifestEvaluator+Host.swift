import StrataManifestEvaluator

/// A Swift manifest evaluated as the compiler builds it on a host (`ManifestHost`): what its
/// `#if` see there.
extension ManifestEvaluator {
    /// Evaluates a `Package.swift`.
    package init(source: [UInt8], host: String = ManifestHost.standard) {
        self.init(sources: [(path: "", source: source)], host: host)
    }

    /// Evaluates `sources[0]` with the declarations of the other sources (helper files) in
    /// scope, its `#if` decided as the compiler decides them on `host`.
    package init(sources: [(path: String, source: [UInt8])], argumentTypes: [String: String] = [:], host: String = ManifestHost.standard) {
        self.init(
            sources: sources, argumentTypes: argumentTypes,
            configuration: Self.manifestConfiguration(host: host, source: sources.first?.source ?? []))
    }

    /// How the compiler builds a manifest on `host`: no custom conditions, the host's SDK and
    /// toolchain modules and PackageDescription importable, in the language mode of the
    /// manifest's tools version.
    static func manifestConfiguration(host: String, source: [UInt8]) -> PlatformConfiguration {
        let mode = (SwiftToolsVersion.declared(in: source) ?? SwiftToolsVersion(5)).defaultLanguageMode
        return PlatformConfiguration(
            platform: host, flags: [], importable: ["PackageDescription", "CompilerPluginSupport", "Foundation", "Dispatch"],
            languageVersion: PlatformConfiguration.languageVersion(mode: mode))
    }
}
