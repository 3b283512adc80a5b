import Foundation
import MCP
import StrataModel
import StrataPipeline
import StrataReport

/// The tools `strata mcp` serves, each a question about the warm analysis: what it takes (a
/// JSON Schema), and its answer as structured content with a short text.
enum StrataTools {
    /// A tool's answer: the short text a model reads first, and the structured content.
    struct Answer {
        var text: String
        var structured: Value
    }

    static let list: [Tool] = [
        Tool(
            name: "graph",
            description: "The module graph, or the part around some modules, as Mermaid, DOT or JSON (nodes and edges with layers).",
            inputSchema: schema([
                "focus": ["type": "array", "items": ["type": "string"], "description": "Modules to center on; none: every production module."],
                "depth": ["type": "integer", "minimum": 0, "description": "Hops around the focus (default 1)."],
                "format": ["type": "string", "enum": ["mermaid", "dot", "json"], "description": "Default mermaid."],
            ]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "why",
            description: "Every path by which module `from` depends on module `to`, with the import lines of each hop, the symbols used, and what to cut.",
            inputSchema: schema([
                "from": ["type": "string", "description": "The module that depends."],
                "to": ["type": "string", "description": "The module it depends on."],
            ], required: ["from", "to"]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "affected",
            description: "The modules and test targets a change affects, each with the reason: changed files of the working directory, or the commits between base and head.",
            inputSchema: schema([
                "files": ["type": "array", "items": ["type": "string"], "description": "Changed paths, relative to the repository."],
                "base": ["type": "string", "description": "A git revision to compare with (instead of files)."],
                "head": ["type": "string", "description": "The revision with the change (default HEAD)."],
            ]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "check",
            description: "Findings of strata.yml's rules and Strata's checks, with file:line, for the whole repository, a path or a module.",
            inputSchema: schema([
                "path": ["type": "string", "description": "Only findings with evidence in this file or folder."],
                "module": ["type": "string", "description": "Only findings about this module."],
            ]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "module",
            description: "One module: its layer, metrics (Ce, Ca, instability, abstractness, distance), dependencies, dependents, linkage and DI.",
            inputSchema: schema(["name": ["type": "string", "description": "The module's name."]], required: ["name"]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "rules",
            description: "The rules Strata checks, with their default severity and rationale; with an id, also an example that triggers it.",
            inputSchema: schema(["id": ["type": "string", "description": "A rule id, e.g. layer-violation."]]),
            annotations: .init(readOnlyHint: true)),
    ]

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map(Value.string)) }
        return .object(object)
    }

    /// Answers a call on the current analysis. Throws `MCPError.invalidParams` for what the
    /// caller got wrong (an unknown module or rule, a bad revision), with a message that says what.
    static func call(_ name: String, _ arguments: [String: Value], on current: LiveAnalysis.Current) throws -> Answer {
        guard let tool = list.first(where: { $0.name == name }) else {
            throw MCPError.invalidParams("no tool '\(name)'; the tools are \(list.map(\.name).joined(separator: ", "))")
        }
        let arguments = try checked(arguments, against: tool)
        let (session, graph, marks) = (current.session, current.graph, current.marks)
        switch name {
        case "graph":
            let format = GraphDrawing.Format(rawValue: arguments["format"]?.stringValue ?? "mermaid")
            guard let format, format != .svg else { throw MCPError.invalidParams("format must be mermaid, dot or json") }
            let depth = arguments["depth"].flatMap(integer) ?? 1
            let focus = try strings(arguments["focus"], "focus")
            let drawing = try answering { () throws(ModuleGraph.QueryError) in try GraphDrawing.select(graph, marks: marks, focus: focus, depth: depth) }
            let data = try answering { try format.bytes(for: GraphDrawing.Format.Prepared(drawing, for: format)) }
            let text = String(decoding: data, as: UTF8.self)
            let structured: Value = format == .json ? try JSONDecoder().decode(Value.self, from: data) : ["format": .string(format.rawValue), "graph": .string(text)]
            return Answer(text: text, structured: structured)
        case "why":
            let (from, to) = (try string(arguments["from"], "from"), try string(arguments["to"], "to"))
            var report = try answering { () throws(ModuleGraph.QueryError) in
                WhyReport(graph: graph, marks: marks, from: try graph.module(named: from), to: try graph.module(named: to))
            }
            report.root = session.root
            let text = try WhyReport.Format.text.bytes(for: report)
            let json = try WhyReport.Format.json.bytes(for: report)
            return Answer(text: String(decoding: text, as: UTF8.self), structured: try JSONDecoder().decode(Value.self, from: json))
        case "affected":
            return try affected(arguments, session: session)
        case "check":
            return try check(arguments, session: session, graph: graph)
        case "module":
            return try module(try string(arguments["name"], "name"), session: session, graph: graph)
        case "rules":
            return try rules(arguments["id"].map { try string($0, "id") })
        default:
            throw MCPError.invalidParams("no tool '\(name)'")
        }
    }

    static func affected(_ arguments: [String: Value], session: StrataSession) throws -> Answer {
        let files = try strings(arguments["files"], "files")
        let base = try arguments["base"].map { try string($0, "base") }, head = try arguments["head"].map { try string($0, "head") }
        let affected: AffectedModules
        if let base {
            guard files.isEmpty else { throw MCPError.invalidParams("give files, or base (and head), not both") }
            let options = AffectedAnalysis.Options(session.analysis.input, base: base, head: head)
            do {
                affected = try AffectedAnalysis.run(options).affected
            } catch let error as Pipeline.InputError {
                throw MCPError.invalidParams(error.description)
            }
        } else {
            guard head == nil else { throw MCPError.invalidParams("head needs base") }
            guard !files.isEmpty else { throw MCPError.invalidParams("give the changed files, or a base revision") }
            affected = AffectedAnalysis.affected(files: files, in: session)
        }
        return Answer(
            text: try AffectedFormat.text.text(for: affected),
            structured: try JSONDecoder().decode(Value.self, from: try AffectedFormat.json.bytes(for: affected)))
    }

    static func check(_ arguments: [String: Value], session: StrataSession, graph: ModuleGraph) throws -> Answer {
        var findings = session.result.findings
        if let module = try arguments["module"].map({ try string($0, "module") }) {
            _ = try entry(module, in: session.result, graph: graph)
            findings = findings.filter { $0.module == module }
        }
        if let path = try arguments["path"].map({ try string($0, "path") }) {
            let relative = session.relative(path)
            let folder = relative.hasSuffix("/") ? relative : relative + "/"
            findings = findings.filter { finding in
                relative.isEmpty || relative == "." || finding.evidence.contains { $0.file == relative || $0.file.hasPrefix(folder) }
            }
        }
        let lines = FindingLines(root: "")
        var text = findings.map { lines.line(for: $0) }
        let counts = FindingCounts(findings)
        text.append(FindingLines.counted(counts))
        text += session.problems
        let structured = try Value(Checked(findings: findings, counts: counts, problems: session.problems))
        return Answer(text: text.joined(separator: "\n"), structured: structured)
    }

    struct Checked: Codable {
        var findings: [Finding]
        var counts: FindingCounts
        /// What kept the last edit from being analyzed (an invalid strata.yml).
        var problems: [String]
    }

    static func module(_ name: String, session: StrataSession, graph: ModuleGraph) throws -> Answer {
        let result = session.result
        let entry = try entry(name, in: result, graph: graph)
        let layer = result.layering?.layers.first { $0.modules.contains(name) }?.name
        let injection = result.injection, id = entry.module.id, names = result.moduleNames
        let described = Described(
            module: entry, layer: layer,
            dependencies: result.edges.filter { $0.from == id }, dependents: result.edges.filter { $0.to == id }.map { names[$0.from] },
            linkage: .init(
                blastRadius: result.linkage.blastRadius.first { $0.module == name },
                launchLoads: result.linkage.launchLoads.filter { $0.frameworks.contains(name) }.map(\.app),
                duplicatedStatic: result.linkage.duplicatedStaticModules.filter { $0.module == name }),
            injection: .init(
                registrations: injection.registrations.filter { $0.module == name },
                resolutions: injection.resolutions.filter { $0.module == name },
                unregistered: injection.unregistered.filter { $0.module == name }),
            findings: result.findings.filter { $0.module == name })
        var text = ["\(name) (\(entry.module.kind.rawValue)\(layer.map { ", layer \($0)" } ?? "")): \(entry.module.files) files, \(entry.module.lines) lines"]
        if let metrics = entry.metrics {
            text.append(String(
                format: "Ce %d, Ca %d, instability %.2f, abstractness %.2f, distance %.2f", metrics.ce, metrics.ca, metrics.instability,
                metrics.abstractness, metrics.distance))
        }
        text.append("depends on: " + (described.dependencies.map { names[$0.to] }.joined(separator: ", ").nonEmpty ?? "nothing"))
        text.append("used by: " + (described.dependents.joined(separator: ", ").nonEmpty ?? "nothing"))
        text.append("DI: \(described.injection.registrations.count) registrations, \(described.injection.resolutions.count) resolutions")
        text.append("findings: \(described.findings.count)")
        return Answer(text: text.joined(separator: "\n"), structured: try names.bound { try Value(described) })
    }

    /// A module of the result by name, test modules included; for a name that is none, the
    /// graph's answer (which says what was meant).
    static func entry(_ name: String, in result: AnalysisResult, graph: ModuleGraph) throws -> ModuleEntry {
        if let entry = result.modules.first(where: { $0.module.name == name }) { return entry }
        _ = try answering { () throws(ModuleGraph.QueryError) in try graph.module(named: name) }
        throw MCPError.invalidParams("unknown module '\(name)'")
    }

    struct Described: Codable {
        var module: ModuleEntry
        var layer: String?
        var dependencies: [ImportEdge]
        var dependents: [String]
        var linkage: Linkage
        var injection: Injection
        var findings: [Finding]

        struct Linkage: Codable {
            var blastRadius: BlastRadius?
            /// The apps that load this module at launch.
            var launchLoads: [String]
            var duplicatedStatic: [DuplicatedStaticModule]
        }

        struct Injection: Codable {
            var registrations: [Registration]
            var resolutions: [Resolution]
            var unregistered: [Resolution]
        }
    }

    static func rules(_ id: String?) throws -> Answer {
        struct Rule: Codable {
            var id: String
            var title: String
            var severity: String
            var rationale: String
            /// A small repository that triggers the rule, and one that does not: path to text.
            var triggers: [String: String]?
            var passes: [String: String]?
        }
        func files(_ example: RuleExample) -> [String: String] {
            Dictionary(example.files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        }
        struct Listed: Codable { var rules: [Rule] }
        let chosen: [RuleID]
        if let id {
            guard let rule = RuleID(rawValue: id) else {
                throw MCPError.invalidParams("unknown rule '\(id)'; the rules are \(RuleID.allCases.sorted().map(\.rawValue).joined(separator: ", "))")
            }
            chosen = [rule]
        } else {
            chosen = RuleID.allCases.sorted()
        }
        let rules = chosen.map { rule in
            Rule(
                id: rule.rawValue, title: rule.title, severity: rule.defaultSeverity?.rawValue ?? "off", rationale: rule.rationale,
                triggers: id == nil ? nil : files(rule.definition.triggers), passes: id == nil ? nil : files(rule.definition.passes))
        }
        let text = rules.map { "\($0.id) (\($0.severity)): \($0.title)" }.joined(separator: "\n")
        return Answer(text: text, structured: try Value(Listed(rules: rules)))
    }

    /// The arguments, checked against the tool's input schema: an unknown argument, a value of
    /// the wrong type (`"2"` or `1e30` for an integer, `5` for a string), one outside its enum
    /// or below its minimum, or a missing required one is invalid params, never a default.
    /// A null stands for an argument not given.
    static func checked(_ arguments: [String: Value], against tool: Tool) throws -> [String: Value] {
        let properties = tool.inputSchema.objectValue?["properties"]?.objectValue ?? [:]
        let given = arguments.filter { $0.value != .null }
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let property = properties[name]?.objectValue else {
                throw MCPError.invalidParams("\(tool.name) takes no argument '\(name)'; it takes \(properties.keys.sorted().joined(separator: ", "))")
            }
            switch property["type"]?.stringValue {
            case "string":
                guard let text = value.stringValue else { throw MCPError.invalidParams("\(name) must be a string") }
                if let allowed = property["enum"]?.arrayValue?.compactMap(\.stringValue), !allowed.contains(text) {
                    throw MCPError.invalidParams("\(name) must be one of \(allowed.joined(separator: ", ")), not '\(text)'")
                }
            case "integer":
                guard let number = integer(value) else { throw MCPError.invalidParams("\(name) must be an integer") }
                if let minimum = property["minimum"]?.intValue, number < minimum {
                    throw MCPError.invalidParams("\(name) must be \(minimum) or more")
                }
            case "array":
                _ = try strings(value, name)
            default:
                break
            }
        }
        let required = tool.inputSchema.objectValue?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let missing = required.first(where: { given[$0] == nil }) { throw MCPError.invalidParams("\(tool.name) needs \(missing)") }
        return given
    }

    /// A JSON integer: an int, or a double with no fraction that an Int holds (`2.0`).
    static func integer(_ value: Value) -> Int? {
        switch value {
        case .int(let number): return number
        case .double(let number) where number.rounded() == number && abs(number) < 9.0e15: return Int(number)
        default: return nil
        }
    }

    /// `body`, with a module query's error (an unknown module, an ambiguous name) or a
    /// drawing's (a Mermaid graph too large) as invalid parameters.
    static func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MCPError {
            throw error
        } catch {
            throw MCPError.invalidParams("\(error)")
        }
    }

    static func string(_ value: Value?, _ name: String) throws -> String {
        guard let text = value?.stringValue else { throw MCPError.invalidParams("\(name) must be a string") }
        return text
    }

    static func strings(_ value: Value?, _ name: String) throws -> [String] {
        guard let value else { return [] }
        if let text = value.stringValue { return [text] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            throw MCPError.invalidParams("\(name) must be an array of strings")
        }
        return array.compactMap(\.stringValue)
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
