import ArgumentParser
import StrataPipeline

/// The options every command that reads git revisions shares (`diff`, `affected`, `history`):
/// the facts cache and the paths left out.
struct RevisionCacheOptions: ParsableArguments {
    @Flag(help: "Parse every file again instead of reusing the facts cached by content hash.")
    var noCache = false

    @Option(help: "The cache folder (default: $XDG_CACHE_HOME/strata or ~/.cache/strata). Safe to delete.")
    var cacheDir: String?

    @Option(name: .customLong("exclude"), help: "A glob of paths to leave out, relative to the repository root (repeatable).")
    var excludes: [String] = []

    /// The cache folder to use, nil with `--no-cache`.
    var cacheDirectory: String? { noCache ? nil : (cacheDir ?? Pipeline.defaultCacheDirectory) }
}
