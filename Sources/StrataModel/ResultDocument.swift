/// `strata.json`: a result as a document, its locations indices into its `files` and its most
/// repeated values rows of its `columns` (`DocumentRows`) (schema 3; `docs/output.md` has the
/// migration from 2). What `--format json` writes and what
/// `strata report`, `strata diff` and the result cache read back; the page's data and the
/// servers' answers encode the result with locations as `"path:line"` strings.
public struct ResultDocument: Codable, Sendable {
    public var result: AnalysisResult

    public init(_ result: AnalysisResult) {
        self.result = result
    }

    private enum CodingKeys: String, CodingKey { case files, directories, columns, importedModules, schemaVersion }

    /// Paths as `files` holds them: a folder (an index into `directories`) and the names of
    /// the files in it that come next in the table, `[directory, name, name, …]`. The table is
    /// in the order paths were first written, which is mostly a folder's files one after
    /// another: a 60,000-file repository's table is a fifth smaller than with a folder per name.
    private struct FileRun: Codable {
        var directory: Int
        var names: [String]

        init(directory: Int, names: [String]) {
            self.directory = directory
            self.names = names
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            directory = try container.decode(Int.self)
            names = [try container.decode(String.self)]
            while !container.isAtEnd { names.append(try container.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(directory)
            for name in names { try container.encode(name) }
        }
    }

    /// The result, written by this Strata (its schema version), then the paths its locations
    /// named, in the order they were first written: as runs of names in one folder of
    /// `directories` (in the order first met), since a folder holds many files; the modules its
    /// import rows named, in the same order; and the columns of its rows.
    public func encode(to encoder: any Encoder) throws {
        var current = result
        current.schemaVersion = AnalysisResult.currentSchemaVersion
        let files = FileTable()
        try files.bound { try current.encode(to: encoder) }
        var directories: [String] = [], index: [Substring: Int] = [:], runs: [FileRun] = []
        for path in files.paths {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { path[..<$0] } ?? "", name = String(slash.map { path[path.index(after: $0)...] } ?? path[...])
            if index[folder] == nil {
                index[folder] = directories.count
                directories.append(String(folder))
            }
            if runs.last?.directory == index[folder] { runs[runs.count - 1].names.append(name) } else { runs.append(FileRun(directory: index[folder]!, names: [name])) }
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(directories, forKey: .directories)
        try container.encode(runs, forKey: .files)
        try container.encode(files.modules, forKey: .importedModules)
        try container.encode(DocumentRows.columns, forKey: .columns)
    }

    /// A document of any schema up to this Strata's: from 3 on, its locations are read through
    /// its `files` and its rows by its `columns` (which begin with this Strata's: a later one
    /// may add a column at the end); before, as strings and objects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(Int.self, forKey: .schemaVersion) >= 3 else {
            result = try AnalysisResult(from: decoder)
            return
        }
        let columns = try container.decode([String: [String]].self, forKey: .columns)
        for (kind, known) in DocumentRows.columns.sorted(by: { $0.key < $1.key }) where !(columns[kind] ?? []).starts(with: known) {
            throw DecodingError.dataCorruptedError(
                forKey: .columns, in: container,
                debugDescription: "columns.\(kind) is \(columns[kind].map { "\($0)" } ?? "missing"), not the \(known) this Strata reads")
        }
        let directories = try container.decode([String].self, forKey: .directories)
        var paths: [String] = []
        var runs = try container.nestedUnkeyedContainer(forKey: .files)
        while !runs.isAtEnd {
            let run = try runs.decode(FileRun.self)
            guard directories.indices.contains(run.directory) else {
                throw DecodingError.dataCorruptedError(in: runs, debugDescription: "directory \(run.directory) is not in directories (\(directories.count) of them)")
            }
            let folder = directories[run.directory]
            for name in run.names { paths.append(folder.isEmpty ? name : folder + "/" + name) }
        }
        let modules = try container.decodeIfPresent([String].self, forKey: .importedModules) ?? []
        let files = FileTable(paths: paths, modules: modules)
        result = try files.bound { try AnalysisResult(from: decoder) }
    }
}
