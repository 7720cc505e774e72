import Testing

/// The contract's worked example, expanded in full.
@Suite struct TripExampleTests {
    @Test func fullExpansion() {
        assertExpansion(
            """
            @Model final class Trip {
                @Attribute(.unique) var name: String
                var start: Date
                var budget: Double?
                @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var stops: [Stop] = []
                @Transient var scratch: Int = 0
                static var sample = 1          // static: left alone
                var computed: Int { 3 }        // computed: left alone
                #Unique<Trip>([\\.name, \\.start])
                #Index<Trip>([\\.name], [\\.start, \\.budget])
                init(name: String, start: Date, budget: Double? = nil) { self.name = name; self.start = start; self.budget = budget }
            }
            """,
            expandsTo: expectedModel(
                "Trip",
                members: [
                    persistedAccessors("name", "String", index: 0),
                    persistedAccessors("start", "Date", index: 1),
                    persistedAccessors("budget", "Double?", index: 2),
                    persistedAccessors("stops", "[Stop]", index: 3),
                    """
                    var scratch: Int = 0
                    static var sample = 1          // static: left alone
                    var computed: Int { 3 }        // computed: left alone
                    init(name: String, start: Date, budget: Double? = nil) { self.name = name; self.start = start; self.budget = budget }
                    """,
                ].joined(separator: "\n"),
                persisted: [
                    Persisted("name", metadata: "StrataCore.Schema.Attribute(.unique)"),
                    Persisted("start"),
                    Persisted("budget"),
                    Persisted("stops", defaultValue: "([] as [Stop])", metadata: "StrataCore.Schema.Relationship(deleteRule: .cascade, inverse: \\Stop.trip)"),
                ],
                unique: "[[\\.name, \\.start]]",
                indices: "[[\\.name], [\\.start, \\.budget]]"
            )
        )
    }
}
