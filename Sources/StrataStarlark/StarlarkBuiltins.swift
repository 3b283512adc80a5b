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
        "PyInfo", "JavaInfo", "ObjcProvider", "AppleDynamicFrameworkInfo", "apple_toolchain", "proto", "config",
    ]

    /// The value a name has when no file binds it.
    static func global(_ name: String) -> StarlarkValue? {
        switch name {
        case "None": return StarlarkValue.none
        case "True": return .bool(true)
        case "False": return .bool(false)
        case "native": return .structure(StarlarkStruct(typeName: "native", fields: []))
        case "attr": return .structure(StarlarkStruct(typeName: "attr", fields: []))
        case "json": return .structure(StarlarkStruct(typeName: "json", fields: []))
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
        case "json": return name == "encode" || name == "encode_indent" ? .builtin(StarlarkBuiltin("json.encode")) : .unknown("json.\(name)")
        default: return nil
        }
    }

    /// The bazel_skylib modules evaluated here when bazel_skylib is not available, and
    /// their functions: macros use them to build attributes.
    static let skylib: [String: Set<String>] = [
        "selects": ["with_or", "with_or_dict"],
        "paths": ["join", "basename", "dirname", "split_extension", "replace_extension", "is_absolute", "normalize", "relativize"],
        "dicts": ["add"],
        "types": ["is_list", "is_string", "is_bool", "is_none", "is_int", "is_float", "is_tuple", "is_dict", "is_function", "is_depset", "is_set"],
        "collections": ["uniq", "before_each", "after_each"],
        "shell": ["quote", "array_literal"],
        "sets": ["make", "copy", "to_list", "insert", "contains", "remove", "union", "difference", "intersection", "length", "is_equal", "is_subset", "repr", "str"],
    ]

    /// A function of a bazel_skylib module (`paths.join`), loaded from a repository not
    /// available here.
    static func skylibMember(_ rule: StarlarkRule, _ name: String) -> StarlarkValue? {
        guard case .external(let label) = rule.origin, label.contains("bazel_skylib"), skylib[rule.kind]?.contains(name) == true else {
            return nil
        }
        return .builtin(StarlarkBuiltin("skylib." + rule.kind + "." + name))
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
