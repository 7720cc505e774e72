import SwiftSyntax
import SwiftSyntaxMacros

/// `@Transient`: keeps a stored property out of the backing data; `@Model` reads it, so it expands to nothing.
public struct TransientMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
