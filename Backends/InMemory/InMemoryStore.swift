import Foundation
import StrataCore
import Synchronization

/// The reference store: keeps rows in memory and evaluates every predicate and sort in
/// Swift, so its answers define what every other backend must return.
///
/// Safe to share between contexts and threads: saves are serialized and atomic (they build
/// the next state aside and publish it at once); fetches read the last published state.
public final class InMemoryStore: DataStore, DataStoreBatching, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: InMemoryConfiguration
    public let identifier: String
    public let schema: Schema
    let tables = Mutex(InMemoryTables())

    /// Opens an empty store.
    /// Opening with a migration plan starts at the plan's version of the schema: there is no stored data to migrate.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` without a schema; ``SwiftDataError/unknownSchema``
    ///   when the plan does not list the schema.
    public init(_ configuration: InMemoryConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("InMemoryConfiguration has no schema; create the store through ModelContainer")
        }
        // A new in-memory store is empty, so it starts at the plan's version: nothing to migrate.
        if let migrationPlan { _ = try MigrationPath.version(of: schema, in: migrationPlan) }
        self.configuration = configuration
        self.schema = schema
        // Unique per opened store: two containers over one configuration are two stores, and
        // neither may mint the other's identifiers.
        self.identifier = "\(configuration.name)#\(UUID().uuidString)"
    }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let entity = try entity(for: T.self)
        let current = tables.withLock { $0 }
        let descriptor = request.descriptor
        let rows = current.ordered(entity)
        guard descriptor.predicate != nil || !descriptor.sortBy.isEmpty else {
            let window = FetchEvaluator.window(rows, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
            return DataStoreFetchResult(descriptor: descriptor, fetchedSnapshots: window)
        }
        let graph = ModelGraph(schema: schema, lookup: current.row)
        let models = rows.map { graph.model(T.self, for: $0) }
        let matching = FetchEvaluator.apply(descriptor, to: models).map { current.row($0.persistentModelID)! }
        return DataStoreFetchResult(descriptor: descriptor, fetchedSnapshots: matching)
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        let current = tables.withLock { $0 }
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        for identifier in persistentIdentifiers {
            found[identifier] = current.row(identifier)
        }
        return found
    }

    /// Removes every row; keys are not reset, so an identifier minted before never names a new row.
    public func erase() throws {
        tables.withLock { $0.rows = [:] }
    }

    /// Every feature but `.reopening` (the data lives as long as the container) and so
    /// `.schemaEvolution`, and no `.externalChanges` (no other process can reach the data), with
    /// the contract's semantics: this store is the reference.
    public static let declaredCapabilities = StoreCapabilities(features: StoreCapabilities.all.features.subtracting([.reopening, .schemaEvolution, .migrationPlans, .externalChanges]))

    public var capabilities: StoreCapabilities { Self.declaredCapabilities }

    /// Strata's in-memory store (no database), as telemetry names it.
    public var databaseSystemName: String { "strata.in_memory" }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        let matching = try fetch(DataStoreFetchRequest(descriptor: FetchDescriptor(predicate: request.predicate), editingState: request.editingState))
        let entityName = Schema.entityName(for: T.self)
        let doomed = matching.fetchedSnapshots.filter { request.includeSubclasses || $0.persistentIdentifier.entityName == entityName }
        _ = try save(DataStoreSaveChangesRequest(inserted: [], updated: [], deleted: doomed, editingState: request.editingState, history: request.history))
    }

    func entity<T: PersistentModel>(for type: T.Type) throws -> Schema.Entity {
        guard let entity = schema.entity(for: type) else {
            throw SwiftDataError.modelNotInSchema.with("\(Schema.entityName(for: type)) is not in this store's schema", entity: Schema.entityName(for: type))
        }
        return entity
    }
}
