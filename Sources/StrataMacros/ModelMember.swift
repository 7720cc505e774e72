import SwiftDiagnostics
import SwiftSyntax

/// A stored property that `@Model` moves into the backing data.
struct PersistedProperty {
    let name: TokenSyntax
    /// The declared type; `nil` when Swift infers it from the initializer (`var score = 0`).
    let type: TypeSyntax?
    let initializer: ExprSyntax?
    /// `StrataCore.Schema.Attribute(...)`, `StrataCore.Schema.Relationship(...)` or `nil`.
    let metadata: ExprSyntax
}

/// What `@Model` does with one `var`/`let` member of the class.
enum ModelMember {
    case persisted(PersistedProperty)
    case ignored
    case invalid(Diagnostic)

    init(_ variable: VariableDeclSyntax) {
        let skipped: [TokenKind] = [.keyword(.static), .keyword(.class), .keyword(.lazy)]
        guard let binding = variable.bindings.first,
            variable.bindings.allSatisfy({ $0.accessorBlock?.hasOnlyObservers ?? true }),
            !variable.modifiers.contains(where: { skipped.contains($0.name.tokenKind) })
        else {
            self = .ignored
            return
        }
        let name = variable.identifier?.plainName ?? binding.pattern.trimmedDescription
        func invalid(_ message: StrataDiagnostic, at node: some SyntaxProtocol) -> ModelMember {
            .invalid(Diagnostic(node: node, message: message))
        }

        if variable.attributes.first(named: "Transient") != nil {
            let hasDefault = variable.bindings.allSatisfy { $0.initializer != nil || $0.isOptionalVar(variable) }
            self = hasDefault ? .ignored : invalid(.transientWithoutDefault(name), at: binding.pattern)
            return
        }
        guard variable.bindings.count == 1, let identifier = variable.identifier else {
            self = invalid(.multipleBindings, at: variable.bindings)
            return
        }
        if let observers = binding.accessorBlock {
            self = invalid(.propertyObservers(name), at: observers)
            return
        }
        let type = binding.typeAnnotation?.type.trimmed
        guard type != nil || binding.initializer != nil else {
            self = invalid(.missingTypeAnnotation(name), at: binding.pattern)
            return
        }
        let attribute = variable.attributes.first(named: "Attribute")
        let relationship = variable.attributes.first(named: "Relationship")
        let metadata: ExprSyntax
        switch (attribute, relationship) {
        case (let attribute?, nil): metadata = "StrataCore.Schema.Attribute(\(attribute.argumentList))"
        case (nil, let relationship?): metadata = "StrataCore.Schema.Relationship(\(relationship.argumentList))"
        case (nil, nil): metadata = "nil"
        case (_?, _?):
            self = invalid(.attributeAndRelationship(name), at: binding.pattern)
            return
        }
        self = .persisted(
            PersistedProperty(name: identifier, type: type, initializer: binding.initializer?.value.trimmed, metadata: metadata)
        )
    }
}

extension AccessorBlockSyntax {
    /// Whether the block holds only `willSet`/`didSet`, so the property is still stored.
    fileprivate var hasOnlyObservers: Bool {
        guard case .accessors(let accessors) = self.accessors else { return false }
        return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}

extension PatternBindingSyntax {
    /// Whether this is a `var` of optional type, which Swift initializes to `nil`.
    fileprivate func isOptionalVar(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), let type = typeAnnotation?.type else { return false }
        return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }
}

extension AttributeSyntax {
    /// The attribute's arguments as written, or nothing for `@Name` and `@Name()`.
    fileprivate var argumentList: LabeledExprListSyntax {
        arguments?.as(LabeledExprListSyntax.self)?.trimmed ?? []
    }
}
