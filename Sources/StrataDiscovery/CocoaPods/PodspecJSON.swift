import StrataModel
import StrataRuby

/// Reads the JSON form of a podspec (`Name.podspec.json`, what `pod ipc spec` writes and
/// spec repos store). JSON objects are Ruby hashes with `"key":` labels, so the Ruby parser
/// reads them and keeps the line of every key for evidence.
enum PodspecJSON {
    static func read(_ source: [UInt8], path: String) -> (spec: PodSpec?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let statements = RubyParser.parse(source)
        guard statements.count == 1, case .expression(.hash(let entries, let line)) = statements[0] else {
            let unreadable = statements.lazy.compactMap { if case .unreadable(let what, let line) = $0 { (what, line) } else { nil } }.first
            let reason = unreadable.map { "not understood (\($0.0))" } ?? "not a JSON object"
            diagnostics.append(Diagnostic(file: path, line: unreadable?.1, message: "\(reason); the podspec was not read"))
            return (nil, diagnostics)
        }
        var fileName = Substring(RepositoryPath.name(of: path))
        if fileName.hasSuffix(".podspec.json") { fileName = fileName.dropLast(".podspec.json".count) }
        let root = PodSpec(role: .root, name: String(fileName), fullName: String(fileName), line: line)
        if let name = text(entries, "name") {
            root.name = name
            root.fullName = name
        }
        apply(entries, to: root, path: path, diagnostics: &diagnostics)
        return (root, diagnostics)
    }

    private static func key(_ entry: RubyHashEntry) -> String? {
        switch entry.key {
        case .string(let parts, _): RubyLexer.text(of: parts)
        case .symbol(let name, _): name
        default: nil
        }
    }

    private static func text(_ entries: [RubyHashEntry], _ name: String) -> String? {
        entries.first { key($0) == name }.flatMap { RubyEvaluator().evaluate($0.value).text }
    }

    private static func apply(_ entries: [RubyHashEntry], to spec: PodSpec, path: String, diagnostics: inout [Diagnostic]) {
        let evaluator = RubyEvaluator()
        for entry in entries {
            guard let key = key(entry) else { continue }
            let line = entry.key.line
            let value = evaluator.evaluate(entry.value)
            switch key {
            case "version": spec.version = value.text
            case "module_name": spec.moduleName = value.text
            case "source_files": spec.sourceFiles += value.texts ?? []
            case "public_header_files": spec.publicHeaderFiles += value.texts ?? []
            case "exclude_files": spec.excludeFiles += value.texts ?? []
            case "dependencies":
                guard case .hash(let dependencies, _) = entry.value else { continue }
                for dependency in dependencies {
                    if let name = Self.key(dependency) { spec.addDependency(name, file: path, line: dependency.key.line) }
                }
            case "subspecs", "testspecs", "appspecs":
                guard case .array(let elements, _) = entry.value else { continue }
                let role: PodSpec.Role = key == "subspecs" ? .subspec : key == "testspecs" ? .test : .app
                for case .hash(let inner, let innerLine) in elements {
                    guard let name = text(inner, "name") else {
                        diagnostics.append(Diagnostic(file: path, line: innerLine, message: "a subspec without a name; left out"))
                        continue
                    }
                    apply(inner, to: spec.addChild(role: role, name: name, line: innerLine), path: path, diagnostics: &diagnostics)
                }
            case "default_subspecs", "default_subspec":
                if value.text == "none" || value.text == ":none" { spec.defaultSubspecs = [] } else { spec.defaultSubspecs = value.texts }
                spec.defaultSubspecsLine = line
            case "static_framework":
                if value.truthy == true {
                    spec.staticFramework = Linkage(.static, evidence: Location(file: path, line: line), reason: "\"static_framework\": true")
                }
            case "test_type":
                if let type = value.text { spec.testType = type }
            case "frameworks", "weak_frameworks":
                for name in value.texts ?? [] { spec.addFramework(name, file: path, line: line) }
            case "vendored_frameworks", "vendored_libraries":
                for file in value.texts ?? [] { spec.addVendoredBinary(file, file: path, line: line) }
            case _ where PodspecScript.platforms.contains(key):
                // Platform-scoped attributes ("ios": {"dependencies": ...}) apply; a platform's
                // deployment target is a plain string.
                if case .hash(let inner, _) = entry.value { apply(inner, to: spec, path: path, diagnostics: &diagnostics) }
            default:
                break
            }
        }
    }
}
