import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// `@Model class Car: Vehicle`, where `Vehicle` is itself a `@Model` class.
//
// The compiler tells the macro which of its conformances the class lacks: none, for a class
// whose superclass already is a `PersistentModel`. Such a subclass shares its root's backing
// data. While its own `init` runs, before `super.init`, the root has no backing data yet, so
// the subclass keeps the values its `init` sets in its own `_$backingData`
// (`_SubclassBackingData`), and hands them over when it is first linked to the root's backing
// data: on the first read of `persistentBackingData`, which its override does, or in
// `init(backingData:)`. Its accessors are the root's, spelled the same way; they reach its
// own `_$backingData`, which the overloads in `ModelAccessors+Subclass.swift` serve.

extension ModelMacro {
    /// Whether the class is a `@Model` subclass: one that inherits from another type and that
    /// the compiler says already conforms to `PersistentModel` without declaring it itself.
    static func isSubclass(_ declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax]) -> Bool {
        protocols.isEmpty && !declaration.inherits("PersistentModel") && declaration.inheritanceClause != nil
    }

    /// The members of a subclass: its own slots after the superclass's, the link to the
    /// root's backing data, and the overrides `PersistentModel` needs.
    static func subclassMembers(
        _ model: TokenSyntax, _ properties: [PersistedProperty], _ declaration: some DeclGroupSyntax,
        in context: some MacroExpansionContext
    ) -> [DeclSyntax] {
        for name in ["Unique", "Index"] {
            for node in declaration.memberBlock.members.compactMap({ $0.decl.as(MacroExpansionDeclSyntax.self) })
            where node.macroName.text == name {
                context.diagnose(Diagnostic(node: node, message: StrataDiagnostic.constraintOnSubclass(name)))
            }
        }
        let markers = properties.map { "_\($0.name.plainName) = StrataCore._PersistedPropertyMarker()\n" }
        return [
            """
            @StrataCore.Transient @exclusivity(unchecked)
            private var _$backingData: StrataCore._SubclassBackingData? = nil
            """,
            """
            \(raw: declaration.overridableAccess) override var persistentBackingData: any StrataCore.BackingData<_$ModelRoot> {
                get {
                    let backingData = super.persistentBackingData
                    StrataCore._link(&_$backingData, to: backingData, of: self)
                    return backingData
                }
                set {
                    super.persistentBackingData = newValue
                    StrataCore._relink(&_$backingData, to: newValue, of: self)
                }
            }
            """,
            schemaMetadata(model, properties, overridable: true, inheriting: true, access: declaration.overridableAccess),
            """
            public required init(backingData: any StrataCore.BackingData<_$ModelRoot>) {
            \(raw: markers.joined())super.init(backingData: backingData)
            }
            """,
            "@StrataCore.Transient\nprivate let _$observationRegistrar = Observation.ObservationRegistrar()",
        ] + properties.map { keyPathConstant(model, $0) }
    }
}
