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
