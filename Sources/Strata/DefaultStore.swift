import Foundation

/// The store behind ``ModelConfiguration``: the in-memory store when
/// `isStoredInMemoryOnly` is set, otherwise a SQLite database file (the embedded default).
public final class DefaultStore: DataStore, DataStoreBatching, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: ModelConfiguration
    let backing: any DataStoreBatching<DefaultSnapshot> & HistoryRecording

    /// Opens the store the configuration selects.
    /// - Throws: the selected store's error (see ``SQLiteStore`` and ``InMemoryStore``).
    public init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        if configuration.isStoredInMemoryOnly {
            let memory = InMemoryConfiguration(name: "\(configuration.name)-\(UUID().uuidString)", schema: configuration.schema)
            backing = try InMemoryStore(memory, migrationPlan: migrationPlan)
        } else {
            let url = try configuration.url ?? ModelConfiguration.defaultStoreURL(name: configuration.name)
            backing = try SQLiteStore(SQLiteConfiguration(url: url, name: configuration.name, schema: configuration.schema), migrationPlan: migrationPlan)
        }
    }

    public var identifier: String { backing.identifier }
    public var capabilities: StoreCapabilities { backing.capabilities }
    public var schema: Schema { backing.schema }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try backing.fetch(request)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try backing.fetchCount(request)
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try backing.fetchIdentifiers(request)
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try requireSaves()
        return try backing.save(request)
    }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        try requireSaves()
        try backing.delete(request)
    }

    public func erase() throws {
        try backing.erase()
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try backing.cachedSnapshots(for: persistentIdentifiers, editingState: editingState)
    }

    /// Refuses a write when the configuration does not allow saves.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` then.
    func requireSaves() throws {
        guard configuration.allowsSave else {
            throw SwiftDataError.unsupportedConfiguration.with("this ModelConfiguration was created with allowsSave: false")
        }
    }
}
