import StrataMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every Strata macro under the name the compiler sees, with the conformances it asks for.
private let strataMacros: [String: MacroSpec] = [
    "Model": MacroSpec(type: ModelMacro.self, conformances: [TypeSyntax(IdentifierTypeSyntax(name: "PersistentModel"))]),
    "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
    "Attribute": MacroSpec(type: AttributeMacro.self),
    "Relationship": MacroSpec(type: RelationshipMacro.self),
    "Transient": MacroSpec(type: TransientMacro.self),
    "Unique": MacroSpec(type: UniqueMacro.self),
    "Index": MacroSpec(type: IndexMacro.self),
    "ModelActor": MacroSpec(type: ModelActorMacro.self, conformances: [TypeSyntax(IdentifierTypeSyntax(name: "ModelActor"))]),
]

/// Expands `source` with the Strata macros and records an issue for every mismatch.
///
/// Macros named in `skipping` stay unexpanded, so a test can focus on one role:
/// skipping `_PersistedProperty` shows exactly which members `@Model` marks as persisted.
/// `inheritingConformance` expands `@Model` as the compiler does on a subclass of a model,
/// which already conforms to `PersistentModel`.
func assertExpansion(
    _ source: String,
    skipping: Set<String> = [],
    inheritingConformance: Bool = false,
    expandsTo expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: strataMacros.filter { !skipping.contains($0.key) }.merging(
            inheritingConformance ? ["Model": MacroSpec(type: ModelMacro.self)] : [:], uniquingKeysWith: { $1 }),
        fixedSource: fixedSource,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) }
    )
}
