import StrataModel
import StrataPropertyList
import StrataSourceTree

/// The build settings of one target in one configuration, as Xcode layers them: the target's
/// `buildSettings`, then its `.xcconfig`, then the project's `buildSettings`, then the
/// project's `.xcconfig`. The first layer that sets a key wins.
///
/// Strata reads the Release configuration (what ships), else the list's
/// `defaultConfigurationName`, else the first. Conditional keys (`MACH_O_TYPE[sdk=iphoneos*]`)
/// are ignored: only the plain key is read.
struct XcodeBuildSettings {
    /// A value with the file and line that set it.
    struct Setting {
        var value: String
        var evidence: Location
    }

    private var layers: [[String: Setting]]
    let targetName: String
    let projectName: String

    init(target: PropertyListDictionary, name: String, in file: XcodeProjectFile, tree: any SourceTree) {
        targetName = name
        projectName = file.name
        let targetConfiguration = Self.configuration(list: target["buildConfigurationList"]?.string, named: nil, in: file)
        let projectConfiguration = Self.configuration(
            list: file.project["buildConfigurationList"]?.string, named: targetConfiguration?["name"]?.string, in: file)
        layers = []
        for object in [targetConfiguration, projectConfiguration] {
            guard let object else { continue }
            layers.append(Self.settings(object["buildSettings"]?.dictionary, path: file.path))
            if let reference = object["baseConfigurationReference"]?.string,
                case .repository(let path)? = file.place(of: reference)
            {
                var visited: Set<String> = []
                layers.append(XcodeConfigFile.settings(at: path, tree: tree, visited: &visited))
            }
        }
    }

    /// The raw value of `key`, `$(inherited)` alone passing to the next layer.
    func setting(_ key: String) -> Setting? {
        for layer in layers {
            if let setting = layer[key], setting.value != "$(inherited)", setting.value != "${inherited}" { return setting }
        }
        return nil
    }

    /// The upcoming and experimental features the settings enable
    /// (`Manifest.features(buildSettings:)`); `OTHER_SWIFT_FLAGS` gathered down the layers
    /// while each says `$(inherited)`.
    var features: [String]? {
        var settings: [String: String] = [:]
        for key in Set(layers.flatMap(\.keys)) where key.hasPrefix(Manifest.upcomingSettingPrefix) {
            if let value = expanded(key)?.value ?? setting(key)?.value { settings[key] = value }
        }
        var flags: [String] = []
        for layer in layers {
            guard let value = layer["OTHER_SWIFT_FLAGS"]?.value else { continue }
            flags.append(value)
            if !value.contains("inherited") { break }
        }
        settings["OTHER_SWIFT_FLAGS"] = flags.joined(separator: " ")
        return Manifest.features(buildSettings: settings)
    }

    /// The value of `key` with `$(VAR)`, `${VAR}` and `$(VAR:modifier)` expanded; nil when unset
    /// or when it refers to a setting Strata cannot know (an SDK path, an environment variable).
    func expanded(_ key: String) -> (value: String, evidence: Location)? {
        guard let setting = setting(key), let value = expand(setting.value, depth: 0) else { return nil }
        return (value, setting.evidence)
    }

    private func expand(_ text: String, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let open = rest.index(after: dollar)
            guard open < rest.endIndex, rest[open] == "(" || rest[open] == "{" else {
                result.append("$")
                rest = rest[open...]
                continue
            }
            let closing: Character = rest[open] == "(" ? ")" : "}"
            guard let close = rest[open...].firstIndex(of: closing) else { return nil }
            let reference = rest[rest.index(after: open)..<close]
            let parts = reference.split(separator: ":", maxSplits: 1)
            guard let variable = parts.first, let value = self.value(of: String(variable), depth: depth) else { return nil }
            result += Self.apply(parts.count > 1 ? String(parts[1]) : nil, to: value)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func value(of variable: String, depth: Int) -> String? {
        switch variable {
        case "TARGET_NAME": return targetName
        case "PROJECT_NAME": return projectName
        case "PRODUCT_NAME":
            return setting("PRODUCT_NAME").flatMap { expand($0.value, depth: depth + 1) } ?? targetName
        default:
            return setting(variable).flatMap { expand($0.value, depth: depth + 1) }
        }
    }

    /// Xcode's `:c99extidentifier`, `:rfc1034identifier`, `:lower` and `:upper`; others leave
    /// the value as it is.
    private static func apply(_ modifier: String?, to value: String) -> String {
        switch modifier {
        case "c99extidentifier", "identifier": DiscoveredModule.moduleName(forTarget: value)
        case "rfc1034identifier": String(value.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
        case "lower": value.lowercased()
        case "upper": value.uppercased()
        default: value
        }
    }

    /// The configuration of a configuration list to read: `named` (the target's, for the
    /// project list), else Release, else the default, else the first.
    private static func configuration(list: String?, named: String?, in file: XcodeProjectFile) -> PropertyListDictionary? {
        guard let list, let object = file[list] else { return nil }
        let configurations = file.ids(object, "buildConfigurations").compactMap { file[$0.id] }
        func configuration(_ name: String?) -> PropertyListDictionary? {
            name.flatMap { name in configurations.first { $0["name"]?.string == name } }
        }
        return configuration(named) ?? configuration("Release") ?? configuration(object["defaultConfigurationName"]?.string)
            ?? configurations.first
    }

    private static func settings(_ dictionary: PropertyListDictionary?, path: String) -> [String: Setting] {
        var result: [String: Setting] = [:]
        for entry in dictionary?.entries ?? [] {
            guard let value = entry.value.string ?? entry.value.array.map({ $0.compactMap(\.string).joined(separator: " ") }) else { continue }
            result[entry.key] = Setting(value: value, evidence: Location(file: path, line: entry.line))
        }
        return result
    }
}

/// Reads the plain `KEY = value` lines of an `.xcconfig` file and the files it `#include`s.
enum XcodeConfigFile {
    static func settings(at path: String, tree: any SourceTree, visited: inout Set<String>) -> [String: XcodeBuildSettings.Setting] {
        guard visited.count < 16, visited.insert(path).inserted, let bytes = try? tree.read(path) else { return [:] }
        var result: [String: XcodeBuildSettings.Setting] = [:]
        let text = String(decoding: bytes, as: UTF8.self)
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if let comment = commentStart(line) { line = line[..<comment] }
            let trimmed = line.trimmed(of: " \t\r")
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                guard !included.hasPrefix("/") else { continue }
                let resolved = Manifest.join(RepositoryPath.folder(of: path), included)
                result.merge(settings(at: resolved, tree: tree, visited: &visited)) { _, new in new }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmed(of: " \t")
            guard !key.isEmpty, !key.contains("[") else { continue }
            let value = trimmed[trimmed.index(after: equals)...].trimmed(of: " \t;")
            result[key] = XcodeBuildSettings.Setting(value: value, evidence: Location(file: path, line: lineNumber))
        }
        return result
    }

    /// Where a `//` comment starts: xcconfig files have no quoting, so any `//` starts one.
    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var previous: Character?
        for index in line.indices {
            if line[index] == "/", previous == "/" { return line.index(before: index) }
            previous = line[index]
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmed(of set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
