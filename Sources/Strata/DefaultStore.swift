import Foundation

/// The store behind ``ModelConfiguration``: the in-memory store when
/// `isStoredInMemoryOnly` is set, otherwise a SQLite database file (the embedded default),
/// opened read-only when `allowsSave` is `false`.
public final class DefaultStore: DataStore, DataStoreBatching, DataStoreRelationshipFaulting, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: ModelConfiguration
    let backing: any DataStoreBatching<DefaultSnapshot> & HistoryRecording

    /// Opens the store the configuration selects; a default location's directory is created
    /// when missing, unless the configuration does not allow saves.
    /// - Throws: the file system's error when that directory cannot be created; the selected
    ///   store's error (see ``SQLiteStore`` and ``InMemoryStore``), such as ``SQLiteError``'s
    ///   `cannotOpen` for a read-only configuration whose file does not exist.
    public init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        if configuration.isStoredInMemoryOnly {
            var memory = InMemoryConfiguration(name: "\(configuration.name)-\(UUID().uuidString)", schema: configuration.schema)
            memory.recordsHistory = configuration.recordsHistory
            backing = try InMemoryStore(memory, migrationPlan: migrationPlan)
        } else {
            if configuration.usesDefaultLocation && configuration.allowsSave {
                try FileManager.default.createDirectory(at: configuration.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            var file = SQLiteConfiguration(url: configuration.url, name: configuration.name, schema: configuration.schema, readOnly: !configuration.allowsSave)
            file.recordsHistory = configuration.recordsHistory
            backing = try SQLiteStore(file, migrationPlan: migrationPlan)
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
        try requireSaves()
        try backing.erase()
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try backing.cachedSnapshots(for: persistentIdentifiers, editingState: editingState)
    }

    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        try backing.storedRelatedIdentifiers(of: owners, relationship: relationship, editingState: editingState)
    }

    /// Refuses a write when the configuration does not allow saves.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` then.
    func requireSaves() throws {
        guard configuration.allowsSave else {
            throw SwiftDataError.unsupportedConfiguration.with("this ModelConfiguration was created with allowsSave: false, so its store is read-only")
        }
    }
}
