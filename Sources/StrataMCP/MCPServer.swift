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
                try await server.start(transport: StdioTransport())
                await server.waitUntilCompleted()
            } catch {
                FileHandle.standardError.write(Data("strata mcp: \(error)\n".utf8))
            }
            done.signal()
        }
        done.wait()
        _ = session.close()
    }

    static let resultURI = "strata://strata.json"

    static func register(on server: Server, live: LiveAnalysis) async {
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: StrataTools.list) }
        await server.withMethodHandler(CallTool.self) { call in
            let session = await live.current()
            let answer = try StrataTools.call(call.name, call.arguments ?? [:], session: session)
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
            let session = await live.current()
            let json = try JSONReporter.encode(session.completeResult)
            return .init(contents: [.text(String(decoding: json, as: UTF8.self), uri: resultURI, mimeType: "application/json")])
        }
    }
}

/// The session behind the server, one question at a time, with the changes on disk read in
/// before each answer.
actor LiveAnalysis {
    private var session: StrataSession
    private let watcher: any FileWatcher

    init(_ session: StrataSession, watcher: sending any FileWatcher) {
        self.session = session
        self.watcher = watcher
    }

    func current() -> StrataSession {
        let changed = watcher.changes(timeout: 0)
        if !changed.isEmpty { session.refresh(changed: changed) }
        return session
    }
}
