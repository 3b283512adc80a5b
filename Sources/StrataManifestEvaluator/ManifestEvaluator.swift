import StrataParsing
import StrataSourceTree
import SwiftIfConfig
import SwiftSyntax

/// Evaluates a Swift manifest statically: its top level statement by statement, with the
/// declarations of its helper files in scope. Nothing is compiled or run.
///
/// Understood: `let`/`var` bindings; literals, string interpolation, arrays and `+`; calls
/// kept as `ManifestCall` values; `#if` and `if` (environment variables read as unset, as a
/// plain build sees them, and noted in `environmentReads`); ternaries; `x.append(...)`, `x += ...` and `x = ...` on variables
/// and their arguments (`package.targets.append(...)`); enums (cases, raw values, `allCases`,
/// computed properties and methods that `switch self`), structs (memberwise and written
/// initializers, computed properties, methods), protocol extensions, static members and
/// functions of any type, chosen by argument labels and by the type the context expects
/// (`.feature(...)` in `targets:` is `Target.feature`), bodies of several statements (`let`,
/// `var`, `if`/`if let`, `guard`, `switch`, `for`, `return`), closures for `map`, `flatMap`,
/// `compactMap`, `filter`, `reduce`, common `String` methods, `??`, tuples (built, read by label
/// and position, taken apart).
///
/// Everything else becomes `.unknown` with a reason and line, or a skipped statement.
package struct ManifestEvaluator {
    /// Lines in values are positions: `file × fileStride + line`, file 0 being the manifest, so
    /// that a manifest read alone has plain line numbers. `location(of:)` decodes them.
    package static let fileStride = 1 << 24

    /// The manifest's top-level constants and variables, as its statements left them.
    package internal(set) var variables: [String: ManifestValue] = [:]
    /// Statements that could not be evaluated and look like they define targets or products.
    package internal(set) var skipped: [(line: Int, reason: String)] = []
    /// Conditions that could not be decided and were taken as false.
    package internal(set) var assumptions: [(line: Int, reason: String)] = []
    /// What kept the parser from reading all of a file: syntax errors, nesting too deep.
    package internal(set) var problems: [(line: Int, reason: String)] = []
    /// Environment variables the manifest read, each taken as unset, with the first line of
    /// the manifest that read it.
    package internal(set) var environmentReads: [(line: Int, name: String)] = []

    /// The types arguments of unknown calls have, by label (`product:` is a `Product`): what
    /// implicit members such as `.feature(...)` written there belong to.
    let argumentTypes: [String: String]
    /// What `#if` sees where the manifest is compiled and run (`ManifestHost` in discovery).
    let manifestConfiguration: any BuildConfiguration
    var files: [(path: String, lines: LineTable)] = []
    var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    var declarations = ManifestDeclarations()
    var variableOrigins: [String: Int] = [:]
    var variableTypes: [String: String] = [:]
    var depth = 0
    /// Positions of the manifest's own top-level expressions being evaluated, innermost last:
    /// the lines a helper's result is reported at.
    var sites: [Int] = []
    /// How many function and property bodies are being evaluated: expressions inside them are
    /// not sites, even in the manifest itself.
    var bodies = 0
    /// Functions being evaluated: manifests do not recurse, so a call back into one is a
    /// helper shadowing a built-in of the same name.
    var active: Set<SyntaxIdentifier> = []
    /// Changes made through a variable to a target listed elsewhere, bounded: each walks
    /// every top-level value.
    var sharedUpdates = 0
    /// Names a `for` loop binds, whose changes the loop writes back itself.
    var loopVariables: Set<String> = []
    /// Where the value the last `value(of:)` returned was written.
    var origin = 0
    /// The declared types of what the last `switch` pattern bound from enum payloads.
    var bindingTypes: [String: String] = [:]

    /// Evaluates `sources[0]` with the declarations of the other sources (helper files) in
    /// scope, its `#if` decided as the compiler decides them in `configuration`.
    package init(sources: [(path: String, source: [UInt8])], argumentTypes: [String: String] = [:], configuration: any BuildConfiguration) {
        self.argumentTypes = argumentTypes
        manifestConfiguration = configuration
        var trees: [SourceFileSyntax] = []
        for (index, file) in sources.enumerated() {
            let parsed = BoundedParse(file.source)
            files.append((file.path, parsed.lines))  // offsets in what was parsed
            fileOfRoot[Syntax(parsed.tree).id] = index
            trees.append(parsed.tree)
            for problem in parsed.problems { problems.append((index * Self.fileStride + (problem.line ?? 1), problem.message)) }
        }
        let configuration = manifestConfiguration
        for (index, tree) in trees.enumerated() {
            declarations.collect(tree.statements, helper: index > 0) { Self.chosenClause($0, in: configuration) }
        }
        if let manifest = trees.first {
            var scope = Scope()
            scope.topLevel = true
            _ = execute(manifest.statements, &scope)
        }
    }

    /// The file (as given to `init`) and line of a position.
    package func location(of position: Int) -> (file: String, line: Int) {
        let index = position / Self.fileStride
        return (index < files.count ? files[index].path : "", position % Self.fileStride)
    }

    func position(_ node: some SyntaxProtocol) -> Int {
        let file = fileOfRoot[node.root.id] ?? 0
        return file * Self.fileStride + files[file].lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// What is visible where an expression is evaluated.
    struct Scope {
        var values: [String: ManifestValue] = [:]
        var origins: [String: Int] = [:]
        /// Declared types of parameters and annotated bindings.
        var types: [String: String] = [:]
        /// Local computed variables and functions.
        var computed: [String: ManifestDeclarations.Member] = [:]
        var functions: [String: [FunctionDeclSyntax]] = [:]
        /// Inside a method or property: the instance, and its type (the type alone in a
        /// static member).
        var selfValue: ManifestValue?
        var selfType: String?
        var returnType: String?
        /// The manifest's top level, whose bindings are `variables`.
        var topLevel = false
    }

    enum Flow {
        case normal, returned(ManifestValue), broke, continued
    }

    /// `ProcessInfo.processInfo.environment`, `Context.environment` as a value (`let env = ...`),
    /// and its `keys`: what reads through them read an unset variable.
    static let environment = "#environment", environmentKeys = "#environment.keys"
    /// A dictionary literal with string keys, kept as a call whose labels are the keys.
    package static let dictionary = "#dictionary"

    /// Notes that the manifest read an environment variable, which a plain build sees unset.
    mutating func readEnvironment(_ name: String, at: Int) {
        guard !environmentReads.contains(where: { $0.name == name }) else { return }
        environmentReads.append((sites.first ?? at, name))
    }

    /// One note for the manifest: which variables it read as unset, at the first line that read one.
    package var environmentNote: (line: Int, message: String)? {
        guard let first = environmentReads.first else { return nil }
        let names = environmentReads.map(\.name)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return (first.line, "\(list) read as unset, as a plain build sees \(names.count == 1 ? "it" : "them")")
    }

    // MARK: - Expressions

    /// The value of an expression, and in `origin` where that value was written.
    mutating func value(of expr: ExprSyntax, _ scope: Scope, expecting type: String? = nil) -> ManifestValue {
        let at = position(expr)
        depth += 1
        defer { depth -= 1 }
        guard depth < 150 else {
            origin = at
            return .unknown(reason: "expression nested too deeply", line: at)
        }
        let inManifest = at < Self.fileStride && bodies == 0
        if inManifest { sites.append(at) }
        defer { if inManifest { sites.removeLast() } }
        var passed = false
        let result = valueInside(expr, scope, type, at, &passed)
        if !passed { origin = at }
        return result
    }

    /// `passed` is set when the value comes from elsewhere (a variable, a parameter, a
    /// function's result), whose `origin` is then already set.
    mutating func valueInside(_ expr: ExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        switch expr.as(ExprSyntaxEnum.self) {
        case .stringLiteralExpr(let literal):
            return valueOfString(literal, scope, at)
        case .integerLiteralExpr(let literal):
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(ManifestValue.int)
                ?? .unknown(reason: "integer", line: at)
        case .booleanLiteralExpr(let literal):
            return .bool(literal.literal.text == "true")
        case .nilLiteralExpr:
            return .null
        case .dictionaryExpr(let dictionary):
            return valueOfDictionary(dictionary, scope, at)
        case .arrayExpr(let array):
            let element = ManifestDeclarations.elementType(type)
            return .array(array.elements.map { value(of: $0.expression, scope, expecting: element) })
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return valueOfTuple(tuple, scope, type) }
            return valueThrough(only.expression, scope, type, &passed)
        case .declReferenceExpr(let reference):
            return valueOfReference(reference.baseName.text, scope, at, &passed)
        case .memberAccessExpr(let member):
            return valueOfMember(member, scope, type, at, &passed)
        case .functionCallExpr(let call):
            return projectCall(call, scope, type, at, &passed)
        case .sequenceExpr(let sequence):
            return valueOfSequence(Array(sequence.elements), scope, type, &passed)
        case .subscriptCallExpr(let subscriptCall):
            if let value = valueOfSubscript(subscriptCall, scope, at, &passed) { return value }
        case .prefixOperatorExpr(let prefix) where prefix.operator.text == "!":
            if let value = truth(value(of: prefix.expression, scope)) { return .bool(!value) }
            return .unknown(reason: "`\(expr.trimmedDescription)`", line: at)
        case .ternaryExpr(let ternary):
            let condition = truth(value(of: ternary.condition, scope))
            return valueThrough(condition == true ? ternary.thenExpression : ternary.elseExpression, scope, type, &passed)
        case .forceUnwrapExpr(let node): return valueThrough(node.expression, scope, type, &passed)
        case .optionalChainingExpr(let node): return valueThrough(node.expression, scope, type, &passed)
        case .tryExpr(let node): return valueThrough(node.expression, scope, type, &passed)
        case .awaitExpr(let node): return valueThrough(node.expression, scope, type, &passed)
        case .asExpr(let node): return valueThrough(node.expression, scope, type, &passed)
        case .switchExpr(let node):
            return valueOfSwitch(node, scope, at, &passed)
        case .ifExpr(let node):
            return valueOfIf(node, scope, type, at, &passed)
        default:
            break
        }
        return .unknown(reason: "`\(Self.abbreviate(expr))`", line: at)
    }

    /// An expression whose value is its operand's: `(x)`, `x!`, `x?`, `try x`, `await x`,
    /// `x as T`, the branch a ternary takes.
    mutating func valueThrough(_ operand: ExprSyntax, _ scope: Scope, _ type: String?, _ passed: inout Bool) -> ManifestValue {
        passed = true
        return value(of: operand, scope, expecting: type)
    }

    /// `["SWIFT_VERSION": "5.0"]`: string keys as labels, read back by subscript.
    mutating func valueOfDictionary(_ dictionary: DictionaryExprSyntax, _ scope: Scope, _ at: Int) -> ManifestValue {
        guard case .elements(let elements) = dictionary.content else { return .call(ManifestCall(name: Self.dictionary, arguments: [], line: at)) }
        var arguments: [ManifestCall.Argument] = []
        for element in elements {
            guard let key = value(of: element.key, scope).string else { return .unknown(reason: "a dictionary key not known statically", line: at) }
            arguments.append(.init(label: key, value: value(of: element.value, scope), line: position(element.value)))
        }
        return .call(ManifestCall(name: Self.dictionary, arguments: arguments, line: at))
    }

    /// A `switch` used as a value: the value of the case a known subject takes.
    mutating func valueOfSwitch(_ node: SwitchExprSyntax, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        var inner = scope
        guard let statements = chooseCase(node, &inner) else {
            return .unknown(reason: "`switch \(node.subject.trimmedDescription)` with no case taken statically", line: at)
        }
        passed = true
        return blockValue(statements, &inner, at: at, what: "a switch case")
    }

    /// An `if` used as a value: the value of the branch its conditions take, `nil` without one.
    mutating func valueOfIf(_ node: IfExprSyntax, _ scope: Scope, _ type: String?, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        var inner = scope
        let condition = decide(node.conditions, &inner, at: at, what: "if")
        passed = true
        if condition == true { return blockValue(node.body.statements, &inner, at: at, what: "an if branch") }
        switch node.elseBody {
        case .codeBlock(let block)?: return blockValue(block.statements, &inner, at: at, what: "an else branch")
        case .ifExpr(let nested)?: return value(of: ExprSyntax(nested), inner, expecting: type)
        case nil: return .null
        }
    }

    /// A string literal: escapes resolved as the compiler does (`"Q\"uote"` is `Q"uote`); with
    /// interpolation, segments are taken as written.
    mutating func valueOfString(_ literal: StringLiteralExprSyntax, _ scope: Scope, _ at: Int) -> ManifestValue {
        if let plain = literal.representedLiteralValue { return .string(plain, line: at) }
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self),
                interpolation.expressions.count == 1, let inner = interpolation.expressions.first
            {
                let value = self.value(of: inner.expression, scope)
                guard let piece = describe(value) else {
                    return .unknown(reason: "string interpolation `\(inner.trimmedDescription)`", line: at)
                }
                text += piece
            }
        }
        return .string(text, line: at)
    }

    /// `environment["KEY"]` (unset), `array[index]` or `dictionary[key]` when known; nil for
    /// any other subscript.
    mutating func valueOfSubscript(_ subscriptCall: SubscriptCallExprSyntax, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue? {
        let base = value(of: subscriptCall.calledExpression, scope)
        if base.call?.name == Self.environment || subscriptCall.calledExpression.trimmedDescription.hasSuffix("environment") {
            // A plain `swift build` sees every variable unset; Strata's own environment is
            // never read into a manifest.
            let key = subscriptCall.arguments.first.map { value(of: $0.expression, scope) }
            readEnvironment(key?.string ?? subscriptCall.arguments.first.map { Self.abbreviate($0.expression) } ?? "", at: at)
            return .null
        }
        guard subscriptCall.arguments.count == 1, let index = subscriptCall.arguments.first?.expression else { return nil }
        if case .array(let items) = base, case .int(let offset) = value(of: index, scope), items.indices.contains(offset) {
            passed = true
            return items[offset]
        }
        if case .call(let call) = base, call.name == Self.dictionary, let key = value(of: index, scope).string {
            passed = true
            return call[key] ?? .null
        }
        return nil
    }

    /// A value as string interpolation writes it, when it is known.
    func describe(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text, _): text
        case .int(let number): String(number)
        case .bool(let truth): String(truth)
        case .member(let name): name
        default: nil
        }
    }

    mutating func valueOfReference(_ name: String, _ scope: Scope, _ at: Int, _ passed: inout Bool) -> ManifestValue {
        if let (value, origin) = lookUp(name, scope) {
            self.origin = origin ?? at
            passed = true
            return value
        }
        if name == "self", let selfValue = scope.selfValue { return selfValue }
        if let member = scope.computed[name] {
            passed = true
            var inner = scope
            inner.returnType = member.type
            return bodyValue(member.body, &inner, type: member.type, at: at)
        }
        if let result = memberOfSelf(name, scope, at, &passed) { return result }
        if let global = declarations.globals[name] {
            passed = true
            var inner = Scope()
            inner.returnType = global.type
            return bodyValue(global.body, &inner, type: global.type, at: at)
        }
        return .unknown(reason: "`\(name)` is not known statically", line: at)
    }

    // MARK: - #if

    /// The clause the compiler takes when it builds the manifest in `configuration`.
    static func chosenClause(_ node: IfConfigDeclSyntax, in configuration: any BuildConfiguration) -> IfConfigClauseSyntax? {
        node.activeClause(in: configuration).clause
    }

    /// The expression as written, on one line, at most 60 characters: rendered token by token
    /// up to there (a fuzzed 50 KB expression, abbreviated at each of its levels, took 0.8 s
    /// when each rendered it whole).
    static func abbreviate(_ expr: ExprSyntax) -> String {
        var text = ""
        for token in expr.tokens(viewMode: .sourceAccurate) {
            if !text.isEmpty, !(token.leadingTrivia.isEmpty && token.previousToken(viewMode: .sourceAccurate)?.trailingTrivia.isEmpty != false) {
                text += " "
            }
            text += token.text
            if text.count > 60 { break }
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
