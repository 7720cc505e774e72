import SwiftSyntax
import SwiftSyntaxMacros

/// `@Attribute`: schema options for a persisted property; `@Model` reads them, so it expands to nothing.
public struct AttributeMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
