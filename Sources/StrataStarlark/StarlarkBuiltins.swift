/// The names every file sees without loading them, and the methods of each type.
enum StarlarkBuiltins {
    /// Functions of the language itself.
    static let core: Set<String> = [
        "len", "str", "repr", "int", "float", "bool", "list", "tuple", "dict", "range", "enumerate", "zip", "sorted",
        "reversed", "min", "max", "any", "all", "hasattr", "getattr", "dir", "type", "print", "fail", "hash", "abs",
    ]

    /// Functions Bazel gives BUILD and .bzl files.
    static let bazel: Set<String> = [
        "struct", "Label", "select", "glob", "package", "exports_files", "licenses", "package_name", "repository_name",
        "package_relative_label", "module_name", "module_version", "existing_rule", "existing_rules", "subpackages",
        "depset", "provider", "rule", "macro", "aspect", "repository_rule", "module_extension", "tag_class",
        "transition", "visibility", "package_group", "workspace", "register_toolchains", "register_execution_platforms",
    ]

    /// What `native.` offers besides rules.
    static let native: Set<String> = [
        "glob", "package_name", "repository_name", "existing_rule", "existing_rules", "exports_files", "package",
        "licenses", "package_relative_label", "module_name", "module_version", "subpackages",
    ]

    /// Bazel's namespaces and providers that only rule implementations use, which are never
    /// run here: reading them gives an unknown value without a warning.
    static let opaque: Set<String> = [
        "apple_common", "platform_common", "cc_common", "java_common", "config_common", "coverage_common", "proto_common",
        "testing", "DefaultInfo", "OutputGroupInfo", "CcInfo", "ProtoInfo", "InstrumentedFilesInfo", "RunEnvironmentInfo",
        "PyInfo", "JavaInfo", "ObjcProvider", "AppleDynamicFrameworkInfo", "apple_toolchain", "json", "proto", "config",
    ]

    /// The value a name has when no file binds it.
    static func global(_ name: String) -> StarlarkValue? {
        switch name {
        case "None": return StarlarkValue.none
        case "True": return .bool(true)
        case "False": return .bool(false)
        case "native": return .structure(StarlarkStruct(typeName: "native", fields: []))
        case "attr": return .structure(StarlarkStruct(typeName: "attr", fields: []))
        default:
            if core.contains(name) || bazel.contains(name) { return .builtin(StarlarkBuiltin(name)) }
            if opaque.contains(name) { return .unknown("\(name), used only by rule implementations") }
            return nil
        }
    }

    /// `native.glob`, `native.cc_library` (a rule), `attr.string`.
    static func namespaceMember(_ namespace: String, _ name: String) -> StarlarkValue? {
        switch namespace {
        case "native":
            return native.contains(name) ? .builtin(StarlarkBuiltin(name)) : .rule(StarlarkRule(kind: name, origin: .native))
        case "attr": return .builtin(StarlarkBuiltin("attr." + name))
        default: return nil
        }
    }

    /// A helper of bazel_skylib that BUILD files and macros call, evaluated here.
    static func skylibMember(_ module: String, _ name: String) -> StarlarkValue? {
        let known: Set<String> = ["selects.with_or", "selects.with_or_dict", "paths.join", "paths.basename", "paths.dirname", "dicts.add"]
        return known.contains(module + "." + name) ? .builtin(StarlarkBuiltin("skylib." + module + "." + name)) : nil
    }

    static let stringMethods: Set<String> = [
        "format", "join", "split", "rsplit", "splitlines", "replace", "startswith", "endswith", "strip", "lstrip", "rstrip",
        "lower", "upper", "find", "rfind", "index", "rindex", "count", "partition", "rpartition", "removeprefix",
        "removesuffix", "capitalize", "title", "isalnum", "isalpha", "isdigit", "islower", "isupper", "isspace",
        "istitle", "elems", "codepoints",
    ]
    static let listMethods: Set<String> = ["append", "extend", "insert", "pop", "remove", "index", "clear"]
    static let dictMethods: Set<String> = ["get", "items", "keys", "values", "update", "pop", "popitem", "setdefault", "clear"]

    static func isMethod(_ name: String, of value: StarlarkValue) -> Bool {
        switch value {
        case .string: stringMethods.contains(name)
        case .list: listMethods.contains(name)
        case .dict: dictMethods.contains(name)
        case .depset: name == "to_list"
        default: false
        }
    }
}
