import Testing

@Suite struct ModelMacroTests {
    @Test func propertyWithDefaultValue() {
        assertExpansion(
            """
            @Model class Counter {
                var value: Int = 0
            }
            """,
            expandsTo: """
            class Counter {
                var value: Int {
                    @storageRestrictions(accesses: _$backingData, initializes: _value)
                    init(initialValue) {
                        _$backingData.setValue(forKey: \\.value, to: initialValue)
                        _value = StrataCore._PersistedPropertyMarker()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.value)
                        return self.getValue(forKey: \\.value)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.value) {
                            self.setValue(forKey: \\.value, to: newValue)
                        }
                    }
                }

                @StrataCore.Transient private var _value: StrataCore._PersistedPropertyMarker

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Counter> = Counter.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Counter> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "value", keypath: \\Counter.value, defaultValue: (0 as Int), metadata: nil),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Counter>) {
                    _value = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Counter: StrataCore.PersistentModel {
            }
            """
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
            expandsTo: """
            final class Stop {
                @_PersistedProperty
                var note: String?
                @_PersistedProperty var trip: Trip?
                @_PersistedProperty var tags: [Tag] = []

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Stop> = Stop.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Stop> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "note", keypath: \\Stop.note, defaultValue: nil, metadata: nil),
                        StrataCore.Schema.PropertyMetadata(name: "trip", keypath: \\Stop.trip, defaultValue: nil, metadata: StrataCore.Schema.Relationship(inverse: \\Trip.stops)),
                        StrataCore.Schema.PropertyMetadata(name: "tags", keypath: \\Stop.tags, defaultValue: ([] as [Tag]), metadata: StrataCore.Schema.Relationship()),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Stop>) {
                    _note = StrataCore._PersistedPropertyMarker()
                    _trip = StrataCore._PersistedPropertyMarker()
                    _tags = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Stop: StrataCore.PersistentModel {
            }
            """
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
            expandsTo: """
            final class Gauge {
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

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Gauge> = Gauge.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Gauge> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Gauge>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Gauge: StrataCore.PersistentModel {
            }
            """
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
            expandsTo: """
            final class Account {
                @_PersistedProperty var email: String
                @_PersistedProperty var nickname: String
                @_PersistedProperty var lastSeen: Int = 0

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Account> = Account.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Account> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "email", keypath: \\Account.email, defaultValue: nil, metadata: StrataCore.Schema.Attribute()),
                        StrataCore.Schema.PropertyMetadata(name: "nickname", keypath: \\Account.nickname, defaultValue: nil, metadata: StrataCore.Schema.Attribute()),
                        StrataCore.Schema.PropertyMetadata(name: "lastSeen", keypath: \\Account.lastSeen, defaultValue: (0 as Int), metadata: StrataCore.Schema.Attribute(.ephemeral)),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Account>) {
                    _email = StrataCore._PersistedPropertyMarker()
                    _nickname = StrataCore._PersistedPropertyMarker()
                    _lastSeen = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Account: StrataCore.PersistentModel {
            }
            """
        )
    }

    @Test func existingConformanceIsNotRepeated() {
        assertExpansion(
            """
            @Model public final class Note: StrataCore.PersistentModel {
            }
            """,
            expandsTo: """
            public final class Note: StrataCore.PersistentModel {

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Note> = Note.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Note> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Note>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }
            """
        )
    }
}
