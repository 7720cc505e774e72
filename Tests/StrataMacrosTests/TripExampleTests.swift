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
            expandsTo: """
            final class Trip {
                var name: String {
                    @storageRestrictions(accesses: _$backingData, initializes: _name)
                    init(initialValue) {
                        _$backingData.setValue(forKey: \\.name, to: initialValue)
                        _name = StrataCore._PersistedPropertyMarker()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.name)
                        return self.getValue(forKey: \\.name)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.name) {
                            self.setValue(forKey: \\.name, to: newValue)
                        }
                    }
                }

                @StrataCore.Transient private var _name: StrataCore._PersistedPropertyMarker
                var start: Date {
                    @storageRestrictions(accesses: _$backingData, initializes: _start)
                    init(initialValue) {
                        _$backingData.setValue(forKey: \\.start, to: initialValue)
                        _start = StrataCore._PersistedPropertyMarker()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.start)
                        return self.getValue(forKey: \\.start)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.start) {
                            self.setValue(forKey: \\.start, to: newValue)
                        }
                    }
                }

                @StrataCore.Transient private var _start: StrataCore._PersistedPropertyMarker
                var budget: Double? {
                    @storageRestrictions(accesses: _$backingData, initializes: _budget)
                    init(initialValue) {
                        _$backingData.setValue(forKey: \\.budget, to: initialValue)
                        _budget = StrataCore._PersistedPropertyMarker()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.budget)
                        return self.getValue(forKey: \\.budget)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.budget) {
                            self.setValue(forKey: \\.budget, to: newValue)
                        }
                    }
                }

                @StrataCore.Transient private var _budget: StrataCore._PersistedPropertyMarker
                var stops: [Stop] {
                    @storageRestrictions(accesses: _$backingData, initializes: _stops)
                    init(initialValue) {
                        _$backingData.setValue(forKey: \\.stops, to: initialValue)
                        _stops = StrataCore._PersistedPropertyMarker()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.stops)
                        return self.getValue(forKey: \\.stops)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.stops) {
                            self.setValue(forKey: \\.stops, to: newValue)
                        }
                    }
                }

                @StrataCore.Transient private var _stops: StrataCore._PersistedPropertyMarker
                var scratch: Int = 0
                static var sample = 1          // static: left alone
                var computed: Int { 3 }        // computed: left alone
                init(name: String, start: Date, budget: Double? = nil) { self.name = name; self.start = start; self.budget = budget }

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Trip> = Trip.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Trip> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    [
                        StrataCore.Schema.PropertyMetadata(name: "name", keypath: \\Trip.name, defaultValue: nil, metadata: StrataCore.Schema.Attribute(.unique)),
                        StrataCore.Schema.PropertyMetadata(name: "start", keypath: \\Trip.start, defaultValue: nil, metadata: nil),
                        StrataCore.Schema.PropertyMetadata(name: "budget", keypath: \\Trip.budget, defaultValue: nil, metadata: nil),
                        StrataCore.Schema.PropertyMetadata(name: "stops", keypath: \\Trip.stops, defaultValue: ([] as [Stop]), metadata: StrataCore.Schema.Relationship(deleteRule: .cascade, inverse: \\Stop.trip)),
                    ]
                }

                public required init(backingData: any StrataCore.BackingData<Trip>) {
                    _name = StrataCore._PersistedPropertyMarker()
                    _start = StrataCore._PersistedPropertyMarker()
                    _budget = StrataCore._PersistedPropertyMarker()
                    _stops = StrataCore._PersistedPropertyMarker()
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()

                public static var schemaUniquenessConstraints: [[AnyKeyPath]] {
                    let keyPaths: [[PartialKeyPath<Trip>]] = [[\\.name, \\.start]]
                    return keyPaths
                }

                public static var schemaIndices: [[AnyKeyPath]] {
                    let keyPaths: [[PartialKeyPath<Trip>]] = [[\\.name], [\\.start, \\.budget]]
                    return keyPaths
                }
            }

            extension Trip: StrataCore.PersistentModel {
            }
            """
        )
    }
}
