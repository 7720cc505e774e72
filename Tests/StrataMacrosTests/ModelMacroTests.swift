import Testing

@Suite struct ModelMacroTests {
    @Test func propertyWithDefaultValue() {
        assertExpansion(
            """
            @Model class Counter {
                var value: Int = 0
            }
            """,
            expandsTo: expectedModel(
                "Counter",
                declaration: "class Counter",
                members: persistedAccessors("value", "Int", index: 0),
                persisted: [Persisted("value", defaultValue: "(0 as Int)")]
            )
        )
    }

    /// Without a type annotation, the initializer alone types the default, as it types the property.
    @Test func propertyWithAnInferredType() {
        assertExpansion(
            """
            @Model final class Score {
                var points = 0
                var ratio = 0.5
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Score",
                members: """
                    @_PersistedProperty(index: 0)
                    var points = 0
                    @_PersistedProperty(index: 1)
                    var ratio = 0.5
                    """,
                persisted: [Persisted("points", defaultValue: "(0)"), Persisted("ratio", defaultValue: "(0.5)")]
            )
        )
    }

    @Test func optionalAndRelationshipProperties() {
        assertExpansion(
            """
            @Model final class Stop {
                var note: String?
                @Relationship(inverse: \\Trip.stops) var trip: Trip?
                @Relationship var tags: [Tag] = []
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Stop",
                members: """
                    @_PersistedProperty(index: 0)
                    var note: String?
                    @_PersistedProperty(index: 1) var trip: Trip?
                    @_PersistedProperty(index: 2) var tags: [Tag] = []
                    """,
                persisted: [
                    Persisted("note"),
                    Persisted("trip", metadata: "StrataCore.Schema.Relationship(inverse: \\Trip.stops)"),
                    Persisted("tags", defaultValue: "([] as [Tag])", metadata: "StrataCore.Schema.Relationship()"),
                ]
            )
        )
    }

    @Test func transientStaticAndComputedMembersAreLeftAlone() {
        assertExpansion(
            """
            @Model final class Gauge {
                @Transient var cache: [Int] = []
                @Transient var label: String?
                @Transient let limit = 10
                static var shared = Gauge()
                static let unit = "kPa"
                class var kind: String { "gauge" }
                lazy var history: [Int] = []
                var doubled: Int { 2 }
                var clamped: Int {
                    get { 0 }
                    set { }
                }
                func reset() {}
                struct Reading {
                    var value: Int
                }
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Gauge",
                members: """
                    var cache: [Int] = []
                    var label: String?
                    let limit = 10
                    static var shared = Gauge()
                    static let unit = "kPa"
                    class var kind: String { "gauge" }
                    lazy var history: [Int] = []
                    var doubled: Int { 2 }
                    var clamped: Int {
                        get { 0 }
                        set { }
                    }
                    func reset() {}
                    struct Reading {
                        var value: Int
                    }
                    """
            )
        )
    }

    @Test func attributeWithoutArguments() {
        assertExpansion(
            """
            @Model final class Account {
                @Attribute var email: String
                @Attribute() var nickname: String
                @Attribute(.ephemeral) var lastSeen: Int = 0
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Account",
                members: """
                    @_PersistedProperty(index: 0) var email: String
                    @_PersistedProperty(index: 1) var nickname: String
                    @_PersistedProperty(index: 2) var lastSeen: Int = 0
                    """,
                persisted: [
                    Persisted("email", metadata: "StrataCore.Schema.Attribute()"),
                    Persisted("nickname", metadata: "StrataCore.Schema.Attribute()"),
                    Persisted("lastSeen", defaultValue: "(0 as Int)", metadata: "StrataCore.Schema.Attribute(.ephemeral)"),
                ]
            )
        )
    }

    /// A `let` is persisted, as SwiftData persists it: its accessors read the backing data, and
    /// it gets no setter, so it stays set once. (The compiler accepts accessors on a `let` with
    /// a warning in the Swift 5 language mode, and refuses them in Swift 6, as for SwiftData.)
    @Test func letPropertiesArePersistedWithoutASetter() {
        assertExpansion(
            """
            @Model final class Badge {
                let code: String
                let issued: Int = 3
            }
            """,
            expandsTo: expectedModel(
                "Badge",
                members: persistedAccessors("code", "String", index: 0, specifier: "let") + "\n"
                    + persistedAccessors("issued", "Int", index: 1, specifier: "let"),
                persisted: [Persisted("code"), Persisted("issued", defaultValue: "(3 as Int)")]
            )
        )
    }

    /// `@Attribute(.transformable(by:))` reaches the schema as written; the accessors are a plain property's.
    @Test func transformableAttribute() {
        assertExpansion(
            """
            @Model final class Artwork {
                @Attribute(.transformable(by: PaletteTransformer.self)) var palette: Palette?
                @Attribute(.transformable(by: "Reversed")) var secret: String = ""
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Artwork",
                members: """
                    @_PersistedProperty(index: 0) var palette: Palette?
                    @_PersistedProperty(index: 1) var secret: String = ""
                    """,
                persisted: [
                    Persisted("palette", metadata: "StrataCore.Schema.Attribute(.transformable(by: PaletteTransformer.self))"),
                    Persisted("secret", defaultValue: "(\"\" as String)", metadata: "StrataCore.Schema.Attribute(.transformable(by: \"Reversed\"))"),
                ]
            )
        )
    }

    @Test func existingConformanceIsNotRepeated() {
        assertExpansion(
            """
            @Model public final class Note: StrataCore.PersistentModel {
            }
            """,
            expandsTo: expectedModel(
                "Note",
                declaration: "public final class Note: StrataCore.PersistentModel",
                addsConformance: false
            )
        )
    }
}
