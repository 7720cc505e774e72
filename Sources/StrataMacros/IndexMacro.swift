import SwiftSyntax
import SwiftSyntaxMacros

/// `#Index`: declares indices; `@Model` reads them from the class body, so it expands to nothing.
public struct IndexMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
