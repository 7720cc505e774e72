import Testing

@Suite struct UniqueIndexMacroTests {
    @Test func uniqueLinesConcatenate() {
        assertExpansion(
            """
            @Model final class Person {
                var email: String
                var first: String
                var last: String
                #Unique<Person>([\\.email])
                #Unique<Person>([\\.first, \\.last])
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Person",
                members: """
                    @_PersistedProperty(index: 0)
                    var email: String
                    @_PersistedProperty(index: 1)
                    var first: String
                    @_PersistedProperty(index: 2)
                    var last: String
                    """,
                persisted: [Persisted("email"), Persisted("first"), Persisted("last")],
                unique: "[[\\.email], [\\.first, \\.last]]"
            )
        )
    }

    @Test func indexWithoutUnique() {
        assertExpansion(
            """
            @Model final class Event {
                var day: Int
                #Index<Event>([\\.day])
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Event",
                members: """
                    @_PersistedProperty(index: 0)
                    var day: Int
                    """,
                persisted: [Persisted("day")],
                indices: "[[\\.day]]"
            )
        )
    }

    @Test func indexKindsContributeTheirKeyPaths() {
        assertExpansion(
            """
            @Model final class Place {
                var x: Double
                var y: Double
                #Index<Place>(.binary([\\.x]), .rtree([\\.x, \\.y]))
            }
            """,
            skipping: ["_PersistedProperty"],
            expandsTo: expectedModel(
                "Place",
                members: """
                    @_PersistedProperty(index: 0)
                    var x: Double
                    @_PersistedProperty(index: 1)
                    var y: Double
                    """,
                persisted: [Persisted("x"), Persisted("y")],
                indices: "[(.binary([\\.x]) as StrataCore.Schema.Index<Place>.Types<Place>).keyPaths, "
                    + "(.rtree([\\.x, \\.y]) as StrataCore.Schema.Index<Place>.Types<Place>).keyPaths]"
            )
        )
    }

    @Test func freestandingMacrosExpandToNothing() {
        assertExpansion(
            """
            #Unique<Person>([\\.email])
            #Index<Person>([\\.email])
            """,
            expandsTo: ""
        )
    }
}
