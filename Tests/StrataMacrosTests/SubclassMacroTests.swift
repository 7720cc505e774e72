import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` on a subclass of a `@Model` class (`@Model class Truck: Transport`).
@Suite struct SubclassMacroTests {
    /// A subclass links to its root's backing data, lists its properties after its
    /// superclass's, and declares the initializer and overrides `PersistentModel` needs.
    @Test func subclassOfAModel() {
        assertExpansion(
            """
            @Model class Truck: Transport {
                var wheels: Int
                var cargo: String? = "sand"
            }
            """,
            skipping: ["_PersistedProperty"],
            inheritingConformance: true,
            expandsTo: expectedType(
                "class Truck: Transport",
                members: """
                    @_PersistedProperty(index: 0)
                    var wheels: Int
                    @_PersistedProperty(index: 1)
                    var cargo: String? = "sand"
                    """,
                generated: subclassMembers("Truck", persisted: [Persisted("wheels"), Persisted("cargo", defaultValue: "(\"sand\" as String?)")]),
                conformance: nil))
    }

    /// A root that is not final names its class for its subclasses and roots its metadata's key
    /// paths at the class it is read on; a final root keeps its static list.
    @Test func nonFinalRoot() {
        assertExpansion(
            """
            @Model class Transport {
                var name: String
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Transport", declaration: "class Transport",
                members: """
                    @_PersistedProperty(index: 0)
                    var name: String
                    """,
                persisted: [Persisted("name")]))
    }

    /// An `open` class opens the members its subclasses override, so a `@Model` subclass may
    /// live in another module; an `open` subclass does the same for its own subclasses.
    @Test func openClassesForSubclassesInOtherModules() {
        assertExpansion(
            """
            @Model open class Transport {
                var name: String
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedType(
                "open class Transport",
                members: """
                    @_PersistedProperty(index: 0)
                    var name: String
                    """,
                generated: modelMembers("Transport", persisted: [Persisted("name")], isFinal: false, access: "open"),
                conformance: "Transport: StrataCore.PersistentModel"))
        assertExpansion(
            """
            @Model open class Truck: Transport {
                var wheels: Int
            }
            """,
            skipping: ["_PersistedProperty"],
            inheritingConformance: true,
            expandsTo: expectedType(
                "open class Truck: Transport",
                members: """
                    @_PersistedProperty(index: 0)
                    var wheels: Int
                    """,
                generated: subclassMembers("Truck", persisted: [Persisted("wheels")], access: "open"),
                conformance: nil))
    }

    /// Uniqueness and indices apply to a whole hierarchy, so only its root may declare them.
    @Test func constraintOnASubclassIsAnError() {
        assertExpansion(
            """
            @Model class Truck: Transport {
                #Unique<Truck>([\\.wheels])
                var wheels: Int
            }
            """,
            skipping: ["_PersistedProperty", "Unique"],
            inheritingConformance: true,
            expandsTo: expectedType(
                "class Truck: Transport",
                members: """
                    #Unique<Truck>([\\.wheels])
                    @_PersistedProperty(index: 0)
                    var wheels: Int
                    """,
                generated: subclassMembers("Truck", persisted: [Persisted("wheels")]),
                conformance: nil),
            diagnostics: [
                DiagnosticSpec(
                    message: "#Unique must be declared on the root of a @Model class hierarchy, where it applies to every subclass",
                    line: 2, column: 5)
            ])
    }
}
