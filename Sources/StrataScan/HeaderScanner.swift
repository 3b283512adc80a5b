import StrataHeaders
import StrataModel
import StrataSourceTree

/// Reads the public headers of every C, Objective-C and mixed module discovery placed
/// (`DiscoveredModule.publicHeaders`), through its module map when it has one, following the
/// headers they include: what Swift sees of each (`ClangInterface`). A header of another
/// module of the repository that one includes, or one `@import`ed, is re-exported by the module
/// map's `export *` (SwiftPM's, Bazel's and CocoaPods' module maps all say it); a header of the
/// C library or of an Apple SDK is a module outside the repository re-exported; any other
/// header not in the repository (generated, or of a library not checked out) leaves the module
/// read with uncertainty.
public struct HeaderScanner: Sendable {
    public let tree: any SourceTree

    public init(tree: any SourceTree) { self.tree = tree }

    /// What reading the headers gave.
    public struct Read: Sendable {
        /// By module, the interface of each module with public headers.
        public var interfaces: [ModuleID: ClangInterface] = [:]
        /// The content hash of every header and module map read: the result depends on them.
        public var hashes: [String: ContentHash] = [:]

        public init(interfaces: [ModuleID: ClangInterface] = [:], hashes: [String: ContentHash] = [:]) {
            self.interfaces = interfaces
            self.hashes = hashes
        }
    }

    public func read(_ modules: [DiscoveredModule], files: [String]) -> Read {
        let placed = modules.indices.filter { modules[$0].publicHeaders != nil }
        guard !placed.isEmpty else { return Read() }
        let index = HeaderIndex(modules, files: files)
        let results = Parallel.map(placed.count) { position -> (ClangInterface, [String: ContentHash])? in
            var hashes: [String: ContentHash] = [:]
            return read(module: placed[position], index: index, hashes: &hashes).map { ($0, hashes) }
        }
        var result = Read()
        for (position, module) in placed.enumerated() {
            guard let (interface, hashes) = results[position] else { continue }
            result.interfaces[modules[module].id] = interface
            result.hashes.merge(hashes) { first, _ in first }
        }
        return result
    }

    /// Whether a change to the file can change what the headers give: a header or a module map.
    public static func reads(_ path: String) -> Bool {
        RepositoryPath.name(of: path) == PublicHeaders.moduleMapName || PublicHeaders.isHeader(path)
    }

    /// Where every module's headers are: by path, the module owning it; by the spelling an
    /// include may use (the path from one of the module's search paths), the header.
    struct HeaderIndex: Sendable {
        let modules: [DiscoveredModule]
        /// Every file of the tree, sorted.
        let files: [String]
        let owner: [String: Int]
        let spelled: [String: String]
        /// Each module's own headers, sorted.
        let owned: [[String]]
        /// Each module's own headers by file name (`<Module/Header.h>` finds them by it).
        let ownedByName: [[String: [String]]]
        let byImportName: [String: Int]

        init(_ modules: [DiscoveredModule], files: [String]) {
            self.modules = modules
            let sorted = files.sorted()
            self.files = sorted
            let headers = sorted.filter(PublicHeaders.isHeader)
            var owner: [String: Int] = [:], spelled: [String: String] = [:]
            var owned: [[String]] = Array(repeating: [], count: modules.count)
            var byImportName: [String: Int] = [:]
            for (position, module) in modules.enumerated() {
                if byImportName[module.importName] == nil { byImportName[module.importName] = position }
                guard let publicHeaders = module.publicHeaders else { continue }
                var mine = Set(publicHeaders.headers)
                // A SwiftPM include folder's headers are all the module's, umbrella or not.
                if module.system == .swiftpm, let include = publicHeaders.searchPaths.first {
                    mine.formUnion(include.isEmpty ? headers[...] : headers.sortedRun(withPrefix: include + "/"))
                }
                if let map = publicHeaders.moduleMap {
                    let folder = RepositoryPath.folder(of: map)
                    mine.formUnion(folder.isEmpty ? headers[...] : headers.sortedRun(withPrefix: folder + "/"))
                }
                owned[position] = mine.sorted()
                for header in owned[position] {
                    if owner[header] == nil { owner[header] = position }
                    for searchPath in publicHeaders.searchPaths where searchPath.isEmpty || header.hasPrefix(searchPath + "/") {
                        let key = searchPath.isEmpty ? header : String(header.dropFirst(searchPath.count + 1))
                        if spelled[key] == nil { spelled[key] = header }
                    }
                }
            }
            (self.owner, self.spelled, self.owned, self.byImportName) = (owner, spelled, owned, byImportName)
            ownedByName = owned.map { headers in Dictionary(grouping: headers, by: RepositoryPath.name(of:)) }
        }

        func exists(_ path: String) -> Bool { files.containsSorted(path) }
    }

    /// One module's headers read, from its entries through what they include.
    func read(module position: Int, index: HeaderIndex, hashes: inout [String: ContentHash]) -> ClangInterface? {
        guard let entries = entries(of: position, index: index, hashes: &hashes) else { return nil }
        if let failure = entries.failure { return ClangInterface(names: [], uncertainties: [failure], headers: 0) }
        var uncertainties = entries.uncertainties
        let headers = follow(entries, module: position, index: index, hashes: &hashes, uncertainties: &uncertainties)
        let reading = HeaderReader.read(headers.files)
        for (file, uncertainty) in reading.uncertainties { uncertainties.append("\(headers.paths[file]):\(uncertainty.line): \(uncertainty.reason)") }
        return ClangInterface(
            names: Self.names(reading.declarations), reexports: headers.reexports.sorted(), outside: headers.outside.sorted(),
            uncertainties: Array(Set(uncertainties)).sorted(), headers: headers.paths.count)
    }

    /// Where reading a module's headers starts.
    struct Entries {
        var paths: [String]
        /// Whether the module re-exports what its headers include (`export *`).
        var exportsAll = true
        var uncertainties: [String] = []
        /// Why nothing can be read: the module map is not readable, or has no such module.
        var failure: String?
    }

    /// A module's entry headers: those its own module map names (it decides what Swift reads,
    /// and whether it re-exports), else those discovery placed; nil for a module without headers.
    func entries(of position: Int, index: HeaderIndex, hashes: inout [String: ContentHash]) -> Entries? {
        let module = index.modules[position]
        guard let publicHeaders = module.publicHeaders else { return nil }
        var entries = Entries(paths: publicHeaders.headers)
        guard let mapPath = publicHeaders.moduleMap else { return entries }
        guard let bytes = try? tree.read(mapPath), bytes.count <= HeaderLimits.fileBytes else {
            entries.failure = "\(mapPath): cannot be read"
            return entries
        }
        hashes[mapPath] = ContentHash(bytes)
        let folder = RepositoryPath.folder(of: mapPath)
        guard let map = ModuleMap(bytes).module(named: module.importName) else {
            entries.failure = "\(mapPath): no module \(module.importName) in it"
            return entries
        }
        entries.paths = []
        for header in map.umbrellaHeaders + map.headers { if let path = RepositoryPath.joined(folder, header) { entries.paths.append(path) } }
        for umbrella in map.umbrellaFolders {
            guard let path = RepositoryPath.joined(folder, umbrella) else { continue }
            entries.paths += index.owned[position].filter { path.isEmpty || $0.hasPrefix(path + "/") }
        }
        entries.exportsAll = map.exportsAll
        if map.requiresCplusplus { entries.uncertainties.append("\(mapPath): requires cplusplus (C++ interoperability)") }
        return entries
    }

    /// A module's headers read, in the order reached, and the modules they include.
    struct Headers {
        var paths: [String] = []
        var files: [HeaderFile] = []
        /// Modules of the repository, and from outside it, re-exported.
        var reexports: Set<String> = [], outside: Set<String> = []
    }

    /// The headers from the entries through the module's own headers they include, within the
    /// limits of a module.
    func follow(
        _ entries: Entries, module position: Int, index: HeaderIndex, hashes: inout [String: ContentHash], uncertainties: inout [String]
    ) -> Headers {
        let importName = index.modules[position].importName
        var queue = entries.paths
        var seen = Set(entries.paths)
        var headers = Headers()
        var bytesRead = 0
        var cursor = 0
        while cursor < queue.count {
            let path = queue[cursor]
            cursor += 1
            guard headers.paths.count < HeaderLimits.moduleHeaders, bytesRead < HeaderLimits.moduleBytes else {
                uncertainties.append("\(path): more than \(HeaderLimits.moduleHeaders) headers or \(HeaderLimits.moduleBytes >> 20) MB: the rest not read")
                break
            }
            guard let bytes = try? tree.read(path) else {
                uncertainties.append("\(path): included, but not in the repository or not readable")
                continue
            }
            bytesRead += bytes.count
            hashes[path] = ContentHash(bytes)
            let file = HeaderFile(bytes)
            if ["hh", "hpp", "hxx"].contains(PublicHeaders.fileExtension(path)) {
                uncertainties.append("\(path): a C++ header")
            }
            headers.paths.append(path)
            headers.files.append(file)
            for include in file.includes {
                switch resolve(include, from: path, module: position, index: index) {
                case .own(let header):
                    if seen.insert(header).inserted { queue.append(header) }
                case .module(let name):
                    if entries.exportsAll, name != importName { headers.reexports.insert(name) }
                case .outside(let name):
                    if entries.exportsAll { headers.outside.insert(name) }
                case .unknown(let written):
                    uncertainties.append("\(path):\(include.line): includes \(written), which is not in the repository: what it declares is not known")
                }
            }
        }
        return headers
    }

    /// The names of the declarations read, each once, sorted.
    static func names(_ declarations: [HeaderDeclaration]) -> [ClangInterface.Name] {
        var names: Set<ClangInterface.Name> = []
        for declaration in declarations {
            let kind: String
            switch declaration.kind {
            case .type: kind = "type"
            case .function: kind = "func"
            case .variable: kind = "var"
            case .member: kind = "member"
            case .extension: kind = "extension"
            }
            names.insert(ClangInterface.Name(declaration.name, kind: kind))
        }
        return names.sorted()
    }

    enum Resolved: Equatable {
        /// A header of the module itself (or one no module owns, read as its text is).
        case own(String)
        /// A module of the repository, by import name.
        case module(String)
        /// A module outside the repository: an SDK's, or `libc`.
        case outside(String)
        /// A header not in the repository that names no known module; as written.
        case unknown(String)
    }

    /// Where an include leads: the includer's folder first (for `"…"`), then the module's search
    /// paths, then any module's headers as they may be spelled, then what the first folder names.
    func resolve(_ include: HeaderInclude, from includer: String, module position: Int, index: HeaderIndex) -> Resolved {
        let module = index.modules[position]
        if let name = include.module {
            // `@import Other;` (the module's own name is passed over by the caller).
            return index.byImportName[name] != nil ? .module(name) : .outside(name)
        }
        guard let written = include.path, !written.isEmpty else { return .unknown("a computed header") }
        var candidates: [String] = []
        if !include.angled, let here = RepositoryPath.joined(RepositoryPath.folder(of: includer), written) { candidates.append(here) }
        for searchPath in module.publicHeaders?.searchPaths ?? [] {
            if let path = RepositoryPath.joined(searchPath, written) { candidates.append(path) }
        }
        func classify(_ path: String) -> Resolved {
            if let owner = index.owner[path], owner != position { return .module(index.modules[owner].importName) }
            return .own(path)
        }
        for candidate in candidates where index.exists(candidate) { return classify(candidate) }
        if let header = index.spelled[written] { return classify(header) }
        if SystemHeaders.cLibrary.contains(written) { return .outside("libc") }
        let spelledAs = include.angled ? "<\(written)>" : "\"\(written)\""
        guard let slash = written.firstIndex(of: "/") else { return .unknown(spelledAs) }
        let folder = String(written[..<slash]), rest = String(written[written.index(after: slash)...])
        // `<Module/Header.h>`: a framework's header, or a pod's.
        if let found = index.byImportName[folder] {
            guard found == position else { return .module(folder) }
            let named = index.ownedByName[position][RepositoryPath.name(of: rest)] ?? []
            if let own = named.first(where: { $0 == rest || $0.hasSuffix("/" + rest) }) { return .own(own) }
            return .unknown(spelledAs)
        }
        if let sdk = SystemHeaders.frameworkFolders[folder] { return .outside(sdk) }
        if SystemModules.contains(folder) { return .outside(folder) }
        return .unknown(spelledAs)
    }
}

extension Scanner.Outcome {
    /// What reading the headers gave in this scan: what a later scan of the same modules takes
    /// instead of reading them again when no header or module map changed.
    public var headersRead: HeaderScanner.Read {
        HeaderScanner.Read(interfaces: headers, hashes: headerHashes)
    }
}
