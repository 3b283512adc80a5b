import StrataModel
@_spi(RawSyntax) import SwiftSyntax

extension InjectionScanner {
    /// The nodes the walk must enter: those whose visit may record a fact or change what a
    /// later visit records (a type, a function, a variable with attributes, a type annotation
    /// naming `Factory` or a member's, a call of a configured name), and their ancestors. Found
    /// on the raw tree, which is far cheaper to walk than the visitor's; the visitor skips
    /// every other subtree, most of a file.
    struct Relevance {
        private let names: [[UInt8]]
        private(set) var nodes = Set<RawSyntax.ID>()

        init(calls: Set<String>) {
            names = calls.map { Array($0.utf8) }
        }

        /// A layout node marked, once its children were, during `FileScanner.collect`'s walk;
        /// returns whether it is relevant.
        mutating func mark(_ raw: RawSyntax, kind: SyntaxKind, parent: SyntaxKind?, below: Bool) -> Bool {
            let found = below || isTrigger(raw, kind: kind, parent: parent)
            if found { nodes.insert(raw.id) }
            return found
        }

        private func named(_ text: SyntaxText) -> Bool {
            names.contains { name in
                name.count == text.count && name.withUnsafeBufferPointer { SyntaxText(baseAddress: $0.baseAddress, count: $0.count) == text }
            }
        }

        private func isTrigger(_ raw: RawSyntax, kind: SyntaxKind, parent: SyntaxKind?) -> Bool {
            switch kind {
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .functionDecl:
                return true
            case .variableDecl:
                guard let variable = raw.as(RawVariableDeclSyntax.self) else { return true }
                if parent == .memberBlockItem || !variable.attributes.elements.isEmpty { return true }
                return variable.bindings.elements.contains { binding in
                    guard let type = binding.typeAnnotation?.type.as(RawIdentifierTypeSyntax.self) else { return false }
                    return Relevance.factoryTypeNames.contains(type.name.tokenText)
                }
            case .functionCallExpr:
                guard let call = raw.as(RawFunctionCallExprSyntax.self) else { return true }
                let called = call.calledExpression
                if let member = called.as(RawMemberAccessExprSyntax.self) {
                    return named(member.declName.baseName.tokenText) || Self.isWrapper(member.declName.baseName.tokenText)
                }
                if let reference = called.as(RawDeclReferenceExprSyntax.self) {
                    return named(reference.baseName.tokenText) || Self.isWrapper(reference.baseName.tokenText)
                }
                // `Injected<P>(\.x)`, and `self[keyPath: path]()`: a factory resolved by key path.
                if let generic = called.as(RawGenericSpecializationExprSyntax.self) {
                    return generic.expression.as(RawDeclReferenceExprSyntax.self).map { Self.isWrapper($0.baseName.tokenText) } ?? false
                }
                return called.is(RawSubscriptCallExprSyntax.self)
            default:
                return false
            }
        }

        private static let factoryTypeNames: [SyntaxText] = ["Factory", "ParameterFactory"]
        /// Wrappers also constructed by a call: `Injected(\.preferences).wrappedValue`.
        private static let wrapperNames = InjectionNames.builtInWrappers.map { Array($0.utf8) }

        private static func isWrapper(_ text: SyntaxText) -> Bool {
            wrapperNames.contains { name in
                name.count == text.count && name.withUnsafeBufferPointer { SyntaxText(baseAddress: $0.baseAddress, count: $0.count) == text }
            }
        }
    }
}
