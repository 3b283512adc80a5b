/// What Bazel adds to the language for BUILD and .bzl files: `select`, `glob`, `Label`,
/// `struct`, `depset`, the package functions, and `rule()`/`macro()`/`provider()` as stubs.
extension StarlarkEvaluator {
    func callBazel(_ name: String, _ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue? {
        let first = arguments.value("x", at: 0)
        switch name {
        case "struct": return .structure(StarlarkStruct(fields: arguments.keywords))
        case "Label", "package_relative_label":
            // `Label` is of the file's repository, `package_relative_label` of the BUILD file's.
            let package = name == "Label" ? frame.module.package : build?.package ?? frame.module.package
            let repository = name == "Label" ? frame.module.repository : ""
            if case .label? = first { return first }
            guard case .string(let text)? = first,
                  let label = StarlarkLabel(parsing: text, package: package, repository: repository) else {
                return unknown("\(name)() needs a label string", line, frame)
            }
            return .label(label)
        case "select": return select(first, line, frame)
        case "glob": return try glob(arguments, line, frame)
        case "package_name": return .string(build?.package ?? frame.module.package)
        case "repository_name": return .string("@")
        case "module_name", "module_version": return StarlarkValue.none
        case "existing_rule":
            guard case .string(let target)? = first else { return StarlarkValue.none }
            return build?.rules.last { $0.name == target }.map(attributeDict) ?? StarlarkValue.none
        case "existing_rules":
            let result = StarlarkDict()
            for rule in build?.rules ?? [] { if let ruleName = rule.name { result[.string(ruleName)] = attributeDict(rule) } }
            return .dict(result)
        case "depset": return depset(arguments)
        case "provider":
            let constructor = StarlarkValue.builtin(StarlarkBuiltin("provider.instance"))
            return arguments.value("init") != nil ? .tuple([constructor, constructor]) : constructor
        case "provider.instance": return .structure(StarlarkStruct(fields: arguments.keywords))
        case "rule", "macro", "repository_rule":
            return .rule(StarlarkRule(kind: "", origin: .defined(name, file: frame.module.path)))
        case "aspect", "module_extension", "tag_class", "transition":
            return .structure(StarlarkStruct(typeName: name, fields: []))
        case "subpackages": return .unknown("subpackages()")
        case "package":
            build?.packageAttributes += arguments.keywords
            return StarlarkValue.none
        case "exports_files", "licenses", "visibility", "package_group", "workspace", "register_toolchains",
            "register_execution_platforms":
            return StarlarkValue.none
        default: return nil
        }
    }

    /// `select({condition: value})`: the branches, conditions as written (a Label's text).
    func select(_ value: StarlarkValue?, _ line: Int, _ frame: StarlarkFrame) -> StarlarkValue {
        guard case .dict(let dict)? = value else {
            if let value, value.isUnknown { return value }
            return unknown("select() needs a dict", line, frame)
        }
        return .select(StarlarkSelect(parts: [.branches(dict.entries.map { ($0.str, $1) })]))
    }

    func glob(_ arguments: StarlarkArguments, _ line: Int, _ frame: StarlarkFrame) throws(StarlarkStop) -> StarlarkValue {
        guard let package = build?.package else {
            warn("glob() outside a BUILD file's evaluation matches nothing", line, frame)
            return .list(StarlarkList())
        }
        let strings = { (value: StarlarkValue?) -> [String]? in
            guard let value else { return [] }
            if let text = value.string { return [text] }
            return value.elements?.compactMap(\.string)
        }
        // Patterns from a file that could not be loaded were reported there already.
        for case let value? in [arguments.value("include", at: 0), arguments.value("exclude", at: 1)] {
            if value.isUnknown { return value }
            if case .rule(let rule) = value { return .unknown("glob() of \(rule.kind), a symbol not loaded") }
        }
        guard let include = strings(arguments.value("include", at: 0)), let exclude = strings(arguments.value("exclude", at: 1)) else {
            return unknown("glob() patterns must be strings", line, frame)
        }
        let directories = arguments.value("exclude_directories")?.truth ?? true
        let files = interpreter.files(inPackage: package)
        // Matching is patterns times files: bounded, so one call cannot take minutes.
        let work = (include.count + exclude.count).multipliedReportingOverflow(by: max(files.count, 1))
        guard !work.overflow, work.partialValue <= 50_000_000 else {
            throw StarlarkStop(frame.location(line), "glob() of \(include.count + exclude.count) patterns over \(files.count) files is refused")
        }
        let matched = StarlarkGlob.match(packageFiles: files, include: include, exclude: exclude, excludeDirectories: directories)
        try checkLength(matched.count, line, frame)
        return .list(StarlarkList(matched.map(StarlarkValue.string)))
    }

    func depset(_ arguments: StarlarkArguments) -> StarlarkValue {
        var elements: [StarlarkValue] = []
        var seen: Set<StarlarkKey> = []
        let add = { (value: StarlarkValue) in
            guard let key = value.hashKey else { return elements.append(value) }
            if seen.insert(key).inserted { elements.append(value) }
        }
        for value in arguments.value("direct", at: 0)?.elements ?? [] { add(value) }
        for transitive in arguments.value("transitive")?.elements ?? [] {
            for value in transitive.elements ?? [] { add(value) }
        }
        return .depset(elements)
    }

    /// A recorded rule as `native.existing_rule()` answers it: its attributes, `kind` added.
    func attributeDict(_ rule: StarlarkRuleCall) -> StarlarkValue {
        let dict = StarlarkDict()
        dict[.string("kind")] = .string(rule.kind)
        for (name, value) in rule.attributes { dict[.string(name)] = value }
        return .dict(dict)
    }
}
