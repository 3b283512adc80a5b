import Foundation
import StrataModel
import StrataSourceTree

/// A source tree held in memory, for discovery and scanning tests.
struct MemoryTree: SourceTree {
    var name = "Memory"
    var contents: [String: [UInt8]]

    init(_ files: [String: String]) {
        contents = files.mapValues { Array($0.utf8) }
    }

    func files() throws -> [String] { contents.keys.sorted() }

    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = contents[path] else { throw SourceTreeError(path: path, reason: "no such file") }
        return bytes
    }
}

/// A temporary folder, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "strata-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url.deleteLastPathComponent()
    }
    return url.path
}()

/// A product the build made next to the test bundle (`strata`, `strata-fuzz`), when it did.
func builtProduct(_ name: String) -> String? {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// A finished process: its exit status, what it printed and what it reported.
struct ProcessRun {
    var status: Int32
    var output: String
    var errors: String
    /// Both, the output first.
    var all: String { output + errors }
}

/// Runs `executable` to its end; stderr goes through a file, so reading stdout to its end
/// cannot block on a full pipe.
func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let scratch = try TemporaryDirectory()
    _ = FileManager.default.createFile(atPath: scratch.path + "/stderr", contents: nil)
    let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + "/stderr"))
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errors.close()
    let errorText = try String(contentsOfFile: scratch.path + "/stderr", encoding: .utf8)
    return ProcessRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: errorText)
}
