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
            expandsTo: """
            final class Person {
                @_PersistedProperty
                var email: String
                @_PersistedProperty
                var first: String
                @_PersistedProperty
                var last: String

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Person> = Person.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Person> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "email", keypath: \\Person.email, defaultValue: nil, metadata: nil),
                        StrataCore.Schema.PropertyMetadata(name: "first", keypath: \\Person.first, defaultValue: nil, metadata: nil),
                        StrataCore.Schema.PropertyMetadata(name: "last", keypath: \\Person.last, defaultValue: nil, metadata: nil),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Person>) {
                    _email = StrataCore._PersistedPropertyMarker()
                    _first = StrataCore._PersistedPropertyMarker()
                    _last = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()

                public static var schemaUniquenessConstraints: [[AnyKeyPath]] {
                    let keyPaths: [[PartialKeyPath<Person>]] = [[\\.email], [\\.first, \\.last]]
                    return keyPaths
                }
            }

            extension Person: StrataCore.PersistentModel {
            }
            """
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
            expandsTo: """
            final class Event {
                @_PersistedProperty
                var day: Int

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Event> = Event.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Event> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "day", keypath: \\Event.day, defaultValue: nil, metadata: nil),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Event>) {
                    _day = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()

                public static var schemaIndices: [[AnyKeyPath]] {
                    let keyPaths: [[PartialKeyPath<Event>]] = [[\\.day]]
                    return keyPaths
                }
            }

            extension Event: StrataCore.PersistentModel {
            }
            """
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
