import Foundation
import StrataCore

/// An "archival" store, like the JSON store of WWDC24's *Create a custom data store with
/// SwiftData*: every operation reads the whole JSON file, every save rewrites it atomically.
///
/// It translates no predicate and no sort: `fetch` asks the context to evaluate them in Swift
/// (``DataStoreError/preferInMemoryFilter``, ``DataStoreError/preferInMemorySort``), which is
/// right for data sets small enough to load whole. Written against StrataCore's public API
/// only, as the worked example of `docs/writing-a-backend.md`.
///
/// Safe to share between contexts and threads of one process: a lock serializes operations.
/// Two processes writing the same file are not coordinated.
public final class JSONFileStore: DataStore, DataStoreBatching, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: JSONFileConfiguration
    /// The file's own identifier, minted when the file was created.
    public let identifier: String
    public let schema: Schema
    let file: JSONStoreFile
    /// Held for the whole of every operation: read, change, write.
    let lock = NSLock()

    /// Opens the file, creating an empty store when it does not exist.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` without a schema, with a migration
    ///   plan, or when the file is not a store file; ``SwiftDataError/schemaMismatch`` when it
    ///   holds rows of an entity the schema lacks or rows the schema cannot read as they are
    ///   (``checkRows(of:)``); the file system's error.
    public init(_ configuration: JSONFileConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("JSONFileConfiguration has no schema; create the store through ModelContainer")
        }
        guard migrationPlan == nil else {
            throw SwiftDataError.unsupportedConfiguration.with("the JSON file store does not migrate; it takes no migration plan")
        }
        try configuration.validate()
        self.configuration = configuration
        self.schema = schema
        self.file = JSONStoreFile(url: configuration.url)
        if let document = try file.read() {
            self.identifier = document.storeIdentifier
            _ = try state(of: document)     // refuse a file this schema cannot read, now
            try checkRows(of: document)
        } else {
            let document = JSONStoreDocument(storeIdentifier: UUID().uuidString)
            try file.write(document)
            self.identifier = document.storeIdentifier
        }
    }

    /// The requested entity's rows in insertion order, windowed by `fetchOffset`/`fetchLimit`.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for a predicate and
    ///   ``DataStoreError/preferInMemorySort`` for sort descriptors: the context then fetches
    ///   without them (and without the window) and applies the whole descriptor itself.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let descriptor = request.descriptor
        if descriptor.predicate != nil { throw DataStoreError.preferInMemoryFilter }
        if !descriptor.sortBy.isEmpty { throw DataStoreError.preferInMemorySort }
        let entity = try entity(for: T.self)
        let rows = try lock.withLock { try load() }.rows.rows(of: entity)
        let window = FetchEvaluator.window(rows, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
        return DataStoreFetchResult(descriptor: descriptor, fetchedSnapshots: window)
    }

    /// One read of the file for any number of identifiers (the default would fetch per entity).
    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        let rows = try lock.withLock { try load() }.rows
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        for identifier in persistentIdentifiers { found[identifier] = rows[identifier] }
        return found
    }

    /// Removes every row; the file keeps its identifier and its key counter, so identifiers
    /// minted before the erase are never minted again.
    public func erase() throws {
        try lock.withLock {
            var state = try load()
            state.rows = JSONRowSet([])
            try file.write(state.document)
        }
    }

    /// Every optional feature, with the contract's semantics: `erase`, `DataStoreBatching`,
    /// concurrent saves (serialized by ``lock``), JSON keeps the sign of `-0.0`, the file
    /// reopens, and additive schema changes read as nil or the default while others are refused.
    /// Migration plans are not supported (the store refuses one), so `migration.*` cases skip;
    /// nor are history (`history.*` skip) or watching the file for other processes' writes
    /// (`.externalChanges`).
    public static let declaredCapabilities = StoreCapabilities(features: StoreCapabilities.all.features.subtracting([.migrationPlans, .history, .externalChanges]))

    public var capabilities: StoreCapabilities { Self.declaredCapabilities }

    /// Reads the file. Call with ``lock`` held.
    func load() throws -> JSONStoreState {
        guard let document = try file.read() else {
            throw SwiftDataError.unsupportedConfiguration.with("\(file.url.path) was removed while the store was open")
        }
        return try state(of: document)
    }

    /// A document's rows, each laid out as its entity's snapshots are (`DefaultSnapshot`'s
    /// decoder orders properties by name and leaves out absent ones).
    private func state(of document: JSONStoreDocument) throws -> JSONStoreState {
        let rows = try document.rows.map { row in
            guard let entity = schema.entitiesByName[row.persistentIdentifier.entityName] else {
                throw SwiftDataError.schemaMismatch.with(
                    "\(file.url.path) holds rows of \(row.persistentIdentifier.entityName), which the schema does not have",
                    entity: row.persistentIdentifier.entityName)
            }
            return row.laidOut(as: entity)
        }
        return JSONStoreState(storeIdentifier: document.storeIdentifier, nextKey: document.nextKey, rows: JSONRowSet(rows))
    }

    func entity<T: PersistentModel>(for type: T.Type) throws -> Schema.Entity {
        guard let entity = schema.entity(for: type) else {
            throw SwiftDataError.modelNotInSchema.with("\(Schema.entityName(for: type)) is not in this store's schema", entity: Schema.entityName(for: type))
        }
        return entity
    }
}
