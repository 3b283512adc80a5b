import StrataModel

/// A family of dependency-injection syntax Strata recognises: what it is (`definition`: its id,
/// what it looks like, the scan's marks for it and the fixtures showing it) and the code that
/// decides what each of its facts registers or resolves. A new family is a file in this folder
/// with a type conforming to `InjectionFamily` and its line in `InjectionFamilies.all`
/// (`InjectionRecognizer.swift`, beside what families read across the repository); syntax
/// the scan does not record yet is read in `StrataScan` (`InjectionVisitor`'s files).
protocol InjectionFamily: SendableMetatype {
    static var definition: InjectionFamilyDefinition { get }
    /// Whether the family claims a fact of a file; what it registers or resolves goes into
    /// `found`, and a claimed fact may give nothing (a call of its shape it cannot read). The
    /// first family of `InjectionFamilies.all` claiming a fact decides it.
    static func claims(_ fact: InjectionFact, _ found: inout InjectionRecognition, _ recognizer: InjectionRecognizer) -> Bool
}

/// What a DI family is, for people and for the catalog's test.
package struct InjectionFamilyDefinition: Sendable {
    /// A stable id, `swinject`.
    package var id: String
    package var title: String
    /// What its code looks like.
    package var summary: String
    /// The built-in names the scan looks for on its behalf: a file spelling none of any
    /// family's (`InjectionScanner.mayInject`, whose byte filter holds them all, which the
    /// catalog's test checks) is not walked for DI at all; one spelling any is walked for every
    /// family, and the walk records what it finds (`InjectionFact.Shape`).
    package var marks: [String]
    /// Spellings under `Tests/Fixtures/Injection/` (`family/spelling`) in which it recognises
    /// something, and one in which it recognises nothing; empty when no fixture shows it.
    package var triggers: [String]
    package var passes: String?
}

/// What the facts of one file register and resolve, filled fact by fact by the families.
struct InjectionRecognition {
    let file: SourceFile
    private let module: String
    private(set) var registrations: [InjectionRecognizer.Recognized<Registration>] = []
    private(set) var resolutions: [InjectionRecognizer.Recognized<Resolution>] = []
    /// The fact being recognised, its index in the file's facts, where it is and its names.
    private(set) var index = 0
    private(set) var evidence = Location(file: "", line: 0)
    private var named: InjectionRecognizer.Names = ([nil], false, nil)
    /// The id of the family that claims it.
    var family = ""

    init(file: SourceFile, module: String) {
        self.file = file
        self.module = module
    }

    mutating func start(_ index: Int, named: InjectionRecognizer.Names) {
        self.index = index
        self.named = named
        evidence = Location(file: file.path, line: file.facts.injections[index].line)
    }

    /// A registration; a name computed to several strings (a registration in a loop) is one
    /// entry per name.
    mutating func register(
        _ namespace: InjectionRecognizer.Namespace, api: String, service: String, implementation: String?, type: String? = nil,
        kind: Registration.Kind = .definition, values: [String] = [], keyMismatch: Registration.KeyMismatch? = nil
    ) {
        let fact = file.facts.injections[index]
        for name in named.names {
            var registration = Registration(
                api: api, service: service, name: name, implementation: implementation, type: type,
                scope: fact.scope, module: module, evidence: evidence, dynamicName: named.dynamic, kind: kind, values: values)
            registration.unboundedName = named.unbounded
            registration.keyMismatch = keyMismatch
            registrations.append(.init(value: registration, family: namespace, fact: index, by: family))
        }
    }

    /// A resolution, checked at run time by default when it is a container's.
    mutating func resolve(_ namespace: InjectionRecognizer.Namespace, api: String, service: String, checkedAtRunTime: Bool? = nil) {
        for name in named.names {
            var resolution = Resolution(
                api: api, service: service, name: name, module: module, evidence: evidence,
                checkedAtRunTime: checkedAtRunTime ?? (namespace == .container), dynamicName: named.dynamic)
            resolution.unboundedName = named.unbounded
            resolutions.append(.init(value: resolution, family: namespace, fact: index, by: family))
        }
    }
}
