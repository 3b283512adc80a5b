import StrataModel

/// One reason an import gets its grade. The rules are tried in `GradeRules.all`'s order on each
/// import whose modules are all here; the first verdict stands. Each holds an example: a package
/// in small where it decides an import (`GradeRuleTests` analyzes every one).
protocol GradeRule: SendableMetatype {
    static var example: GradeExample { get }
    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict?
}

/// A package (its files by path, `Package.swift` among them), the import a rule decides there
/// (`file:line`), the grade it gives and what its explanation says (for `used`, the symbols
/// behind the edge).
struct GradeExample {
    var files: [String: String]
    var site: String
    var grade: GradedImport.Grade
    var says: String
}

struct GradeVerdict {
    var grade: GradedImport.Grade
    /// What the file uses of the module, or names another import gives too.
    var uses: [String] = []
    var coveredBy: String?
    var conformance: String?
    var headers: HeaderGrading.Reason?
}

enum GradeRules {
    static let all: [any GradeRule.Type] = [
        GivenByAnotherImport.self, NamesItDeclares.self, MembersOthersDeclare.self, CalledUnnamed.self,
        ConformanceNeededUnnamed.self, HeadersNotAllRead.self, NothingUsed.self,
    ]

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict {
        for rule in all { if let verdict = rule.verdict(site, &file) { return verdict } }
        return GradeVerdict(grade: .unused)
    }

    /// `Package.swift` of an example: `App` depends on every other target.
    static func package(_ targets: [String], swift app: String = "App") -> String {
        let others = targets.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Example", targets: [
            \(targets.map { "    .target(name: \"\($0)\")," }.joined(separator: "\n"))
                .target(name: "\(app)", dependencies: [\(others)]),
            ])

            """
    }
}

/// Another import of the file reaches every module this one does (a duplicate, or a module
/// another import re-exports): `unused`, or `probably-unused` for a `@testable` import that may
/// open an initializer the file calls without naming it.
struct GivenByAnotherImport: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Names", "Umbrella"]),
            "Sources/Names/Token.swift": "public struct Token { public init() {} }\n",
            "Sources/Umbrella/Umbrella.swift": "@_exported import Names\n",
            "Sources/App/App.swift": "import Umbrella\nimport Names\n\nlet token = Token()\n",
        ],
        site: "Sources/App/App.swift:1", grade: .unused, says: "which its import of Names gives too")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        guard let covering = site.covering else { return nil }
        // An import narrowly covered names nothing of its own module: it opens nothing.
        let narrowly = file.narrow[site.position] != nil
        return GradeVerdict(
            grade: site.mayOpen && !narrowly ? .probablyUnused : .unused, uses: site.candidate.matched.map(\.name),
            coveredBy: file.candidates[covering].site.module)
    }
}

/// The file uses something its module declares: a type, a function, a variable, an operator, a
/// macro, or a member of a type at hand (`MemberReach`) that no other module it sees declares.
/// Used even where another file's import would load the module anyway: removing that one later,
/// or turning on MemberImportVisibility, would break this file.
struct NamesItDeclares: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Clock"]),
            "Sources/Clock/Clock.swift": "public struct Clock {\n    public init() {}\n    public func tick() -> Int { 1 }\n}\n",
            "Sources/App/App.swift": "import Clock\n\nlet ticks = Clock().tick()\n",
        ],
        site: "Sources/App/App.swift:1", grade: .used, says: "Clock, tick")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        site.top.isEmpty && site.strong.isEmpty ? nil : GradeVerdict(grade: .used, uses: (site.top + site.strong).map(\.name))
    }
}

/// Only members another module the file sees declares too: whose they are is not known.
struct MembersOthersDeclare: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Alpha", "Beta"]),
            "Sources/Alpha/Tidy.swift": "extension String {\n    public var tidy: String { self }\n}\n",
            "Sources/Beta/Tidy.swift": "extension String {\n    public var tidy: String { self }\n}\n",
            "Sources/App/App.swift": "import Alpha\nimport Beta\n\nlet neat = \" a \".tidy\n",
        ],
        site: "Sources/App/App.swift:1", grade: .probablyUnused, says: "uses only members of Alpha (tidy)")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        site.weak.isEmpty ? nil : GradeVerdict(grade: .probablyUnused, uses: site.weak.map(\.name))
    }
}

/// A public `callAsFunction`, which a file calls without spelling it (`send(.tap)`).
struct CalledUnnamed: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Callables"]),
            "Sources/Callables/Sender.swift": "public struct Sender {\n    public init() {}\n    public func callAsFunction(_ value: Int) -> Int { value }\n}\n"
                + "public func makeSender() -> Sender { Sender() }\n",
            "Sources/App/App.swift": "import Callables\n\nfunc echo(_ send: (Int) -> Int) -> Int { send(1) }\n",
        ],
        site: "Sources/App/App.swift:1", grade: .probablyUnused, says: "(callAsFunction)")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        site.reach.contains { file.grading.tables[$0].implicitlyCalled } ? GradeVerdict(grade: .probablyUnused, uses: ["callAsFunction"]) : nil
    }
}

/// A conformance the module adds of another module's type to another module's protocol, a
/// value of which type the file can have at hand: a generic call may need it unnamed.
struct ConformanceNeededUnnamed: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Retro"]),
            "Sources/Retro/Bool+Identifiable.swift": "extension Bool: @retroactive Identifiable {\n    public var id: Bool { self }\n}\n",
            "Sources/App/App.swift": "import Retro\n\nfunc count<T: Identifiable>(_ values: [T]) -> Int { values.count }\nlet flags = count([true])\n",
        ],
        site: "Sources/App/App.swift:1", grade: .probablyUnused, says: "adds the conformance Bool: Identifiable")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        file.members.conformance(in: site.reach).map { GradeVerdict(grade: .probablyUnused, conformance: $0) }
    }
}

/// C or Objective-C headers that could not all be read, were not found, or re-export a module
/// from outside the repository no other import of the file gives: the file may use a name not
/// read.
struct HeadersNotAllRead: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["CKit"]),
            "Sources/CKit/include/ckit.h": "#include <stdio.h>\nint ckit_add(int a, int b);\n",
            "Sources/CKit/ckit.c": "#include \"ckit.h\"\nint ckit_add(int a, int b) { return a + b; }\n",
            "Sources/App/App.swift": "import CKit\n\nlet file = fopen(\"/dev/null\", \"r\")\n",
        ],
        site: "Sources/App/App.swift:1", grade: .probablyUnused, says: "its headers re-export")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        file.headers.reason(reach: site.reach, candidate: site.candidate).map { GradeVerdict(grade: .probablyUnused, headers: $0) }
    }
}

/// Nothing the file names is the module's: it can go.
struct NothingUsed: GradeRule {
    static let example = GradeExample(
        files: [
            "Package.swift": GradeRules.package(["Names"]),
            "Sources/Names/Token.swift": "public struct Token { public init() {} }\n",
            "Sources/App/App.swift": "import Names\n\n// Token, in a comment only.\nlet text = \"Token\"\n",
        ],
        site: "Sources/App/App.swift:1", grade: .unused, says: "uses nothing from Names (it declares Token 1 name)")

    static func verdict(_ site: ImportUsage.Site, _ file: inout ImportUsage.FileGrading) -> GradeVerdict? {
        GradeVerdict(grade: .unused)
    }
}
