import Foundation
import StrataReport
import StrataSourceTree

/// The one place reports reach the disk. Reporters return files (`ReportFile`); this creates
/// the output folder and the folders inside it, writes every file atomically (`AtomicFile`),
/// and removes a reporter's files that a previous run wrote and this one did not.
public enum ReportWriter {
    /// One reporter's part of a run: its files, rendered when written, and the message when
    /// they cannot be rendered.
    public struct Job {
        var render: () throws -> [ReportFile]
        var owns: (String) -> Bool
        var failure: (any Error) -> String

        public init<R: Reporter>(_ reporter: R, _ document: R.Document, warn: @escaping (String) -> Void = { _ in }, failure: @escaping (any Error) -> String) {
            render = { try reporter.files(for: document, warn: warn) }
            owns = reporter.owns
            self.failure = failure
        }

        /// Files already rendered.
        public init(_ files: [ReportFile]) {
            render = { files }
            owns = { _ in false }
            failure = { "\($0)" }
        }
    }

    /// Writes every job's files into `output`, creating it. Every job that can be written is:
    /// one that cannot is one line (its first failure), then `InputError` with every line.
    /// - Returns: the paths written (`output/relative path`), in the jobs' order.
    public static func write(_ jobs: [Job], to output: String) throws(Pipeline.InputError) -> [String] {
        try writeFiles(jobs, to: output).paths
    }

    /// `write(_:to:)`, returning the files rendered too (what `ReportManifest` records).
    static func writeFiles(_ jobs: [Job], to output: String) throws(Pipeline.InputError) -> (paths: [String], files: [ReportFile]) {
        try makeFolder(output)
        var written: [String] = []
        var rendered: [ReportFile] = []
        var failures: [String] = []
        for job in jobs {
            do {
                let files = try job.render()
                written += try write(files, to: output, owns: job.owns)
                rendered += files
            } catch let failure as AtomicFile.Failure {
                failures.append(failure.description)
            } catch {
                failures.append(job.failure(error))
            }
        }
        guard failures.isEmpty else { throw Pipeline.InputError(description: failures.joined(separator: "\nerror: ")) }
        return (written, rendered)
    }

    /// Files already rendered, into `output` (created).
    public static func write(_ files: [ReportFile], to output: String) throws(Pipeline.InputError) -> [String] {
        try write([Job(files)], to: output)
    }

    /// One file the user named (`strata graph -o`, `strata baseline -o`, `strata init`), in
    /// a folder that exists.
    public static func write(_ bytes: Data, toFile path: String) throws(Pipeline.InputError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw Pipeline.InputError(description: error.description)
        }
    }

    /// Creates `output` and the folders above it; a file where a folder should be is named
    /// rather than Foundation's code.
    public static func makeFolder(_ output: String) throws(Pipeline.InputError) {
        var prefix = output.hasPrefix("/") ? "" : "."
        for component in output.split(separator: "/") {
            prefix += "/" + component
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                let place = prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix
                throw Pipeline.InputError(description: "\(output): cannot create the output folder: a file is in the way (\(place))")
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw Pipeline.InputError(description: "\(output): cannot create the output folder: \(Pipeline.reason(error))")
        }
    }

    /// The files of `folder` (inside `output`) that a reporter owns but that are not among
    /// `paths`: what a report of fewer modules left behind. Relative to `output`.
    static func stale(in output: String, folder: String, paths: Set<String>, owns: (String) -> Bool) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output + "/" + folder)) ?? [])
            .map { folder + "/" + $0 }.filter { owns($0) && !paths.contains($0) }
    }

    /// One reporter's files: the folders inside `output` they go into are created, the
    /// reporter's stale files in those folders removed, then each file written.
    static func write(_ files: [ReportFile], to output: String, owns: (String) -> Bool) throws(AtomicFile.Failure) -> [String] {
        let paths = Set(files.map(\.path))
        var folders: [String] = []
        for file in files {
            guard let slash = file.path.lastIndex(of: "/") else { continue }
            let folder = String(file.path[..<slash])
            if !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            let path = output + "/" + folder
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw AtomicFile.Failure(path: path, reason: "a file is in the way of the folder")
            }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw AtomicFile.Failure(path: path, reason: Pipeline.reason(error))
            }
            for relative in stale(in: output, folder: folder, paths: paths, owns: owns) {
                try? FileManager.default.removeItem(atPath: output + "/" + relative)
            }
        }
        // Side by side: a report is hundreds of module scripts. The first failure, in file order.
        let targets = files.map { output + "/" + $0.path }
        let failures = Parallel.map(files.count) { index -> AtomicFile.Failure? in
            do throws(AtomicFile.Failure) {
                try AtomicFile.write(files[index].bytes, to: targets[index])
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return targets
    }
}
