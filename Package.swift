// swift-tools-version:6.0
// Strata: a dependency-graph analyzer for modular Swift codebases.
// Targets follow the pipeline: discover -> scan -> assemble -> analyze -> report.
// A target never depends on one that comes later in the pipeline (see strata.yml).
import PackageDescription

let syntax: [Target.Dependency] = [
    .product(name: "SwiftSyntax", package: "swift-syntax"),
    .product(name: "SwiftParser", package: "swift-syntax"),
]

let package = Package(
    name: "Strata",
    products: [
        .executable(name: "strata", targets: ["strata"]),
        // `swift package strata check` in a package that depends on Strata.
        .plugin(name: "StrataPlugin", targets: ["StrataCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // The logger type the MCP SDK's `Transport` protocol names (`strata mcp`'s own transport).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Plain Codable values shared by every stage.
        .target(name: "StrataModel", resources: [.embedInCode("Data/SystemModules.txt"), .embedInCode("Data/StandardLibraryMembers.txt")]),
        // strata.yml, read with Yams.
        .target(name: "StrataConfiguration", dependencies: ["StrataModel", "Yams"]),
        // The files of a repository: a working directory now, a git revision later.
        .target(name: "StrataSourceTree", dependencies: ["StrataModel"]),
        // Swift sources and manifests parsed in bounded time, whatever their bytes.
        .target(name: "StrataParsing", dependencies: ["StrataModel", "StrataSourceTree"] + syntax),
        // Old-style property lists (project.pbxproj).
        .target(name: "StrataPropertyList"),
        // Ruby as podspecs and Podfiles write it, read without Ruby.
        .target(name: "StrataRuby", dependencies: ["StrataModel"]),
        // Starlark as BUILD and .bzl files write it, evaluated without Bazel.
        .target(name: "StrataStarlark"),
        // C and Objective-C headers read for the names Swift sees, without a compiler.
        .target(name: "StrataHeaders"),
        // Swift manifests (Package.swift, Tuist's) evaluated statically, never compiled or run.
        .target(
            name: "StrataManifestEvaluator",
            dependencies: [
                "StrataSourceTree", "StrataParsing",
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]),
        // discover: modules and their files from manifests.
        .target(
            name: "StrataDiscovery",
            dependencies: [
                "StrataModel", "StrataConfiguration", "StrataSourceTree", "StrataPropertyList", "StrataRuby",
                "StrataStarlark", "StrataManifestEvaluator", "Yams", .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ] + syntax),
        // scan: per-file facts with swift-syntax, cached by content hash.
        .target(
            name: "StrataScan",
            dependencies: ["StrataModel", "StrataSourceTree", "StrataParsing", "StrataHeaders", .product(name: "SwiftSyntax", package: "swift-syntax")]),
        // assemble: one model of modules and edges with evidence.
        .target(name: "StrataAssemble", dependencies: ["StrataModel"]),
        // analyze: metrics, cycles, dependency findings; pure functions.
        .target(name: "StrataAnalysis", dependencies: ["StrataModel"]),
        // layout: DOT to SVG through libgraphviz, in worker processes, cached.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        .target(name: "StrataGraphviz", dependencies: ["StrataModel", "StrataSourceTree", "CGraphviz"]),
        // report: JSON, HTML, DOT, and the drawings.
        .target(
            name: "StrataWeb",
            path: "Web",
            exclude: [],
            // Compiled into the binary, so a copied `strata` needs no resource folder beside it.
            resources: [
                .embedInCode("page.html"), .embedInCode("top.html"), .embedInCode("page.js"),
                .embedInCode("index.html"), .embedInCode("report.css"), .embedInCode("diff.html"), .embedInCode("diff.css"), .embedInCode("diff.js"),
                .embedInCode("dom.js"), .embedInCode("data.js"), .embedInCode("overview.js"), .embedInCode("graph.js"),
                .embedInCode("metrics.js"), .embedInCode("findings.js"), .embedInCode("injection.js"), .embedInCode("linkage.js"),
                .embedInCode("access.js"), .embedInCode("plot.js"), .embedInCode("matrix.js"), .embedInCode("module.js"),
                .embedInCode("router.js"),
                .embedInCode("history.html"), .embedInCode("history.css"), .embedInCode("history.js"),
                .embedInCode("org.html"), .embedInCode("org.css"), .embedInCode("org.js"),
            ]
        ),
        .target(name: "StrataReport", dependencies: ["StrataModel", "StrataSourceTree", "StrataAnalysis", "StrataWeb", "StrataGraphviz"]),
        // history: analyses of many commits in one SQLite file, and their trends.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The organisation's history: many repositories in one PostgreSQL database, through libpq.
        // libpq is opened when first used (Sources/CPostgres/shim.h), not linked: Debian's libpq5.
        .systemLibrary(name: "CPostgres"),
        .target(name: "StrataHistory", dependencies: ["StrataModel", "StrataWeb", "StrataReport", "StrataGraphviz", "CSQLite", "CPostgres"]),
        // The pipeline, end to end, for the CLI and the tests.
        .target(
            name: "StrataPipeline",
            dependencies: [
                "StrataModel", "StrataConfiguration", "StrataSourceTree", "StrataDiscovery",
                "StrataScan", "StrataAssemble", "StrataAnalysis", "StrataGraphviz", "StrataReport", "StrataHistory",
            ] + syntax
        ),
        // The servers over one warm session: `strata lsp` for editors, `strata mcp` for coding
        // agents (the Model Context Protocol, with the official Swift SDK).
        .target(
            name: "StrataLanguageServer",
            dependencies: ["StrataModel", "StrataSourceTree", "StrataDiscovery", "StrataAnalysis", "StrataReport", "StrataPipeline"]),
        .target(
            name: "StrataMCP",
            dependencies: [
                "StrataModel", "StrataPipeline", "StrataReport", "StrataSourceTree", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "StrataPipeline", "StrataLanguageServer", "StrataMCP", "StrataModel", "StrataConfiguration", "StrataAnalysis", "StrataReport", "StrataSourceTree", "StrataHistory",
                "StrataGraphviz", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The manifest readers fed mutated inputs (`make fuzz`); not part of the product.
        .executableTarget(
            name: "strata-fuzz",
            dependencies: [
                "StrataModel", "StrataConfiguration", "StrataSourceTree", "StrataParsing", "StrataDiscovery", "StrataScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Discovery checked against `swift package dump-package` (`make verify-corpus`, and the
        // committed answers in `make test`); not part of the product.
        .executableTarget(
            name: "strata-verify",
            dependencies: [
                "StrataModel", "StrataConfiguration", "StrataSourceTree", "StrataPipeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "StrataCommand",
            capability: .command(
                intent: .custom(verb: "strata", description: "Analyze or check this package's module graph with Strata.")),
            dependencies: ["strata"]
        ),
        // The targets tested through their public API alone, each on its own.
        .testTarget(name: "StrataModelTests", dependencies: ["StrataModel"]),
        .testTarget(name: "StrataPropertyListTests", dependencies: ["StrataPropertyList"]),
        .testTarget(name: "StrataRubyTests", dependencies: ["StrataModel", "StrataRuby"]),
        .testTarget(name: "StrataStarlarkTests", dependencies: ["StrataStarlark"]),
        .testTarget(name: "StrataHeadersTests", dependencies: ["StrataHeaders"]),
        .testTarget(name: "StrataManifestEvaluatorTests", dependencies: ["StrataManifestEvaluator", "StrataDiscovery"]),
        .testTarget(name: "StrataAnalysisTests", dependencies: ["StrataAnalysis", "StrataAssemble", "StrataConfiguration", "StrataModel", "StrataScan"]),
        // The stages together, the commands and what needs a target's internals.
        .testTarget(
            name: "StrataTests",
            dependencies: [
                "StrataModel", "StrataConfiguration", "StrataSourceTree", "StrataParsing", "StrataPropertyList", "StrataDiscovery",
                "StrataScan", "StrataAssemble", "StrataAnalysis", "StrataGraphviz", "StrataReport", "StrataPipeline", "StrataHistory",
                "StrataLanguageServer",
            ] + syntax
        ),
    ]
)
