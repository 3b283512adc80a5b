import StrataModel
import StrataRuby

/// One `target` or `abstract_target` of a Podfile, as declared; the Podfile's top level
/// is the implicit abstract target `Pods` that every target inherits from.
struct PodfileTarget {
    /// What a nested target takes from its parent (`inherit!`).
    enum Inheritance: String {
        /// The default: the parent's pods are the target's too.
        case complete
        /// `inherit! :none`: nothing.
        case none
        /// `inherit! :search_paths`: test bundles hosted by the parent app see its pods
        /// without linking them, so the pods are not the target's dependencies.
        case searchPaths = "search_paths"
    }

    var name: String
    var line: Int
    var parent: Int?
    var isAbstract: Bool
    var inheritance = Inheritance.complete
    var pods: [DeclaredDependency] = []
    /// The `use_frameworks!` written in this target, if any (children inherit it).
    var frameworks: Linkage?
}

/// Reads the Podfile DSL: targets (nested, abstract, from `def` helpers), `pod` lines,
/// `inherit!` and `use_frameworks!`. Hooks such as `post_install` are skipped unread.
struct PodfileScript: RubyScript {
    let path: String
    var locals: [String: RubyValue] = [:]
    var methods: [String: RubyMethod] = [:]
    var diagnostics: [Diagnostic] = []
    var callDepth = 0
    var statementsRun = 0
    var calling: Set<String> = []
    private(set) var definitions = [PodfileTarget(name: "Pods", line: 0, parent: nil, isAbstract: true)]
    /// Root names of the pods the Podfile takes from a folder (`:path`, `:podspec`).
    private(set) var localPods: Set<String> = []
    /// Root names of the other pods (spec repos, `:git`).
    private(set) var remotePods: Set<String> = []
    private var current = 0

    /// Podfile words that declare nothing Strata reads.
    static let ignored: Set<String> = [
        "platform", "source", "project", "xcodeproj", "workspace", "inhibit_all_warnings!", "use_modular_headers!",
        "install!", "plugin", "ensure_bundler!", "supports_swift_versions", "link_with", "set_arc_compatibility_flag!",
        "generate_bundle_identifiers_for_test_targets", "script_phase", "post_install", "pre_install",
        "post_integrate", "pre_integrate",
    ]

    static func read(_ source: [UInt8], path: String) -> PodfileScript {
        var script = PodfileScript(path: path)
        script.run(RubyParser.parse(source))
        return script
    }

    private init(path: String) {
        self.path = path
    }

    func evaluator() -> RubyEvaluator { RubyEvaluator(locals: locals) }

    mutating func perform(_ call: RubyCall, assigning value: RubyExpression?) -> Bool {
        guard call.receiver == nil else { return false }
        if value != nil { return false }
        switch call.name {
        case "target", "abstract_target":
            guard let first = call.positional.first, let name = evaluate(first).text else {
                let written = call.positional.first.map { RubyValue.unevaluated($0, evaluate($0)) } ?? "is missing"
                warn(call.line, "target name \(written); the target and its pods are missing")
                return true
            }
            definitions.append(PodfileTarget(name: name, line: call.line, parent: current, isAbstract: call.name == "abstract_target"))
            if let block = call.block {
                let outer = current
                current = definitions.count - 1
                run(block.body)
                current = outer
            }
        case "abstract!":
            definitions[current].isAbstract = call.positional.first.map { evaluate($0).truthy ?? true } ?? true
        case "inherit!":
            let mode = call.positional.first.flatMap { evaluate($0).text }
            if let mode, let inheritance = PodfileTarget.Inheritance(rawValue: mode) {
                definitions[current].inheritance = inheritance
            } else {
                warn(call.line, "inherit! `\(call.positional.first?.description ?? "")` not understood; the parent's pods are inherited")
            }
        case "pod":
            pod(call)
        case "use_frameworks!":
            definitions[current].frameworks = frameworks(call)
        case "podspec":
            warn(call.line, "`podspec` in a Podfile: the dependencies of that podspec are not added to target \(definitions[current].name)")
        default:
            return Self.ignored.contains(call.name)
        }
        return true
    }

    /// `pod 'A'`, `pod 'A/Sub'`, `pod 'A', :subspecs => ['X', 'Y']`, `pod 'A', :path => '..'`.
    private mutating func pod(_ call: RubyCall) {
        guard let first = call.positional.first, let name = evaluate(first).text else {
            let written = call.positional.first.map { RubyValue.unevaluated($0, evaluate($0)) } ?? "is missing"
            warn(call.line, "pod name \(written); the pod is left out")
            return
        }
        let evidence = Location(file: path, line: call.line)
        var pods = [DeclaredDependency.pod(named: name, evidence: evidence)]
        let root = pods[0].podName
        if call.option("path") != nil || call.option("podspec") != nil { localPods.insert(root) } else { remotePods.insert(root) }
        if let subspecs = call.option("subspecs") {
            let value = evaluate(subspecs)
            if let list = value.texts {
                pods = list.map { .pod(named: name + "/" + $0, evidence: evidence) }
            } else {
                warn(call.line, "subspecs \(RubyValue.unevaluated(subspecs, value)); the whole pod is used")
            }
        }
        definitions[current].pods += pods
    }

    /// `use_frameworks!` makes pods dynamic frameworks, `:linkage => :static` static ones,
    /// `use_frameworks! false` keeps them static libraries.
    private mutating func frameworks(_ call: RubyCall) -> Linkage {
        let evidence = Location(file: path, line: call.line)
        if let flag = call.positional.first {
            let value = evaluate(flag)
            switch value.truthy {
            case false?: return Linkage(.static, evidence: evidence, reason: "use_frameworks! false: pods are static libraries")
            case nil:
                warn(call.line, "use_frameworks! \(RubyValue.unevaluated(flag, value)); pods are taken as dynamic frameworks")
            case true?: break
            }
        }
        guard let option = call.option("linkage") else { return Linkage(.dynamic, evidence: evidence, reason: "use_frameworks!") }
        let value = evaluate(option)
        switch value.text {
        case "static": return Linkage(.static, evidence: evidence, reason: "use_frameworks! :linkage => :static")
        case "dynamic": return Linkage(.dynamic, evidence: evidence, reason: "use_frameworks! :linkage => :dynamic")
        default:
            warn(call.line, "use_frameworks! linkage \(RubyValue.unevaluated(option, value)); the pods' linkage is unknown")
            return Linkage(.unknown, evidence: evidence, reason: "use_frameworks! :linkage => \(option.description)")
        }
    }

    /// The pods a target uses: its own, then those it inherits (`inherit!` permitting),
    /// each name once, from its first declaration.
    func pods(of index: Int) -> [DeclaredDependency] {
        var result = definitions[index].pods
        var node = index
        while definitions[node].inheritance == .complete, let parent = definitions[node].parent {
            result += definitions[parent].pods
            node = parent
        }
        var seen: Set<String> = []
        return result.filter { seen.insert($0.name).inserted }
    }

    /// The nearest `use_frameworks!` up the target's ancestry; settings are inherited even
    /// where pods are not.
    func frameworks(of index: Int) -> Linkage? {
        var node: Int? = index
        while let current = node {
            if let linkage = definitions[current].frameworks { return linkage }
            node = definitions[current].parent
        }
        return nil
    }
}
