import StrataCore

/// Configures an ``InterceptingStore`` around another store's configuration.
public struct InterceptingConfiguration<Inner: DataStoreConfiguration>: DataStoreConfiguration {
    public typealias Store = InterceptingStore<Inner.Store>

    public var inner: Inner
    public let interceptor: Interceptor

    public init(wrapping inner: Inner, interceptor: Interceptor) {
        self.inner = inner
        self.interceptor = interceptor
    }

    public var name: String { inner.name }

    public var schema: Schema? {
        get { inner.schema }
        set { inner.schema = newValue }
    }
}

/// Wraps a backend's store so a case can fail chosen calls (fault injection) or refuse
/// predicates and sorts (to exercise the context's in-memory fallback).
public final class InterceptingStore<Inner: DataStore>: DataStore, DataStoreBatching, DataStoreRelationshipFaulting, @unchecked Sendable {
    public typealias Snapshot = Inner.Snapshot

    public let configuration: InterceptingConfiguration<Inner.Configuration>
    let inner: Inner

    public init(_ configuration: InterceptingConfiguration<Inner.Configuration>, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.inner = try Inner(configuration.inner, migrationPlan: migrationPlan)
    }

    public var identifier: String { inner.identifier }
    public var schema: Schema { inner.schema }
    private var interceptor: Interceptor { configuration.interceptor }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot> {
        try intercept(.fetch, request.descriptor)
        return try inner.fetch(request)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try intercept(.fetchCount, request.descriptor)
        return try inner.fetchCount(request)
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try intercept(.fetchIdentifiers, request.descriptor)
        return try inner.fetchIdentifiers(request)
    }

    public func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot> {
        try interceptor.intercept(.save)
        return try inner.save(request)
    }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        try interceptor.intercept(.batchDelete, hasPredicate: request.predicate != nil)
        guard let batching = inner as? any DataStoreBatching else { throw DataStoreError.preferInMemoryFilter }
        try batching.delete(request)
    }

    public func erase() throws {
        try interceptor.intercept(.erase)
        try inner.erase()
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: Snapshot] {
        try interceptor.intercept(.cachedSnapshots)
        return try inner.cachedSnapshots(for: persistentIdentifiers, editingState: editingState)
    }

    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        try interceptor.intercept(.relatedIdentifiers)
        return try inner.storedRelatedIdentifiers(of: owners, relationship: relationship, editingState: editingState)
    }

    /// Passed on uncounted: it cannot fail.
    public func initializeState(for editingState: EditingState) {
        inner.initializeState(for: editingState)
    }

    /// Passed on uncounted: it cannot fail.
    public func invalidateState(for editingState: EditingState) {
        inner.invalidateState(for: editingState)
    }

    public var capabilities: StoreCapabilities { inner.capabilities }

    private func intercept<T>(_ operation: Interceptor.Operation, _ descriptor: FetchDescriptor<T>) throws {
        try interceptor.intercept(operation, hasPredicate: descriptor.predicate != nil, hasSort: !descriptor.sortBy.isEmpty)
    }
}

extension ConformanceEnvironment {
    /// A container whose store is the backend's, wrapped so `interceptor` sees every call.
    /// - Throws: as ``makeContainer(for:)``.
    public func makeContainer(intercepting interceptor: Interceptor, for types: [any PersistentModel.Type] = ConformanceModels.all) throws -> ModelContainer {
        func wrap<Configuration: DataStoreConfiguration>(_ inner: Configuration) -> any DataStoreConfiguration {
            InterceptingConfiguration(wrapping: inner, interceptor: interceptor)
        }
        return try makeContainer(for: types, configuration: wrap(makeConfiguration()))
    }
}
