import StrataPropertyList
import StrataSourceTree

/// Which files an Xcode target compiles, as root-relative globs: the exact paths its Sources
/// build phase lists, and `<folder>/**` for each synchronized folder (Xcode 16) it builds.
///
/// A synchronized folder's exception set (`PBXFileSystemSynchronizedBuildFileExceptionSet`)
/// flips membership for the target it names: files of a folder the target builds are left out
/// of it, and files of a folder it does not build are added to it (that is how Xcode records
/// "also in target B" for one file). Other targets of the same folder are unchanged.
struct XcodeTargetSources {
    let file: XcodeProjectFile
    /// Every file of the repository, sorted, to tell which listed files are missing.
    let files: [String]
    /// For each target id, the synchronized folders whose exception sets name it, with the
    /// paths the set lists (relative to the folder).
    private var exceptions: [String: [(folder: String, paths: [String])]] = [:]

    init(file: XcodeProjectFile, files: [String]) {
        self.file = file
        self.files = files
        for (id, object) in file.objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            for set in file.ids(object, "exceptions").compactMap({ file[$0.id] })
            where set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" {
                guard let target = set["target"]?.string else { continue }
                exceptions[target, default: []].append((id, (set["membershipExceptions"]?.array ?? []).compactMap(\.string)))
            }
        }
        for key in exceptions.keys { exceptions[key]!.sort { $0.folder < $1.folder } }
    }

    /// The target's globs, and the Swift files it lists that are not in the repository (missing
    /// on disk, or outside the repository), for one warning.
    func globs(of target: PropertyListDictionary, id: String) -> (include: [String], exclude: [String], missing: [String]) {
        var include: [String] = [], exclude: [String] = [], missing: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { include.append(path) }
        }
        for phase in file.ids(target, "buildPhases").compactMap({ file[$0.id] }) where phase["isa"]?.string == "PBXSourcesBuildPhase" {
            for buildFile in file.ids(phase, "files").compactMap({ file[$0.id] }) {
                guard let reference = buildFile["fileRef"]?.string else { continue }
                for leaf in leaves(of: reference) {
                    switch file.place(of: leaf) {
                    case .repository(let path)?:
                        // A listed file that is not there would only pull the module's folder
                        // up; it is reported instead.
                        if files.containsSorted(path) {
                            add(path)
                        } else if path.hasSwiftExtension {
                            missing.append(path)
                        }
                    case .aboveRoot(let path)?, .outside(_, let path)?:
                        if path.hasSwiftExtension { missing.append(path) }
                    case nil:
                        break
                    }
                }
            }
        }
        let synchronized = file.ids(target, "fileSystemSynchronizedGroups").map(\.id)
        for folderID in synchronized {
            guard case .repository(let folder)? = file.place(of: folderID) else { continue }
            add(Self.join(folder, "**"))
            // Folders copied whole as resources: their Swift files are not compiled.
            for explicit in (file[folderID]?["explicitFolders"]?.array ?? []).compactMap(\.string) {
                exclude.append(Self.join(folder, explicit + "/**"))
            }
            for set in exceptions[id] ?? [] where set.folder == folderID {
                for path in set.paths {
                    exclude.append(Self.join(folder, path))
                    exclude.append(Self.join(folder, path + "/**"))
                }
            }
        }
        for set in exceptions[id] ?? [] where !synchronized.contains(set.folder) {
            guard case .repository(let folder)? = file.place(of: set.folder) else { continue }
            for path in set.paths {
                add(Self.join(folder, path))
                add(Self.join(folder, path + "/**"))
            }
        }
        return (include, exclude, missing)
    }

    /// The file references a build file stands for: a localized variant group stands for
    /// its variants.
    private func leaves(of reference: String) -> [String] {
        guard file.isa(reference) == "PBXVariantGroup", let group = file[reference] else { return [reference] }
        return file.ids(group, "children").map(\.id)
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.isEmpty ? relative : folder + "/" + relative
    }
}
