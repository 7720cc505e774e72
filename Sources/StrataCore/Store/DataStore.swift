import Foundation

/// A backend that persists snapshots of models: the protocol every Strata store implements.
///
/// Only ``fetch(_:)`` and ``save(_:)`` are required; everything else has a default. A store
/// that cannot translate a predicate or sort throws ``DataStoreError/preferInMemoryFilter`` or
/// ``DataStoreError/preferInMemorySort`` and the context evaluates it in memory.
/// Stores are shared by every context of a container, across threads, so they are `Sendable`.
public protocol DataStore<Snapshot>: AnyObject, Sendable {
    associatedtype Configuration: DataStoreConfiguration where Configuration.Store == Self
    associatedtype Snapshot: DataStoreSnapshot

    /// Opens the store. The configuration's ``DataStoreConfiguration/schema`` is set.
    /// - Throws: a typed error when the store cannot be opened.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws

    var configuration: Configuration { get }
    /// Embedded into every permanent identifier this store mints.
    var identifier: String { get }
    var schema: Schema { get }

    /// The snapshots of `T` matching the request's descriptor (predicate, sort, offset, limit).
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` / ``DataStoreError/preferInMemorySort``
    ///   for what the store cannot evaluate, or the store's own typed errors.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>
    /// How many models ``fetch(_:)`` would return (offset and limit applied).
    /// - Throws: as ``fetch(_:)``.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    /// The identifiers of the models ``fetch(_:)`` would return, in the same order.
    /// - Throws: as ``fetch(_:)``.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    /// Writes inserts, updates and deletes atomically and returns the identifier remapping.
    /// - Throws: a typed error; the store is then unchanged.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>
    /// Removes every row.
    /// - Throws: ``DataStoreError/unsupportedFeature`` by default.
    func erase() throws
    /// The current snapshots of the given models, for resolving relationships and refreshing.
    /// - Throws: the store's typed errors.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: Snapshot]
    /// The asynchronous forms of the calls above, which ``ModelContext``'s `async` methods use.
    /// A store whose calls wait on a network or a lock overrides them so the calling task
    /// suspends instead of holding a thread of Swift's cooperative pool; by default they run the
    /// synchronous form on the calling thread (right for a store whose calls never wait).
    /// - Throws: as the synchronous form.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> DataStoreFetchResult<T, Snapshot>
    /// See ``fetch(_:)-async``.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> Int
    /// See ``fetch(_:)-async``.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> [PersistentIdentifier]
    /// See ``fetch(_:)-async``.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) async throws -> DataStoreSaveChangesResult<Snapshot>
    /// See ``fetch(_:)-async``.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) async throws -> [PersistentIdentifier: Snapshot]
    /// What the store can do and where it departs from the contract.
    var capabilities: StoreCapabilities { get }
    /// The database telemetry reports this store as (`db.system.name`, in OpenTelemetry's
    /// names: `sqlite`, `postgresql`); `other_sql` by default.
    var databaseSystemName: String { get }
    /// Called when a context starts using the store.
    func initializeState(for editingState: EditingState)
    /// Called when a context is done with the store.
    func invalidateState(for editingState: EditingState)
}

extension DataStore {
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try fetch(request).fetchedSnapshots.count
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try fetch(request).fetchedSnapshots.map(\.persistentIdentifier)
    }

    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: Snapshot] {
        var found: [PersistentIdentifier: Snapshot] = [:]
        for (entityName, identifiers) in Dictionary(grouping: persistentIdentifiers, by: \.entityName) {
            guard let entity = schema.entitiesByName[entityName] else { continue }
            for snapshot in try snapshots(of: entity.modelType, identifiers: identifiers, editingState: editingState) {
                found[snapshot.persistentIdentifier] = snapshot
            }
        }
        return found
    }

    /// No optional features and the contract's semantics, unless the store says otherwise.
    public var capabilities: StoreCapabilities { StoreCapabilities(features: []) }

    public var databaseSystemName: String { "other_sql" }

    public func initializeState(for editingState: EditingState) {}
    public func invalidateState(for editingState: EditingState) {}

    /// Fetches rows of one entity by identifier, filtering in Swift if the store prefers that.
    private func snapshots<T: PersistentModel>(of _: T.Type, identifiers: [PersistentIdentifier], editingState: EditingState) throws -> [Snapshot] {
        let wanted = Set(identifiers)
        let byIdentifier = FetchDescriptor<T>(predicate: #Predicate { identifiers.contains($0.persistentModelID) })
        do {
            return try fetch(DataStoreFetchRequest(descriptor: byIdentifier, editingState: editingState)).fetchedSnapshots
        } catch DataStoreError.preferInMemoryFilter {
            let all = try fetch(DataStoreFetchRequest(descriptor: FetchDescriptor<T>(), editingState: editingState))
            return all.fetchedSnapshots.filter { wanted.contains($0.persistentIdentifier) }
        }
    }
}

/// A store that can delete every row matching a predicate in one operation.
public protocol DataStoreBatching<Snapshot>: DataStore {
    /// Deletes the rows of `T` matching the request's predicate, following delete rules.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the predicate cannot be translated
    ///   (the context then deletes the matching models by identifier), or a typed error.
    func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws
    /// The asynchronous form of ``delete(_:)-sync``; see ``DataStore/fetch(_:)-async``.
    /// - Throws: as ``delete(_:)-sync``.
    func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) async throws
}
