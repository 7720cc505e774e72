import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@_PersistedProperty`: routes a persisted property through the model's backing data with
/// observation; a `_name` marker is the only storage the class keeps for it.
public struct PersistedPropertyMacro {
    /// The property's name and the name of its marker storage.
    private static func names(of declaration: some DeclSyntaxProtocol) -> (property: TokenSyntax, storage: TokenSyntax)? {
        guard let property = declaration.as(VariableDeclSyntax.self)?.identifier else { return nil }
        return (property, .identifier("_\(property.plainName)"))
    }

    /// The `index:` argument `@Model` wrote: the property's slot in the backing data.
    private static func index(in node: AttributeSyntax) -> ExprSyntax? {
        node.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "index" }?.expression.trimmed
    }
}

extension PersistedPropertyMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, storage) = names(of: declaration), let index = index(in: node) else { return [] }
        let keyPath = "Self.\(keyPathConstantName(name))"
        let initAndGet: [AccessorDeclSyntax] = [
            """
            @storageRestrictions(accesses: _$backingData, initializes: \(storage))
            init(initialValue) {
                StrataCore._initializeValue(&_$backingData, forKey: \(raw: keyPath), at: \(index), to: initialValue)
                \(storage) = StrataCore._PersistedPropertyMarker()
            }
            """,
            """
            get {
                _$observationRegistrar.access(self, keyPath: \(raw: keyPath))
                return StrataCore._getValue(&_$backingData, forKey: \(raw: keyPath), at: \(index))
            }
            """,
        ]
        // A `let` keeps its meaning: set once, by its initializer or the class's `init`.
        guard declaration.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind != .keyword(.let) else { return initAndGet }
        return initAndGet + [
            """
            set {
                _$observationRegistrar.withMutation(of: self, keyPath: \(raw: keyPath)) {
                    StrataCore._setValue(&_$backingData, forKey: \(raw: keyPath), at: \(index), to: newValue, of: self)
                }
            }
            """,
        ]
    }
}

extension PersistedPropertyMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (_, storage) = names(of: declaration) else { return [] }
        return ["@StrataCore.Transient private var \(storage): StrataCore._PersistedPropertyMarker"]
    }
}
