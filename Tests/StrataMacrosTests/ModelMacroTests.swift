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
                members: persistedAccessors("value", "Int"),
                persisted: [Persisted("value", defaultValue: "(0 as Int)")]
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
                    @_PersistedProperty
                    var note: String?
                    @_PersistedProperty var trip: Trip?
                    @_PersistedProperty var tags: [Tag] = []
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
                    @_PersistedProperty var email: String
                    @_PersistedProperty var nickname: String
                    @_PersistedProperty var lastSeen: Int = 0
                    """,
                persisted: [
                    Persisted("email", metadata: "StrataCore.Schema.Attribute()"),
                    Persisted("nickname", metadata: "StrataCore.Schema.Attribute()"),
                    Persisted("lastSeen", defaultValue: "(0 as Int)", metadata: "StrataCore.Schema.Attribute(.ephemeral)"),
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
