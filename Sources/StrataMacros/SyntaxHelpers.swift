import SwiftSyntax

extension AttributeListSyntax {
    /// The first attribute spelled `@name` or `@StrataCore.name`.
    func first(named name: String) -> AttributeSyntax? {
        lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.attributeName.strataName == name }
    }
}

extension TypeSyntax {
    /// The name of `T` or `StrataCore.T`; nil for any other spelling.
    var strataName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = self.as(MemberTypeSyntax.self),
            member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "StrataCore"
        {
            return member.name.text
        }
        return nil
    }
}

extension DeclGroupSyntax {
    /// Whether the declaration's inheritance clause already names the Strata protocol `name`.
    func inherits(_ name: String) -> Bool {
        inheritanceClause?.inheritedTypes.contains { $0.type.strataName == name } ?? false
    }

    /// The access of the members a `@Model` subclass overrides: `open` in an `open` class, so
    /// a subclass in another module can override them, `public` otherwise.
    var overridableAccess: String {
        modifiers.contains { $0.name.tokenKind == .keyword(.open) } ? "open" : "public"
    }
}

extension VariableDeclSyntax {
    /// The identifier of the first binding, if its pattern is a plain name.
    var identifier: TokenSyntax? {
        bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmed
    }
}

extension TokenSyntax {
    /// The identifier's name without backticks.
    var plainName: String {
        identifier?.name ?? text
    }
}

/// The static constant `@Model` declares for the key path of persisted property `name`; its
/// accessors (`@_PersistedProperty`) read it.
func keyPathConstantName(_ name: TokenSyntax) -> String {
    "_$keyPath_\(name.plainName)"
}
