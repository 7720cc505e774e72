import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ModelActor`: gives an actor a model container and a serial executor that owns its model context.
public struct ModelActorMacro {}

extension ModelActorMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: StrataDiagnostic.modelActorNotAnActor))
            return []
        }
        return [
            "nonisolated public let modelExecutor: any StrataCore.ModelExecutor",
            "nonisolated public let modelContainer: StrataCore.ModelContainer",
            """
            public init(modelContainer: StrataCore.ModelContainer) {
                let modelContext = StrataCore.ModelContext(modelContainer)
                self.modelExecutor = StrataCore.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }
}

extension ModelActorMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self), !protocols.isEmpty, !declaration.inherits("ModelActor") else {
            return []
        }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): StrataCore.ModelActor {}")]
    }
}
