import StrataModel
import StrataPropertyList

/// The object graph of one `project.pbxproj`: every object by its id, the project object,
/// and where each file reference points.
///
/// A pbxproj is a flat table of objects that refer to each other by 24-digit ids; this type
/// turns ids into objects and group hierarchies into paths, and knows nothing of targets.
struct XcodeProjectFile {
    /// The pbxproj path, relative to the repository root.
    let path: String
    /// The folder that holds the `.xcodeproj`, relative to the root: where `<group>` paths of
    /// the main group and `SOURCE_ROOT` paths start (unless `projectDirPath` moves them).
    let folder: String
    let objects: [String: PropertyListDictionary]
    /// The line of each object's `id = {` in the file.
    let lines: [String: Int]
    let rootID: String
    let project: PropertyListDictionary
    /// The group that lists each group, file reference or synchronized folder.
    private let parents: [String: String]
    /// `projectDirPath` as components relative to `folder` (usually none).
    private let projectDirectory: [String]

    /// Why a pbxproj parsed but is not a project: no `objects`, no `rootObject`.
    struct NotAProject: Error {
        var line: Int
        var message: String
    }

    init(_ plist: PropertyList, path: String) throws(NotAProject) {
        self.path = path
        guard let top = plist.dictionary else { throw NotAProject(line: plist.line, message: "the file is not a dictionary") }
        guard let table = top.entry("objects"), let entries = table.value.dictionary?.entries else {
            throw NotAProject(line: plist.line, message: "no `objects` dictionary")
        }
        var objects: [String: PropertyListDictionary] = [:], lines: [String: Int] = [:], parents: [String: String] = [:]
        objects.reserveCapacity(entries.count)
        for entry in entries {
            guard let object = entry.value.dictionary else { continue }
            objects[entry.key] = object
            lines[entry.key] = entry.line
            for child in object["children"]?.array ?? [] {
                if let id = child.string, parents[id] == nil { parents[id] = entry.key }
            }
        }
        guard let rootEntry = top.entry("rootObject"), let rootID = rootEntry.value.string, let project = objects[rootID] else {
            throw NotAProject(line: top.entry("rootObject")?.line ?? plist.line, message: "no `rootObject` naming the project object")
        }
        self.objects = objects
        self.lines = lines
        self.parents = parents
        self.rootID = rootID
        self.project = project
        let xcodeproj = RepositoryPath.folder(of: path)
        folder = RepositoryPath.folder(of: xcodeproj)
        projectDirectory = (project["projectDirPath"]?.string ?? "").split(separator: "/").map(String.init)
    }

    /// The name Xcode shows: the `.xcodeproj` folder's name without its extension.
    var name: String { XcodeProjectReader.projectName(path) }

    subscript(id: String) -> PropertyListDictionary? { objects[id] }

    func isa(_ id: String) -> String? { objects[id]?["isa"]?.string }

    /// The ids listed under `key` of an object, with the line of each entry.
    func ids(_ object: PropertyListDictionary, _ key: String) -> [(id: String, line: Int)] {
        (object[key]?.array ?? []).compactMap { element in element.string.map { ($0, element.line) } }
    }

    /// Where a file reference, group or synchronized folder points.
    enum Place: Equatable {
        /// A file of the repository, relative to the root.
        case repository(String)
        /// Under a build setting folder (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`), or
        /// an absolute path: not a file of the repository.
        case outside(tree: String, path: String)
        /// A relative path that climbs out of the repository.
        case aboveRoot(String)
    }

    /// Resolves `path` through the groups above it: `<group>` is relative to the parent
    /// group, `SOURCE_ROOT` to the project folder, anything else is not in the repository.
    func place(of id: String) -> Place? {
        var components: [String] = []
        var current: String? = id
        var depth = 0
        while let currentID = current, let object = objects[currentID], depth < 64 {
            depth += 1
            let path = object["path"]?.string ?? ""
            let tree = object["sourceTree"]?.string ?? "<group>"
            if !path.isEmpty { components.insert(contentsOf: path.split(separator: "/").map(String.init), at: 0) }
            switch tree {
            case "<group>":
                if let parent = parents[currentID] {
                    current = parent
                    continue
                }
                // The main group (or a group nobody lists) starts at the project directory.
                return repositoryPlace(projectDirectory + components)
            case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
                return repositoryPlace(projectDirectory + components)
            case "<absolute>":
                return .outside(tree: tree, path: path)
            default:
                return .outside(tree: tree, path: components.joined(separator: "/"))
            }
        }
        return nil
    }

    private func repositoryPlace(_ relative: [String]) -> Place {
        let path = relative.joined(separator: "/")
        return Manifest.joinInside(folder, path).map(Place.repository) ?? .aboveRoot(path)
    }
}
