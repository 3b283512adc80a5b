import Foundation
import MCP
import StrataModel
import StrataPipeline
import StrataReport
import StrataSourceTree

/// `strata mcp`: a Model Context Protocol server on stdio (the official Swift SDK), answering
/// coding agents from one warm analysis of a repository. Every answer first reads in the
/// files changed on disk since the last one, so an agent that edits and asks again sees its
/// edit without a restart.
public enum StrataMCPServer {
    /// Analyzes the repository, then serves until the client closes stdin.
    /// - Throws: `Pipeline.InputError` when the repository cannot be analyzed at all.
    public static func serve(_ input: AnalysisSession.Input, version: String, polling: Bool = false) throws {
        // A client that closed its end makes a write fail (and the server end), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let session = try StrataSession(input)
        let live = LiveAnalysis(session, watcher: FileWatchers.watch(session.tree.base, polling: polling))
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let server = Server(
                    name: "strata", version: version,
                    instructions: "Architecture of the Swift repository at \(session.tree.name): modules, layers, dependency paths, what a change affects, rule findings.",
                    capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
                await register(on: server, live: live)
                try await server.start(transport: LineTransport())
                await server.waitUntilCompleted()
            } catch {
                FileHandle.standardError.write(Data("strata mcp: \(error)\n".utf8))
            }
            _ = await live.close()
            done.signal()
        }
        done.wait()
    }

    static let resultURI = "strata://strata.json"

    static func register(on server: Server, live: LiveAnalysis) async {
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: StrataTools.list) }
        await server.withMethodHandler(CallTool.self) { call in
            let answer = try StrataTools.call(call.name, call.arguments ?? [:], on: try await live.current())
            let structured: Value? = answer.structured
            return CallTool.Result(content: [.text(text: answer.text, annotations: nil, _meta: nil)], structuredContent: structured, isError: nil, _meta: nil)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: [
                Resource(
                    name: "strata.json", uri: resultURI, title: "The analysis",
                    description: "The current analysis as `strata analyze` writes it (docs/schema/strata.schema.json).",
                    mimeType: "application/json")
            ])
        }
        await server.withMethodHandler(ReadResource.self) { read in
            guard read.uri == resultURI else { throw MCPError.invalidParams("no resource \(read.uri); the one resource is \(resultURI)") }
            let json = try JSONReporter.encode(try await live.current().session.completeResult)
            return .init(contents: [.text(String(decoding: json, as: UTF8.self), uri: resultURI, mimeType: "application/json")])
        }
    }
}

/// The session behind the server, one question at a time, with the changes on disk read in
/// before each answer.
actor LiveAnalysis {
    /// The analysis and what the tools ask of it, made once per analysis.
    struct Current: Sendable {
        let session: StrataSession
        let graph: ModuleGraph
        let marks: GraphMarks

        init(_ session: StrataSession) {
            self.session = session
            graph = ModuleGraph(session.result)
            marks = GraphMarks(session.result, graph: graph)
        }
    }

    private var latest: Current
    private let watcher: any FileWatcher

    init(_ session: StrataSession, watcher: sending any FileWatcher) {
        latest = Current(session)
        self.watcher = watcher
    }

    /// The analysis with the latest changes read in. Throws when the repository's folder is
    /// gone: an answer from memory would describe files that no longer exist.
    func current() throws -> Current {
        let root = latest.session.tree.base.rootPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw MCPError.internalError("the repository at \(root) is gone: it was deleted or moved; start strata mcp on it again")
        }
        let changed = watcher.changes(timeout: 0)
        if !changed.isEmpty {
            var session = latest.session
            session.refresh(changed: changed)
            latest = Current(session)
        }
        return latest
    }

    /// Saves the facts of the latest analysis, for the next `analyze`.
    func close() -> [Diagnostic] { latest.session.close() }
}
