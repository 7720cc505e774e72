import SwiftSyntax
import SwiftSyntaxMacros

/// `#Unique`: declares uniqueness constraints; `@Model` reads them from the class body, so it expands to nothing.
public struct UniqueMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
