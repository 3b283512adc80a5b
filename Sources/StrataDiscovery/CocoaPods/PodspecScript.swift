import StrataModel
import StrataRuby

/// Reads the Ruby form of a podspec: the `Pod::Spec.new do |s| ... end` block, with any
/// block variable name, its subspecs, test specs and app specs, and platform-scoped
/// attributes (`s.ios.dependency`), which are taken as applying.
struct PodspecScript: RubyScript {
    let path: String
    var locals: [String: RubyValue] = [:]
    var methods: [String: RubyMethod] = [:]
    var diagnostics: [Diagnostic] = []
    var callDepth = 0
    var statementsRun = 0
    var calling: Set<String> = []
    private(set) var root: PodSpec?
    /// The block variables in scope that name a spec: `s`, `ss`, `spec`.
    private var specs: [String: PodSpec] = [:]
    private let fileName: String

    static let platforms: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    /// The root spec of a podspec's Ruby source, with warnings for what could not be read.
    /// Attributes Strata has no use for (`summary`, `source`, `pod_target_xcconfig`, ...) are
    /// read past without a warning.
    static func read(_ source: [UInt8], path: String) -> (spec: PodSpec?, diagnostics: [Diagnostic]) {
        var script = PodspecScript(path: path)
        let statements = RubyParser.parse(source).map { statement -> RubyStatement in
            // `spec = Pod::Spec.new do |s| ... end` declares the spec like the bare form.
            if case .assignment(_, .call(let call), _, _) = statement, isSpecConstructor(call) { return .expression(.call(call)) }
            return statement
        }
        script.run(statements)
        if script.root == nil {
            script.warn(nil, "no `Pod::Spec.new do |s| ... end` found; the podspec was not understood")
        }
        return (script.root, script.diagnostics)
    }

    private init(path: String) {
        self.path = path
        var name = Substring(RepositoryPath.name(of: path))
        if name.hasSuffix(".podspec") { name = name.dropLast(".podspec".count) }
        fileName = String(name)
    }

    private static func isSpecConstructor(_ call: RubyCall) -> Bool {
        guard call.name == "new", call.block != nil, case .constant(let type, _)? = call.receiver else { return false }
        return type == "Pod::Spec" || type == "Pod::Specification" || type == "Spec"
    }

    func evaluator() -> RubyEvaluator {
        var evaluator = RubyEvaluator(locals: locals)
        let specs = specs, root = root, locals = locals
        evaluator.resolve = { call in
            guard call.block == nil, case .name(let variable, _)? = call.receiver, locals[variable] == nil,
                let spec = specs[variable]
            else { return nil }
            switch call.name {
            case "name": return .string(spec.fullName)
            case "version": return (root?.version).map(RubyValue.string)
            case "module_name": return (spec.moduleName ?? root?.moduleName).map(RubyValue.string)
            // Podspecs ask `s.respond_to?(:swift_versions)` to support old CocoaPods; the
            // current one answers yes.
            case "respond_to?": return .bool(true)
            case _ where Self.platforms.contains(call.name) && call.arguments.isEmpty: return .reference(variable + "." + call.name)
            default: return nil
            }
        }
        return evaluator
    }

    /// A call on a spec (`s.name = …`, `s.dependency …`, `s.subspec … do`), or the
    /// `Pod::Spec.new` block that declares the root spec; false for any other call.
    mutating func perform(_ call: RubyCall, assigning value: RubyExpression?) -> Bool {
        if Self.isSpecConstructor(call), let block = call.block {
            declareRoot(call, block: block)
            return true
        }
        guard let (spec, variable) = specReceiver(call.receiver) else { return false }
        let argument: RubyExpression? = value ?? {
            let positional = call.positional
            return positional.count > 1 ? .array(positional, line: call.line) : positional.first
        }()
        let attribute = call.name
        switch attribute {
        case "name", "version", "module_name":
            if let argument { identity(attribute, argument, of: spec, line: call.line) }
        case "source_files", "exclude_files", "public_header_files":
            if let argument { files(attribute, argument, of: spec, line: call.line) }
        case "dependency":
            guard let first = call.positional.first ?? value else { return true }
            dependency(first, of: spec, line: call.line)
        case "dependencies":
            guard let argument, case .hash(let pairs) = evaluate(argument) else { return true }
            for pair in pairs {
                if let name = pair.key.text { spec.addDependency(name, file: path, line: call.line) }
            }
        case "subspec", "test_spec", "app_spec":
            subspec(call, of: spec, written: variable)
        case "default_subspec", "default_subspecs":
            guard let argument else { return true }
            defaultSubspecs(argument, of: spec, attribute: attribute, line: call.line)
        case "static_framework":
            guard let argument else { return true }
            staticFramework(argument, of: spec, written: variable, line: call.line)
        case "test_type":
            if let argument, let type = evaluate(argument).text { spec.testType = type }
        case "frameworks", "framework", "weak_frameworks", "weak_framework":
            for name in argument.flatMap({ evaluate($0).texts }) ?? [] { spec.addFramework(name, file: path, line: call.line) }
        case "vendored_frameworks", "vendored_framework", "vendored_libraries", "vendored_library":
            for file in argument.flatMap({ evaluate($0).texts }) ?? [] { spec.addVendoredBinary(file, file: path, line: call.line) }
        default:
            break  // summary, source, resources, xcconfig, deployment_target, ...: nothing Strata reads
        }
        return true
    }

    /// `Pod::Spec.new do |s| … end`: the root spec, named after the file until `s.name` says
    /// otherwise, and its block run; a second one is left out.
    private mutating func declareRoot(_ call: RubyCall, block: RubyBlock) {
        guard root == nil else {
            warn(call.line, "a second `Pod::Spec.new` in one podspec; only the first is read")
            return
        }
        let spec = PodSpec(role: .root, name: fileName, fullName: fileName, line: call.line)
        root = spec
        within(spec, as: block.parameters.first) { $0.run(block.body) }
    }

    /// `s.name` (of the root spec only), `s.version` and `s.module_name`: what the pod and its
    /// module are called.
    private mutating func identity(_ attribute: String, _ argument: RubyExpression, of spec: PodSpec, line: Int) {
        switch attribute {
        case "name":
            guard spec.role == .root else { return }
            let value = evaluate(argument)
            if let name = value.text {
                spec.name = name
                spec.fullName = name
            } else {
                warn(line, "pod name \(RubyValue.unevaluated(argument, value)); the file name \(fileName) is used")
            }
        case "version":
            spec.version = evaluate(argument).text
        case "module_name":
            let value = evaluate(argument)
            if let name = value.text {
                spec.moduleName = name
            } else {
                warn(line, "module_name \(RubyValue.unevaluated(argument, value)); the pod name is used")
            }
        default:
            break
        }
    }

    /// `s.source_files`, `s.exclude_files` and `s.public_header_files`: the patterns, added to those given already.
    private mutating func files(_ attribute: String, _ argument: RubyExpression, of spec: PodSpec, line: Int) {
        let value = evaluate(argument)
        guard let patterns = value.texts else {
            warn(line, "\(attribute) \(RubyValue.unevaluated(argument, value)); the files it names are missing")
            return
        }
        switch attribute {
        case "source_files": spec.sourceFiles += patterns
        case "exclude_files": spec.excludeFiles += patterns
        default: spec.publicHeaderFiles += patterns
        }
    }

    /// `s.dependency 'Name', '~> 1.0'`: the pod its first argument names.
    private mutating func dependency(_ first: RubyExpression, of spec: PodSpec, line: Int) {
        let value = evaluate(first)
        if let name = value.text {
            spec.addDependency(name, file: path, line: line)
        } else {
            warn(line, "dependency \(RubyValue.unevaluated(first, value)); it is left out")
        }
    }

    /// `s.subspec 'Name' do |ss| … end` (or a test or app spec): the child spec and its block.
    private mutating func subspec(_ call: RubyCall, of spec: PodSpec, written variable: String) {
        let attribute = call.name
        guard let block = call.block else {
            warn(call.line, "`\(variable).\(attribute)` without a block; skipped")
            return
        }
        let fallback = attribute == "app_spec" ? "App" : "Tests"
        let nameValue = call.positional.first.map(evaluate)
        guard let name = nameValue?.text ?? (attribute == "subspec" ? nil : fallback) else {
            let written = call.positional.first.map { RubyValue.unevaluated($0, nameValue ?? .null) } ?? "is missing"
            warn(call.line, "subspec name \(written); the subspec is left out")
            return
        }
        let role: PodSpec.Role = attribute == "subspec" ? .subspec : attribute == "test_spec" ? .test : .app
        let child = spec.addChild(role: role, name: name, line: call.line)
        within(child, as: block.parameters.first) { $0.run(block.body) }
    }

    /// `s.static_framework = true`: the pod is static whatever the Podfile says.
    private mutating func staticFramework(_ argument: RubyExpression, of spec: PodSpec, written variable: String, line: Int) {
        let value = evaluate(argument)
        switch value.truthy {
        case true?:
            spec.staticFramework = Linkage(.static, evidence: Location(file: path, line: line), reason: "\(variable).static_framework = true")
        case false?:
            spec.staticFramework = nil
        case nil:
            warn(line, "static_framework \(RubyValue.unevaluated(argument, value)); the Podfile decides the linkage")
        }
    }

    /// `s.default_subspecs = …`: the names, or `:none`.
    private mutating func defaultSubspecs(_ argument: RubyExpression, of spec: PodSpec, attribute: String, line: Int) {
        let evaluated = evaluate(argument)
        if case .symbol("none") = evaluated {
            spec.defaultSubspecs = []
        } else if let names = evaluated.texts {
            spec.defaultSubspecs = names
        } else {
            warn(line, "\(attribute) \(RubyValue.unevaluated(argument, evaluated)); every subspec is read")
        }
        spec.defaultSubspecsLine = line
    }

    /// The spec a call is made on: `s.attribute` or a platform-scoped `s.ios.attribute`,
    /// with the receiver as written, for messages.
    private func specReceiver(_ receiver: RubyExpression?) -> (PodSpec, String)? {
        switch receiver {
        case .name(let variable, _)?:
            if case .reference(let reference)? = locals[variable] {  // a loop variable bound to `s.ios`
                let variable = String(reference.split(separator: ".").first ?? "")
                return specs[variable].map { ($0, reference) }
            }
            guard locals[variable] == nil, let spec = specs[variable] else { return nil }
            return (spec, variable)
        case .call(let scoped)?:
            guard scoped.arguments.isEmpty, scoped.block == nil, Self.platforms.contains(scoped.name),
                case .name(let variable, _)? = scoped.receiver, locals[variable] == nil, let spec = specs[variable]
            else { return nil }
            return (spec, variable + "." + scoped.name)
        default:
            return nil
        }
    }

    /// Runs `body` with the block variable `name` naming `spec`.
    private mutating func within(_ spec: PodSpec, as name: String?, _ body: (inout PodspecScript) -> Void) {
        guard let name else {  // `ss.subspec 'Default' do ... end`: nothing to name
            body(&self)
            return
        }
        let outer = specs[name]
        specs[name] = spec
        body(&self)
        specs[name] = outer
    }
}
